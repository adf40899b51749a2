/**
 * Quoted-printable bodies, decoded here line by line exactly as libqp
 * decodes a line (libqp itself reads the rare line holding a CR that does
 * not end it), straight from the bytes into the bookkeeping of where each
 * decoded unit came from: physical lines are decoded one at a time (every QP
 * rule is local to a line), soft breaks join them into hard lines, and the
 * hard line is charset-decoded; columns count source characters (`=3D` is
 * 3). A body is decoded piece by piece, so what is held follows a piece,
 * not the part.
 */
import libqp from 'libqp';
import { asciiTransparent, type Charset } from '../../decode/charset.js';
import { SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';
import { lineEnd, PlainLines, streamed, type ByteRange, type DecodedBody } from './body-text.js';
import { HardLine } from './hard-line.js';

const { lineFeed, equalsSign, carriageReturn, space, tab } = codes;

function isHex(code: number | undefined): boolean {
  return (
    code !== undefined &&
    ((code >= codes.digit0 && code <= codes.digit9) ||
      (code >= codes.uppercaseA && code <= codes.uppercaseF) ||
      (code >= codes.lowercaseA && code <= codes.lowercaseF))
  );
}

/** An uppercase hexadecimal digit, as RFC 2045 §6.7 writes them in an escape. */
function isUpperHex(code: number | undefined): boolean {
  return code !== undefined && ((code >= codes.digit0 && code <= codes.digit9) || (code >= codes.uppercaseA && code <= codes.uppercaseF));
}

/**
 * Is a body declared 7bit or 8bit in fact written in quoted-printable (as
 * spam and some broken mailers send HTML: `href=3D"…"`, lines cut with
 * `=`)? Every `=` in it must be an escape of two uppercase hexadecimal
 * digits or a soft line break, and it must hold `=3D` (an escaped `=`,
 * which only quoted-printable writes), or a soft line break and an escape
 * only quoted-printable needs: a byte beyond ASCII, or a space or tab
 * (`=20`, `=09`). An escaped letter or digit proves nothing: a PGP
 * signature's checksum line (`=4Clx`) after base64 lines padded with `=`
 * is no quoted-printable. One search for `=`; the first `=` that is neither
 * ends it (an HTML attribute's `="` does at once).
 */
// rule: undeclared-quoted-printable
export function looksQuotedPrintable(bytes: Buffer, start: number, end: number): boolean {
  let telling = 0;
  let escapedEquals = 0;
  let softBreaks = 0;
  for (let at = bytes.indexOf(equalsSign, start); at !== -1 && at < end; at = bytes.indexOf(equalsSign, at + 1)) {
    if (at + 2 < end && isUpperHex(bytes[at + 1]) && isUpperHex(bytes[at + 2])) {
      const value = escapedByte(bytes, at);
      if (value === equalsSign) escapedEquals++;
      else if (value >= codes.asciiEnd || value === space || value === tab) telling++;
      continue;
    }
    let i = at + 1;
    while (i < end && (bytes[i] === space || bytes[i] === tab)) i++;
    if (i < end && bytes[i] !== lineFeed && !(bytes[i] === carriageReturn && bytes[i + 1] === lineFeed)) return false;
    softBreaks++;
  }
  return escapedEquals > 0 || (softBreaks > 0 && telling > 0);
}

/** From `at`, past spaces and tabs that end the line (before CR or LF). */
function skipPadding(bytes: Buffer, at: number, end: number): number {
  let i = at;
  while (i < end && (bytes[i] === space || bytes[i] === tab)) i++;
  return i < end && (bytes[i] === carriageReturn || bytes[i] === lineFeed) ? i : at;
}

/** A line of quoted-printable that decodes to itself: no `=`, no 8-bit byte, no space or tab before its end. */
function isPlainQuotedPrintableLine(bytes: Buffer, start: number, end: number): boolean {
  let last = end;
  if (last > start && bytes[last - 1] === lineFeed) last--;
  if (last > start && bytes[last - 1] === carriageReturn) last--;
  if (last > start && (bytes[last - 1] === space || bytes[last - 1] === tab)) return false;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === equalsSign || byte >= codes.asciiEnd) return false;
  }
  return true;
}

export function* decodeQuotedPrintable(range: ByteRange, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const state: QuotedPrintableState = {
    text: new SourceMap(streamed),
    hard: HardLine.acquire(),
    problems: [],
    transparent: asciiTransparent(charset.encoding),
    start: range.start,
    line: range.line,
  };
  try {
    const body: DecodedBody = { text: state.text, partPositions: false, problems: state.problems };
    while (decodeQuotedPrintableLines(range, charset, state, pieceBytes)) yield body;
    state.hard.flush(state.text, charset.encoding);
    yield body;
  } finally {
    HardLine.giveBack(state.hard);
  }
}

/** Where a quoted-printable body decoded in pieces is. */
interface QuotedPrintableState {
  text: SourceMap;
  hard: HardLine;
  problems: DecodedBody['problems'];
  transparent: boolean;
  /** The next line to decode: its offset and 0-based line index. */
  start: number;
  line: number;
}

/**
 * Decode lines from `state.start` until `pieceBytes` of source are read and
 * a line starts where no decoded line is pending (then true: more to come),
 * or to the end of the body (false). A plain loop, out of the generator, for speed.
 */
export function decodeQuotedPrintableLines(range: ByteRange, charset: Charset, state: QuotedPrintableState, pieceBytes: number): boolean {
  const { text, hard, problems, transparent } = state;
  const pieceStart = state.start;
  const plain = new PlainLines(text, range.bytes);
  for (let start = state.start, end = 0, line = state.line; start < range.end; start = end, line++) {
    if (hard.empty && start - pieceStart >= pieceBytes) {
      plain.upTo(start);
      state.start = start;
      state.line = line;
      return true;
    }
    end = lineEnd(range, start);
    const column0 = start === range.start ? range.column : 1;
    // Faster still, and no garbage: a plain line (no `=`, no 8-bit byte, no
    // padding before its end) decodes to itself.
    if (transparent && hard.empty && isPlainQuotedPrintableLine(range.bytes, start, end)) {
      plain.add(start, line, column0);
      continue;
    }
    plain.upTo(start);
    const lastByte = decodeQuotedPrintableLine(range.bytes, start, end, line, column0, transparent, text, hard);
    if (lastByte !== undefined) {
      // A hard line ends here; so may a soft one, where no multi-byte sequence can be open.
      if (lastByte === lineFeed || (transparent && lastByte !== -1 && lastByte < codes.asciiEnd)) hard.flush(text, charset.encoding);
      continue;
    }
    // A line holding a CR that does not end it (only inside an encoded message/rfc822): the library's own reading.
    const decoded = libqp.decode(range.bytes.toString('latin1', start, end));
    // Walk the source beside the library's output: `=XX` made one byte, any
    // other character one byte; what is left over (a soft break, trailing
    // white space) made none.
    let at = start;
    let exact = true;
    for (let k = 0; k < decoded.length; k++) {
      // White space before a line break is transport padding: the library drops it.
      if (decoded[k] === carriageReturn || decoded[k] === lineFeed) at = skipPadding(range.bytes, at, end);
      const code = range.bytes[at];
      let span = 1;
      if (code === equalsSign && isHex(range.bytes[at + 1]) && isHex(range.bytes[at + 2]) && at + 2 < end) {
        span = 3;
      }
      const expected = span === 3 ? Number.parseInt(range.bytes.toString('latin1', at + 1, at + 3), 16) : code;
      if (at + span > end || expected !== decoded[k]) {
        exact = false;
        break;
      }
      hard.push(decoded[k]!, at, span, line, column0 + (at - start));
      at += span;
    }
    if (!exact) {
      // Never seen with libqp; should it happen, the line's bytes point at the whole line.
      if (!problems.includes('position-fallback')) problems.push('position-fallback');
      hard.dropLine(line);
      for (let k = 0; k < decoded.length; k++) hard.push(decoded[k]!, start, end - start, line, column0, end - start);
    }
    // A hard line ends here; so may a soft one, where no multi-byte sequence can be open.
    const last = decoded.length > 0 ? decoded[decoded.length - 1]! : -1;
    if (last === lineFeed || (transparent && last !== -1 && last < codes.asciiEnd)) hard.flush(text, charset.encoding);
  }
  plain.upTo(range.end);
  return false;
}

/** Does every escape in `bytes[start, dataEnd)` (`=XX`, as `decodeQuotedPrintableLine` reads them) stand for an ASCII byte? */
function escapesDecodeToAscii(bytes: Buffer, start: number, dataEnd: number): boolean {
  for (let i = bytes.indexOf(equalsSign, start); i !== -1 && i < dataEnd; i = bytes.indexOf(equalsSign, i + 1)) {
    if (i + 2 < dataEnd && isHex(bytes[i + 1]) && isHex(bytes[i + 2]) && escapedByte(bytes, i) >= codes.asciiEnd) return false;
  }
  return true;
}

/**
 * A line that decodes to ASCII only, in an ASCII-transparent charset, with
 * no hard line pending (most lines of quoted-printable HTML: `=3D`, `=20`,
 * soft breaks): written to `text` at once, as the hard line would write it
 * (each escape one unit standing for its three bytes, each run of bytes
 * that follow each other one copy), without a byte at a time through it.
 * Returns the last byte decoded (-1: none).
 */
function decodeAsciiLine(
  bytes: Buffer,
  start: number,
  end: number,
  contentEnd: number,
  dataEnd: number,
  soft: boolean,
  line: number,
  column0: number,
  text: SourceMap,
): number {
  /** First byte of the run of bytes copied as they are, not yet written; -1: none. */
  let run = -1;
  let last = -1;
  for (let i = start; i < dataEnd; ) {
    const code = bytes[i]!;
    if (code === equalsSign && i + 2 < dataEnd && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      if (run !== -1) copyRun(bytes, run, i, start, line, column0, text);
      run = -1;
      last = escapedByte(bytes, i);
      const column = column0 + (i - start);
      text.atomBetween(String.fromCharCode(last), i, line, column, i + 3, line, column + 3);
      i += 3;
    } else {
      if (run === -1) run = i;
      last = code;
      i++;
    }
  }
  // the line break: of the same run when nothing was dropped before it (padding)
  if (!soft && contentEnd < end) {
    if (run !== -1 && dataEnd !== contentEnd) {
      copyRun(bytes, run, dataEnd, start, line, column0, text);
      run = -1;
    }
    if (run === -1) run = contentEnd;
    last = bytes[end - 1]!;
    copyRun(bytes, run, end, start, line, column0, text);
  } else if (run !== -1) copyRun(bytes, run, dataEnd, start, line, column0, text);
  return last;
}

/** `decodeAsciiLine`'s run of bytes `[run, runEnd)` copied as they are (a function of its own: no closure a line). */
function copyRun(bytes: Buffer, run: number, runEnd: number, start: number, line: number, column0: number, text: SourceMap): void {
  text.copy(bytes.toString('latin1', run, runEnd), run, line, column0 + (run - start));
}

/** The byte an escape `=XX` at `at` stands for (its two digits checked by the caller). */
function escapedByte(bytes: Uint8Array, at: number): number {
  return hexValue(bytes[at + 1]!) * 16 + hexValue(bytes[at + 2]!);
}

/** The value of a hexadecimal digit (`isHex`). */
function hexValue(code: number): number {
  if (code <= codes.digit9) return code - codes.digit0;
  return (code >= codes.lowercaseA ? code - codes.lowercaseA : code - codes.uppercaseA) + 10;
}

/**
 * One physical line of quoted-printable decoded as libqp decodes a line
 * alone (white space before the line break dropped, `=` then the break a
 * soft break, `=XX` one byte, any other byte itself), straight from the
 * bytes: each decoded byte is pushed to `hard` with the source it came from
 * (or, for a line of plain ASCII with nothing pending, copied to `text`).
 * Returns the last byte decoded (-1: none), or `undefined`, with nothing
 * pushed, for a line holding a CR that does not end it.
 */
// rule: qp-soft-line-break
function decodeQuotedPrintableLine(
  bytes: Buffer,
  start: number,
  end: number,
  line: number,
  column0: number,
  transparent: boolean,
  text: SourceMap,
  hard: HardLine,
): number | undefined {
  let contentEnd = end;
  if (contentEnd > start && bytes[contentEnd - 1] === lineFeed) {
    contentEnd--;
    if (contentEnd > start && bytes[contentEnd - 1] === carriageReturn) contentEnd--;
  }
  let trimEnd = contentEnd;
  while (trimEnd > start && (bytes[trimEnd - 1] === space || bytes[trimEnd - 1] === tab)) trimEnd--;
  const soft = trimEnd > start && bytes[trimEnd - 1] === equalsSign;
  const dataEnd = soft ? trimEnd - 1 : trimEnd;
  let plain = true;
  let eightBit = false;
  for (let i = start; i < contentEnd; i++) {
    const code = bytes[i]!;
    if (code === carriageReturn) return undefined;
    if (code === equalsSign) plain = false;
    else if (code >= codes.asciiEnd) eightBit = true;
  }
  if (plain && !eightBit && transparent && hard.empty) {
    if (dataEnd > start) text.copy(bytes.toString('latin1', start, dataEnd), start, line, column0);
    if (soft || end === contentEnd) return dataEnd > start ? bytes[dataEnd - 1]! : -1;
    text.copy(bytes.toString('latin1', contentEnd, end), contentEnd, line, column0 + (contentEnd - start));
    return lineFeed;
  }
  if (!eightBit && transparent && hard.empty && escapesDecodeToAscii(bytes, start, dataEnd)) {
    return decodeAsciiLine(bytes, start, end, contentEnd, dataEnd, soft, line, column0, text);
  }
  let last = -1;
  for (let i = start; i < dataEnd; ) {
    const code = bytes[i]!;
    if (code === equalsSign && i + 2 < dataEnd && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      last = escapedByte(bytes, i);
      hard.push(last, i, 3, line, column0 + (i - start));
      i += 3;
    } else {
      last = code;
      hard.push(code, i, 1, line, column0 + (i - start));
      i++;
    }
  }
  if (!soft) {
    for (let i = contentEnd; i < end; i++) {
      last = bytes[i]!;
      hard.push(last, i, 1, line, column0 + (i - start));
    }
  }
  return last;
}
