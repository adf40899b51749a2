/**
 * Streaming split of an mbox (or a single message) into messages, with each
 * message's byte offset and first line in the file. Memory follows the
 * largest message: bytes are kept only until their message ends, and a
 * message over the size limit is handed on in chunks as it arrives.
 *
 * mbox rules (RFC 4155): a message starts at a `From ` line that begins
 * the file (after a byte order mark, if any); or that follows a line that
 * ends a message (a blank line, or a closing MIME delimiter `--b--`) and is
 * a postmark (`From sender Www Mmm dd hh:mm:ss yyyy`); or that is followed
 * by a header field, wherever it is (mboxo and mboxrd escape every `From `
 * at the start of a body line, so one left bare starts a message: MimeKit's
 * mboxes of `From - ` lines without blank lines between). Any other
 * `From ` line is an unescaped `From ` in a body: kept as text, with a note. A
 * file that starts with a message's headers (no postmark) is one message,
 * unless a postmark follows the end of a message (a blank line or a closing
 * delimiter) and a header field follows the postmark: from there on the file
 * is read as an mbox. mboxrd: `>From `,
 * `>>From `, … lose one `>`; the lines where that happened are kept so
 * positions still point into the file.
 */
import { codes } from '../../decode/character-codes.js';
import { byteOrderMarkLength } from '../../decode/byte-order-mark.js';
import { countAtOrBelow } from '../../source-map/search.js';
import { isHeaderLine, isPostmark, startsWithFrom, testedPrefix } from './postmark.js';


/** A whole message. */
export interface SplitMessage {
  type: 'message';
  /** 0-based index in the file (or maildir). */
  index: number;
  bytes: Buffer;
  /** Byte offset of the message's first byte in the file. */
  fileOffset: number;
  /** 1-based line of the message's first line in the file. */
  fileLine: number;
  /** Message-relative 0-based lines that lost a `>` (mboxrd), ascending. */
  unescapedLines: number[];
  /** Message-relative byte offsets of those lines' starts (after un-escaping), ascending. */
  unescapedOffsets: number[];
  /** Where bodies were let go (a message over the limit): `bytes` holds the rest. */
  holes?: Holes;
}

/**
 * The bodies let go of a message over the limit, in order: before byte
 * `at[i]` of what is kept, `bytes[i]` bytes and `lines[i]` lines were let go
 * in all (counts from the message's start).
 */
export interface Holes {
  at: number[];
  bytes: number[];
  lines: number[];
}

function emptyHoles(): Holes {
  return { at: [], bytes: [], lines: [] };
}

/** Which lines of a message over the limit are kept (`mime-pruner.ts`). */
export interface Pruner {
  keep(bytes: Buffer, start: number, end: number): boolean;
}

/** A piece of a message whose text is over the size limit, to be scanned as plain text. */
export interface OversizedChunk {
  type: 'oversized';
  index: number;
  /** Byte offset in the file of the chunk's first byte (chunks are contiguous unless bodies were let go between them). */
  fileOffset: number;
  /** 1-based line in the file of the chunk's first byte. */
  fileLine: number;
  bytes: Buffer;
  /** True on the first chunk of the message. */
  first: boolean;
  /** True on the last chunk of the message. */
  last: boolean;
}

/** A problem met while splitting. */
export interface SplitNote {
  type: 'note';
  index: number;
  code: 'from-line-in-body';
  message: string;
}

export type SplitEvent = SplitMessage | OversizedChunk | SplitNote;

export interface SplitOptions {
  /** `mbox`: split on `From ` lines; `single`: the whole input is one message. */
  mode: 'mbox' | 'single';
  /**
   * Over this many bytes, a message's attachments are let go as they come
   * (with `pruner`); if what is left is still over it, the message is passed
   * on in chunks.
   */
  maxMessageSize: number;
  /** Makes what decides which lines of a message over the limit are kept. Without it, such a message is passed on in chunks. */
  pruner?: () => Pruner;
  /** Index of the first message. @default 0 */
  firstIndex?: number;
}

const { lineFeed, carriageReturn, greaterThan, uppercaseF, dash, space, tab } = codes;

/** How much of an oversized message is gathered before it is passed on. */
const oversizedChunkSize = 64 * 1024;

function isBlank(buffer: Buffer, start: number, end: number): boolean {
  const length = end - start;
  return (length === 1 && buffer[start] === lineFeed) || (length === 2 && buffer[start] === carriageReturn && buffer[start + 1] === lineFeed);
}

/** The shortest closing delimiter: `--`, a boundary of one character, `--`. */
const shortestClosingDelimiter = 5;

/** A closing MIME delimiter line, `--boundary--`: the end of a message's body. */
function isClosingDelimiter(buffer: Buffer, start: number, end: number): boolean {
  let last = end;
  while (last > start && (buffer[last - 1] === lineFeed || buffer[last - 1] === carriageReturn || buffer[last - 1] === space || buffer[last - 1] === tab)) last--;
  return last - start >= shortestClosingDelimiter && buffer[start] === dash && buffer[start + 1] === dash && buffer[last - 1] === dash && buffer[last - 2] === dash;
}

function prefixText(buffer: Buffer, start: number, end: number): string {
  return buffer.toString('latin1', start, Math.min(end, start + testedPrefix));
}

/** From this size on, a message's bytes are copied into one buffer as they come. */
const gatherFrom = 1024 * 1024;

/**
 * The bytes of a message as slices of the chunks they arrived in: a slice
 * grows while lines follow each other in one chunk, so no object is made
 * per line, and the bytes are copied once, when the message is complete. A
 * big message is copied as it comes into one buffer as large as it may grow
 * (`capacity`: pages never written are never resident), so its chunks are
 * not held beside their copy.
 */
class Slices {
  private readonly buffers: Buffer[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private gathered: Buffer | undefined;
  size = 0;

  constructor(private readonly capacity: number) {}

  add(buffer: Buffer, start: number, end: number): void {
    if (this.gathered !== undefined) {
      if (this.size + end - start > this.gathered.length) this.gathered = this.grown(this.gathered, this.size + end - start);
      this.size += buffer.copy(this.gathered, this.size, start, end);
      return;
    }
    const last = this.buffers.length - 1;
    if (last >= 0 && this.buffers[last] === buffer && this.ends[last] === start) this.ends[last] = end;
    else {
      this.buffers.push(buffer);
      this.starts.push(start);
      this.ends.push(end);
    }
    this.size += end - start;
    if (this.size >= gatherFrom) {
      const size = this.size;
      this.gathered = this.copied(Buffer.allocUnsafe(Math.max(this.capacity, size)));
      this.size = size;
    }
  }

  /**
   * The bytes gathered so far, in one buffer; the slices are emptied. Bytes
   * that came in one slice (most messages of an mbox lie within a chunk) are
   * that slice of their chunk, not a copy: chunks are never written to.
   */
  take(): Buffer {
    if (this.gathered !== undefined) {
      const out = this.gathered.subarray(0, this.size);
      this.gathered = undefined;
      this.size = 0;
      return out;
    }
    if (this.buffers.length === 1) {
      const out = this.buffers[0]!.subarray(this.starts[0], this.ends[0]);
      this.clear();
      return out;
    }
    return this.copied(Buffer.allocUnsafe(this.size));
  }

  /** Copy the slices into `out` and forget them. */
  private copied(out: Buffer): Buffer {
    let at = 0;
    for (let i = 0; i < this.buffers.length; i++) at += this.buffers[i]!.copy(out, at, this.starts[i], this.ends[i]);
    this.clear();
    return out;
  }

  private clear(): void {
    this.buffers.length = 0;
    this.starts.length = 0;
    this.ends.length = 0;
    this.size = 0;
  }

  private grown(old: Buffer, needed: number): Buffer {
    const next = Buffer.allocUnsafe(Math.max(needed, old.length * 2));
    old.copy(next, 0, 0, this.size);
    return next;
  }
}

/** A `From ` line waiting for the next line to tell what it is. */
interface PendingFrom {
  buffer: Buffer;
  start: number;
  end: number;
  offset: number;
  lineNumber: number;
}

/** Split `source` (chunks of bytes) into messages. */
export async function* splitMbox(source: AsyncIterable<Uint8Array>, options: SplitOptions): AsyncGenerator<SplitEvent> {
  // a single message read on as an mbox once a postmark and a header field follow its end
  let mbox = options.mode === 'mbox';
  const limit = options.maxMessageSize;
  let index = (options.firstIndex ?? 0) - 1;

  // Position of the next line in the file.
  let fileOffset = 0;
  let fileLine = 1;
  // the line before ends a message (blank, or a closing MIME delimiter)
  let previousEnds = true;
  let firstLine = true;

  // The message being gathered.
  let started = false;
  let messageOffset = 0;
  let messageLine = 1;
  // a message grows to the limit, plus the line that passes it (long lines come in pieces of at most a chunk)
  const slices = new Slices(limit + 2 * oversizedChunkSize);
  let lineCount = 0;
  /** Bytes of the message so far, kept or let go (mboxrd `>` removed). */
  let messageSize = 0;
  let unescapedLines: number[] = [];
  let unescapedOffsets: number[] = [];
  let oversized = false;
  let sentOversized = false;
  /** Set once the message passed the limit: its attachments' bodies are let go. */
  let pruner: Pruner | undefined;
  /** Is the line whose pieces are added kept? */
  let keeping = true;
  let holes: Holes = emptyHoles();
  /** Where the bytes gathered for the next oversized chunk start in the file. */
  let chunkOffset = 0;
  let chunkLine = 1;

  let pending: PendingFrom | undefined;

  const out: SplitEvent[] = [];

  const begin = (offset: number, line: number): void => {
    index++;
    started = true;
    messageOffset = offset;
    messageLine = line;
    // the slices are empty here: `finish` took the last message's
    lineCount = 0;
    messageSize = 0;
    unescapedLines = [];
    unescapedOffsets = [];
    oversized = false;
    sentOversized = false;
    pruner = undefined;
    keeping = true;
    holes = emptyHoles();
  };

  const flushOversized = (last: boolean): void => {
    if (!last && slices.size < oversizedChunkSize) return;
    out.push({
      type: 'oversized',
      index,
      fileOffset: chunkOffset,
      fileLine: chunkLine,
      bytes: slices.take(),
      first: !sentOversized,
      last,
    });
    sentOversized = true;
  };

  const finish = (): void => {
    if (!started) return;
    if (oversized) flushOversized(true);
    else {
      const message: SplitMessage = {
        type: 'message',
        index,
        bytes: slices.take(),
        fileOffset: messageOffset,
        fileLine: messageLine,
        unescapedLines,
        unescapedOffsets,
      };
      if (holes.at.length > 0) message.holes = holes;
      out.push(message);
    }
    started = false;
  };

  /** Bytes `[start, end)` of a line are let go: the hole they leave is counted. */
  const letGo = (buffer: Buffer, start: number, end: number, kept = slices.size): void => {
    const lines = end > start && buffer[end - 1] === lineFeed ? 1 : 0;
    if (oversized) {
      // an oversized chunk is one piece of the file: the one a hole cuts goes on as it is
      if (slices.size > 0) {
        out.push({ type: 'oversized', index, fileOffset: chunkOffset, fileLine: chunkLine, bytes: slices.take(), first: !sentOversized, last: false });
        sentOversized = true;
      }
      return;
    }
    const last = holes.at.length - 1;
    if (last >= 0 && holes.at[last] === kept) {
      holes.bytes[last] = (holes.bytes[last] as number) + end - start;
      holes.lines[last] = (holes.lines[last] as number) + lines;
    } else {
      holes.at.push(kept);
      holes.bytes.push((last >= 0 ? (holes.bytes[last] as number) : 0) + end - start);
      holes.lines.push((last >= 0 ? (holes.lines[last] as number) : 0) + lines);
    }
  };

  /** Keep bytes `[start, end)`, at `offset` and `line` in the file. */
  const keep = (buffer: Buffer, start: number, end: number, offset: number, line: number): void => {
    if (oversized && slices.size === 0) {
      chunkOffset = offset;
      chunkLine = line;
    }
    slices.add(buffer, start, end);
  };

  /**
   * The message passed the limit: from its first line, the bodies of its
   * parts that are no text are let go. Should what is kept still pass the
   * limit (its text is that big), it is scanned as plain text from there.
   */
  const prune = (): void => {
    pruner = options.pruner?.();
    if (pruner === undefined) {
      startOversized();
      return;
    }
    // what is kept of the message so far, as ranges of it: copied only if it fits the limit
    const held = slices.take();
    const ranges: number[] = [];
    let kept = 0;
    for (let at = 0; at < held.length; ) {
      const lf = held.indexOf(lineFeed, at);
      const lineEnd = lf === -1 ? held.length : lf + 1;
      keeping = pruner.keep(held, at, lineEnd);
      if (keeping) {
        if (ranges.length > 0 && ranges[ranges.length - 1] === at) ranges[ranges.length - 1] = lineEnd;
        else ranges.push(at, lineEnd);
        kept += lineEnd - at;
      } else letGo(held, at, lineEnd, kept);
      at = lineEnd;
    }
    if (kept <= limit) {
      for (let i = 0; i < ranges.length; i += 2) slices.add(held, ranges[i] as number, ranges[i + 1] as number);
      return;
    }
    // its text alone passes the limit: scanned as plain text, each range a chunk, straight from the message's bytes
    oversized = true;
    holes = emptyHoles();
    let lines = 0;
    let counted = 0;
    for (let i = 0; i < ranges.length; i += 2) {
      const from = ranges[i] as number;
      const to = ranges[i + 1] as number;
      for (let lf = held.indexOf(lineFeed, counted); lf !== -1 && lf < from; lf = held.indexOf(lineFeed, lf + 1)) lines++;
      counted = from;
      const piece = held.subarray(from, to);
      out.push({ type: 'oversized', index, fileOffset: messageOffset + from + countAtOrBelow(unescapedOffsets, from), fileLine: messageLine + lines, bytes: piece, first: !sentOversized, last: false });
      sentOversized = true;
    }
  };

  /** Scan the message as plain text from here: what is kept goes on in chunks, each one piece of the file. */
  const startOversized = (): void => {
    oversized = true;
    const kept = slices.take();
    let from = 0;
    let lines = 0;
    for (let hole = 0; hole <= holes.at.length; hole++) {
      const to = hole < holes.at.length ? (holes.at[hole] as number) : kept.length;
      if (to > from) {
        const removedBytes = hole > 0 ? (holes.bytes[hole - 1] as number) : 0;
        const removedLines = hole > 0 ? (holes.lines[hole - 1] as number) : 0;
        const inMessage = from + removedBytes;
        chunkOffset = messageOffset + inMessage + countAtOrBelow(unescapedOffsets, inMessage);
        chunkLine = messageLine + lines + removedLines;
        const piece = kept.subarray(from, to);
        out.push({ type: 'oversized', index, fileOffset: chunkOffset, fileLine: chunkLine, bytes: piece, first: !sentOversized, last: false });
        sentOversized = true;
        for (let lf = piece.indexOf(lineFeed); lf !== -1; lf = piece.indexOf(lineFeed, lf + 1)) lines++;
      }
      from = to;
    }
    holes = emptyHoles();
  };

  /** Add a body line (or part of a very long one) to the message. */
  // rule: mboxrd-unescape
  const add = (buffer: Buffer, start: number, end: number, lineStart: boolean): void => {
    if (!started) begin(fileOffset, fileLine);
    let offset = fileOffset;
    if (mbox && lineStart && !oversized && buffer[start] === greaterThan) {
      let i = start;
      while (i < end && buffer[i] === greaterThan) i++;
      if (startsWithFrom(buffer, i, end)) {
        start++;
        offset++;
        unescapedLines.push(lineCount);
        unescapedOffsets.push(messageSize);
      }
    }
    messageSize += end - start;
    if (pruner !== undefined && lineStart) keeping = pruner.keep(buffer, start, end);
    if (keeping) keep(buffer, start, end, offset, fileLine);
    else letGo(buffer, start, end);
    if (end > start && buffer[end - 1] === lineFeed) lineCount++;
    if (!oversized && slices.size > limit) {
      if (pruner === undefined) prune();
      else startOversized();
    }
    if (oversized) flushOversized(false);
  };

  const separator = (length: number, offset: number, lineNumber: number): void => {
    finish();
    begin(offset + length, lineNumber + 1);
  };

  const inBody = (): void => {
    const message = mbox ? 'a "From " line in a body was not escaped; read as text' : 'a postmark line in the body starts no message (no header field follows it): read as text';
    out.push({ type: 'note', index, code: 'from-line-in-body', message });
  };

  /** Handle one complete line (or the start of a long one: `complete` false). */
  // rule: mbox-message-start
  const onLine = (buffer: Buffer, start: number, end: number, complete: boolean, lineStart: boolean): void => {
    const offset = fileOffset;
    const lineNumber = fileLine;
    if (pending) {
      const waiting = pending;
      pending = undefined;
      if (isHeaderLine(prefixText(buffer, start, end))) {
        separator(waiting.end - waiting.start, waiting.offset, waiting.lineNumber);
        mbox = true;
      } else {
        fileOffset = waiting.offset;
        fileLine = waiting.lineNumber;
        add(waiting.buffer, waiting.start, waiting.end, true);
        inBody();
        fileOffset = offset;
        fileLine = lineNumber;
      }
    }
    const first = buffer[start];
    const fromLine = first === uppercaseF && lineStart && complete && startsWithFrom(buffer, start, end);
    if (mbox && fromLine) {
      if (firstLine) separator(end - start, offset, lineNumber);
      else {
        if (previousEnds && isPostmark(prefixText(buffer, start, end))) separator(end - start, offset, lineNumber);
        else pending = { buffer, start, end, offset, lineNumber };
      }
    } else if (fromLine && previousEnds && !firstLine && isPostmark(prefixText(buffer, start, end))) {
      // A single message (no postmark first) may be followed by an mbox's
      // messages: a postmark after the end of a message starts one when a
      // header field follows it (as a maildir file holding a bounce after it does).
      pending = { buffer, start, end, offset, lineNumber };
    } else {
      add(buffer, start, end, lineStart);
    }
    firstLine = false;
    previousEnds =
      complete &&
      lineStart &&
      ((first === lineFeed || first === carriageReturn) ? isBlank(buffer, start, end) : first === dash && isClosingDelimiter(buffer, start, end));
    fileOffset += end - start;
    if (complete) fileLine++;
  };

  // Bytes of an unfinished line, across chunks.
  let carry: Buffer[] = [];
  let carrySize = 0;
  // The unfinished line was already passed on in part (it was very long).
  let carryStarted = false;

  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    if (firstLine && fileOffset === 0 && carrySize === 0) {
      // a byte order mark is no part of the first message; positions count it
      at = byteOrderMarkLength(buffer);
      fileOffset = at;
    }
    while (at < buffer.length) {
      const lf = buffer.indexOf(lineFeed, at);
      if (lf === -1) {
        carry.push(buffer.subarray(at));
        carrySize += buffer.length - at;
        // A very long line cannot be a separator: pass its start on.
        if (carrySize > oversizedChunkSize) {
          const line = Buffer.concat(carry, carrySize);
          onLine(line, 0, line.length, false, !carryStarted);
          carryStarted = true;
          carry = [];
          carrySize = 0;
        }
        break;
      }
      if (carrySize > 0) {
        carry.push(buffer.subarray(at, lf + 1));
        const line = Buffer.concat(carry, carrySize + lf + 1 - at);
        carry = [];
        carrySize = 0;
        onLine(line, 0, line.length, true, !carryStarted);
      } else {
        onLine(buffer, at, lf + 1, true, !carryStarted);
      }
      carryStarted = false;
      at = lf + 1;
    }
    yield* out;
    out.length = 0;
  }
  if (carrySize > 0) {
    const line = Buffer.concat(carry, carrySize);
    onLine(line, 0, line.length, true, !carryStarted);
  }
  if (pending) {
    const waiting = pending;
    pending = undefined;
    fileOffset = waiting.offset;
    fileLine = waiting.lineNumber;
    add(waiting.buffer, waiting.start, waiting.end, true);
    inBody();
  }
  finish();
  yield* out;
}
