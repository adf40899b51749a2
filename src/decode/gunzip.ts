/**
 * gzip (RFC 1952) read as a stream, member after member, without losing
 * what came before a fault. Node's `Gunzip` drops the output of its last
 * step when that step fails (a bad checksum cost the last 43 of 200,000
 * URLs; one member followed by garbage gave nothing), so the container is
 * read here and only the deflate data goes to zlib (`InflateRaw`), whose
 * output is handed on as it comes:
 *
 * - a member's header is read here; its deflate data is inflated; its
 *   trailer (CRC-32 and length) is checked here: a mismatch is noted, and
 *   the data, all of it inflated, stands;
 * - after a member: another member (`cat a.gz b.gz`), zero bytes of padding,
 *   or anything else, which is noted and not read;
 * - data cut short or damaged ends the stream where it happened, with a
 *   note; the word the fault cut into (the bytes after the last white
 *   space, up to 64 KiB of them) is not handed on, so a URL running into
 *   the fault is not reported as whole (`http://trunc.exa`).
 */
import { createInflateRaw, constants, crc32, type InflateRaw } from 'node:zlib';
import { codes } from './character-codes.js';

/** RFC 1952 §2.3.1: FLG bits. */
const flags = { text: 1, headerCrc: 2, extra: 4, name: 8, comment: 16 } as const;
/** ID1, ID2, CM (8: deflate). */
const magic = [0x1f, 0x8b, 0x08] as const;
/** The fixed part of a member header: ID1 ID2 CM FLG MTIME(4) XFL OS. */
const fixedHeader = 10;
/** CRC-32 and ISIZE. */
const trailerSize = 8;
/** A header longer than this (a file name that never ends) is damage. */
const maxHeader = 64 * 1024;
/** Input handed to zlib at once: a step of a zip bomb inflates to at most about a thousand times this. */
const inflateStep = 16 * 1024;
/** Bytes after the last white space held back, in case a fault follows; more than this go on. */
const maxHeldWord = 64 * 1024;

/** Where the reader is in the stream. */
type Phase = 'header' | 'deflate' | 'trailer' | 'between';

/** What went wrong, for a note: one sentence, with what was not read. */
export type GzipFault = string;

/** Is `code` white space that ends a word (so a URL)? */
function endsWord(code: number): boolean {
  return code === codes.space || code === codes.tab || code === codes.lineFeed || code === codes.carriageReturn || code === codes.formFeed;
}

/**
 * Output held back after the last white space: handed on when more text
 * comes or the stream ends well, dropped when a fault ends it. Nothing is
 * copied: pieces are slices of zlib's output.
 */
class WordHold {
  private held: Buffer[] = [];
  private size = 0;

  /** The pieces of `piece` (and of what was held) that can go on now. */
  pass(piece: Buffer): Buffer[] {
    let cut = piece.length;
    while (cut > 0 && !endsWord(piece[cut - 1]!)) cut--;
    if (cut === 0 && this.size + piece.length <= maxHeldWord) {
      this.held.push(piece);
      this.size += piece.length;
      return [];
    }
    if (cut === 0) cut = piece.length;
    const out = this.held;
    out.push(piece.subarray(0, cut));
    this.held = cut < piece.length ? [piece.subarray(cut)] : [];
    this.size = piece.length - cut;
    return out;
  }

  /** The stream ended well: everything held. */
  release(): Buffer[] {
    const out = this.held;
    this.held = [];
    this.size = 0;
    return out;
  }

  /** A fault ended the stream: the held word is dropped; how many bytes it had. */
  drop(): number {
    const size = this.size;
    this.held = [];
    this.size = 0;
    return size;
  }
}

/** The length of the member header at the start of `bytes`, or 0 when more bytes are needed, or -1 when it is no header. */
function headerLength(bytes: Buffer): number {
  for (let i = 0; i < magic.length && i < bytes.length; i++) if (bytes[i] !== magic[i]) return -1;
  if (bytes.length < fixedHeader) return 0;
  const flag = bytes[3]!;
  let at = fixedHeader;
  if (flag & flags.extra) {
    if (bytes.length < at + 2) return 0;
    at += 2 + bytes.readUInt16LE(at);
  }
  for (const bit of [flags.name, flags.comment]) {
    if (!(flag & bit)) continue;
    const end = bytes.indexOf(0, at);
    if (end === -1) return 0;
    at = end + 1;
  }
  if (flag & flags.headerCrc) at += 2;
  return bytes.length >= at ? at : 0;
}

/**
 * One member's deflate data through zlib, a step at a time: `write` gives
 * back what the step inflated, and how many of its bytes were left over when
 * the deflate data ended inside it (those belong to the trailer).
 */
class Inflater {
  private readonly zlib: InflateRaw = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
  private out: Buffer[] = [];
  private failure: Error | undefined;
  private fed = 0;
  crc = 0;
  size = 0;

  constructor() {
    this.zlib.on('data', (piece: Buffer) => {
      this.crc = crc32(piece, this.crc);
      this.size += piece.length;
      this.out.push(piece);
    });
    this.zlib.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  async write(bytes: Buffer): Promise<{ out: Buffer[]; left: number; error?: Error }> {
    this.fed += bytes.length;
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      this.zlib.once('error', done);
      this.zlib.write(bytes, () => {
        this.zlib.off('error', done);
        resolve();
      });
    });
    return this.take();
  }

  /** The input ended inside the deflate data: what zlib still holds. */
  async finish(): Promise<{ out: Buffer[]; left: number; error?: Error }> {
    if (this.failure === undefined) {
      await new Promise<void>((resolve) => {
        this.zlib.once('error', () => resolve());
        this.zlib.end(() => resolve());
        this.zlib.once('end', () => resolve());
      });
    }
    return this.take();
  }

  close(): void {
    this.zlib.destroy();
  }

  private take(): { out: Buffer[]; left: number; error?: Error } {
    const out = this.out;
    this.out = [];
    // zlib stops taking input where the deflate data ends
    const left = this.fed - this.zlib.bytesWritten;
    return this.failure === undefined ? { out, left } : { out, left, error: this.failure };
  }
}

/**
 * The decompressed bytes of `chunks` (one gzip member or several, one after
 * the other, as `cat a.gz b.gz` makes). A fault (data cut short or damaged,
 * a bad checksum, what follows the data not gzip) goes to `onFault`, once,
 * in a sentence saying what was and was not read; what came before stands.
 */
export async function* gunzipChunks(chunks: AsyncIterable<Uint8Array>, onFault: (fault: GzipFault) => void): AsyncIterable<Uint8Array> {
  const hold = new WordHold();
  let phase: Phase = 'header';
  let pending: Buffer = Buffer.alloc(0);
  let inflater: Inflater | undefined;
  let members = 0;
  /** Set when reading stops: a fault, or what follows is not read. */
  let stopped = false;
  const fault = (reason: string, cut: boolean): void => {
    stopped = true;
    const dropped = cut ? hold.drop() : 0;
    onFault(dropped > 0 ? `${reason}: read up to there; the last ${dropped} bytes, a word the fault cut, are not read` : `${reason}: read up to there`);
  };
  try {
    for await (const chunk of chunks) {
      pending = pending.length === 0 ? asBuffer(chunk) : Buffer.concat([pending, chunk]);
      while (!stopped && pending.length > 0) {
        if (phase === 'between') {
          if (pending.every((byte) => byte === 0)) {
            // zero bytes after a member: padding, as gzip itself allows
            pending = Buffer.alloc(0);
            break;
          }
          phase = 'header';
        }
        if (phase === 'header') {
          const length = headerLength(pending);
          if (length === -1) {
            if (members === 0) fault('no gzip header', false);
            else {
              stopped = true;
              onFault('what follows the gzip data is no gzip: not read');
            }
            break;
          }
          if (length === 0) {
            if (pending.length > maxHeader) fault('gzip header damaged (it does not end)', false);
            break;
          }
          pending = pending.subarray(length);
          inflater = new Inflater();
          phase = 'deflate';
          continue;
        }
        if (phase === 'deflate') {
          const step = pending.subarray(0, inflateStep);
          pending = pending.subarray(step.length);
          const { out, left, error } = await (inflater as Inflater).write(step);
          for (const piece of out) yield* hold.pass(piece);
          if (error !== undefined) {
            fault(`gzip data damaged (${error.message})`, true);
            break;
          }
          if (left > 0) {
            // the deflate data ended inside this step: the rest is the trailer and what follows
            pending = pending.length === 0 ? step.subarray(step.length - left) : Buffer.concat([step.subarray(step.length - left), pending]);
            phase = 'trailer';
          }
          continue;
        }
        // the trailer: CRC-32 and length of the member's data, each little-endian
        if (pending.length < trailerSize) break;
        const member = inflater as Inflater;
        inflater = undefined;
        member.close();
        members++;
        if (pending.readUInt32LE(0) !== member.crc >>> 0 || pending.readUInt32LE(4) !== member.size % 2 ** 32) {
          onFault('gzip checksum does not match the data (damaged?): read whole, as it inflated');
        }
        pending = pending.subarray(trailerSize);
        phase = 'between';
      }
      if (stopped) break;
    }
    if (!stopped) {
      if (phase === 'deflate') {
        const { out, error } = await (inflater as Inflater).finish();
        for (const piece of out) yield* hold.pass(piece);
        fault(error === undefined ? 'gzip data cut short' : `gzip data damaged (${error.message})`, true);
      } else if (phase === 'trailer') {
        onFault('gzip data cut short before its checksum: read whole, as it inflated');
      } else if (phase === 'header' && (members === 0 || pending.length > 0)) {
        fault('gzip data cut short in a header', false);
      }
    }
    // what was held back of data that ended well (a fault that cut a word has dropped it)
    yield* hold.release();
  } finally {
    inflater?.close();
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
