/**
 * Streaming split of an mbox (or a single message) into messages, with each
 * message's byte offset and first line in the file. Memory follows the
 * largest message: bytes are kept only until their message ends, and a
 * message over the size limit is handed on in chunks as it arrives.
 *
 * mbox rules (RFC 4155): a message starts after a `From ` line that begins
 * the file or follows a blank line. A `From ` line that looks like neither a
 * postmark (`From sender Www Mmm dd hh:mm:ss yyyy`) nor is followed by a
 * header field is an unescaped `From ` in a body: kept as text, with a note.
 * mboxrd: `>From `, `>>From `, … lose one `>`; the lines where that
 * happened are kept so positions still point into the file.
 */

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
}

/** A piece of a message over the size limit, to be scanned as plain text. */
export interface OversizedChunk {
  type: 'oversized';
  index: number;
  fileOffset: number;
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
  /** Messages over this many bytes are passed on in chunks. */
  maxMessageSize: number;
  /** Index of the first message. @default 0 */
  firstIndex?: number;
}

const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const greaterThan = 0x3e;
const from = Buffer.from('From ', 'latin1');

/** How much of an oversized message is gathered before it is passed on. */
const oversizedChunkSize = 64 * 1024;

/** asctime-like date after the sender, as mbox postmarks have. */
const postmark = /^From \S+\s+.*\b\d{1,2}:\d{2}/;
/** A header field line. */
const headerLine = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

function isBlank(line: Buffer): boolean {
  return (line.length === 1 && line[0] === lineFeed) || (line.length === 2 && line[0] === carriageReturn && line[1] === lineFeed);
}

function startsWithFrom(line: Buffer, at = 0): boolean {
  return line.length >= at + from.length && line.subarray(at, at + from.length).equals(from);
}

/** Split `source` (chunks of bytes) into messages. */
export async function* splitMbox(source: AsyncIterable<Uint8Array>, options: SplitOptions): AsyncGenerator<SplitEvent> {
  const mbox = options.mode === 'mbox';
  const limit = options.maxMessageSize;
  let index = (options.firstIndex ?? 0) - 1;

  // Position of the next line in the file.
  let fileOffset = 0;
  let fileLine = 1;
  let previousBlank = true;

  // The message being gathered.
  let started = false;
  let messageOffset = 0;
  let messageLine = 1;
  let lines: Buffer[] = [];
  let size = 0;
  let lineCount = 0;
  let unescapedLines: number[] = [];
  let unescapedOffsets: number[] = [];
  let oversized = false;
  let sentOversized = false;

  // A `From ` line waiting for the next line to tell what it is.
  let pending: { line: Buffer; offset: number; lineNumber: number } | undefined;

  const out: SplitEvent[] = [];

  const begin = (offset: number, line: number): void => {
    index++;
    started = true;
    messageOffset = offset;
    messageLine = line;
    lines = [];
    size = 0;
    lineCount = 0;
    unescapedLines = [];
    unescapedOffsets = [];
    oversized = false;
    sentOversized = false;
  };

  const flushOversized = (last: boolean): void => {
    if (!last && size < oversizedChunkSize) return;
    out.push({
      type: 'oversized',
      index,
      fileOffset: messageOffset,
      fileLine: messageLine,
      bytes: Buffer.concat(lines, size),
      first: !sentOversized,
      last,
    });
    sentOversized = true;
    lines = [];
    size = 0;
  };

  const finish = (): void => {
    if (!started) return;
    if (oversized) flushOversized(true);
    else {
      out.push({
        type: 'message',
        index,
        bytes: Buffer.concat(lines, size),
        fileOffset: messageOffset,
        fileLine: messageLine,
        unescapedLines,
        unescapedOffsets,
      });
    }
    started = false;
    lines = [];
    size = 0;
  };

  /** Add a body line (or part of a very long one) to the message. */
  const add = (line: Buffer, lineStart: boolean): void => {
    if (!started) begin(fileOffset, fileLine);
    let bytes = line;
    if (mbox && lineStart && !oversized && bytes[0] === greaterThan) {
      let i = 0;
      while (bytes[i] === greaterThan) i++;
      if (startsWithFrom(bytes, i)) {
        bytes = bytes.subarray(1);
        unescapedLines.push(lineCount);
        unescapedOffsets.push(size);
      }
    }
    lines.push(bytes);
    size += bytes.length;
    if (bytes.length > 0 && bytes[bytes.length - 1] === lineFeed) lineCount++;
    if (!oversized && size > limit) oversized = true;
    if (oversized) flushOversized(false);
  };

  const separator = (line: Buffer, offset: number, lineNumber: number): void => {
    finish();
    begin(offset + line.length, lineNumber + 1);
  };

  /** Handle one complete line (or the start of a long one: `complete` false). */
  const onLine = (line: Buffer, complete: boolean, lineStart: boolean): void => {
    const offset = fileOffset;
    const lineNumber = fileLine;
    if (pending) {
      const waiting = pending;
      pending = undefined;
      if (headerLine.test(line.toString('latin1', 0, Math.min(line.length, 200)))) {
        separator(waiting.line, waiting.offset, waiting.lineNumber);
      } else {
        fileOffset = waiting.offset;
        fileLine = waiting.lineNumber;
        add(waiting.line, true);
        out.push({ type: 'note', index, code: 'from-line-in-body', message: 'a "From " line in a body was not escaped; read as text' });
        fileOffset = offset;
        fileLine = lineNumber;
      }
    }
    if (mbox && lineStart && complete && (previousBlank || offset === 0) && startsWithFrom(line)) {
      if (offset === 0 || postmark.test(line.toString('latin1', 0, Math.min(line.length, 200)))) {
        separator(line, offset, lineNumber);
      } else {
        pending = { line, offset, lineNumber };
      }
    } else {
      add(line, lineStart);
    }
    previousBlank = complete && lineStart && isBlank(line);
    fileOffset += line.length;
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
    while (at < buffer.length) {
      const lf = buffer.indexOf(lineFeed, at);
      if (lf === -1) {
        carry.push(buffer.subarray(at));
        carrySize += buffer.length - at;
        // A very long line cannot be a separator: pass its start on.
        if (carrySize > oversizedChunkSize) {
          onLine(Buffer.concat(carry, carrySize), false, !carryStarted);
          carryStarted = true;
          carry = [];
          carrySize = 0;
        }
        break;
      }
      let line = buffer.subarray(at, lf + 1);
      if (carrySize > 0) {
        carry.push(line);
        line = Buffer.concat(carry, carrySize + line.length);
        carry = [];
        carrySize = 0;
      }
      onLine(line, true, !carryStarted);
      carryStarted = false;
      at = lf + 1;
    }
    yield* out;
    out.length = 0;
  }
  if (carrySize > 0) onLine(Buffer.concat(carry, carrySize), true, !carryStarted);
  if (pending) {
    const waiting = pending;
    pending = undefined;
    fileOffset = waiting.offset;
    fileLine = waiting.lineNumber;
    add(waiting.line, true);
  }
  finish();
  yield* out;
}
