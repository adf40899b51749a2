/**
 * Base64 bodies, decoded by libbase64 (mailparser's own decoder) a piece of
 * source at a time and charset-decoded as they go: every unit points at the
 * whole body (`position: "part"`). Text after the base64 data that is no
 * base64 (a mailing list's footer appended to the body) is read as plain
 * lines, with exact positions and a `text-after-base64` note.
 */
import libbase64 from 'libbase64';
import { asciiTransparent, resolveCharset, streamDecoder, type Charset } from '../../decode/charset.js';
import { endOfRange, SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';
import { lineEnd, streamed, type ByteRange, type DecodedBody } from './body-text.js';
import { decodeEightBit } from './decode-eight-bit.js';
import { isBase64Letter } from '../../decode/charset.js';

const { equalsSign, carriageReturn, lineFeed, space, tab } = codes;

/** Is this byte of the base64 alphabet (padding included)? */
function isBase64Byte(code: number): boolean {
  return isBase64Letter(code) || code === equalsSign;
}

/** Does the body hold a byte outside the alphabet and white space, or end mid-quantum? Read in place, no copy of the body. */
function isBrokenBase64(range: ByteRange): boolean {
  let count = 0;
  for (let i = range.start; i < range.end; i++) {
    const code = range.bytes[i]!;
    if (isBase64Byte(code)) count++;
    else if (code !== space && code !== tab && code !== carriageReturn && code !== lineFeed) return true;
  }
  return count % 4 !== 0;
}

/** Source bytes read at once when decoding base64: the body is never held as one string, and each piece is small enough for the young generation (strings and buffers of 128 KiB or more go straight to the old one, freed only by a full collection). */
const base64Piece = 1 << 16;

/**
 * The body decoded by libbase64 a piece at a time, each piece ending where a
 * whole number of four-character quanta of the alphabet has been read (so
 * no quantum is cut, and padded segments decode as they do whole).
 */
function* base64Pieces(range: ByteRange): Generator<Buffer> {
  let from = range.start;
  let count = 0;
  let i = range.start;
  while (i < range.end) {
    const stop = Math.min(range.end, from + base64Piece);
    for (; i < range.end && (i < stop || count % 4 !== 0); i++) {
      if (isBase64Byte(range.bytes[i]!)) count++;
    }
    yield libbase64.decode(range.bytes.toString('latin1', from, i));
    from = i;
  }
}

/**
 * The length of the line `bytes[start, end)` without the white space around
 * it when it is of the alphabet alone, padding only at its end; else -1.
 */
function base64LineLength(bytes: Buffer, start: number, end: number): number {
  let from = start;
  let to = end;
  while (from < to && isWhiteSpace(bytes[from]!)) from++;
  while (to > from && isWhiteSpace(bytes[to - 1]!)) to--;
  if (from === to) return -1;
  let padding = false;
  for (let i = from; i < to; i++) {
    const code = bytes[i]!;
    if (code === equalsSign) padding = true;
    else if (padding || !isBase64Byte(code)) return -1;
  }
  return to - from;
}

function isWhiteSpace(code: number): boolean {
  return code === space || code === tab || code === carriageReturn || code === lineFeed;
}

function isBlank(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isWhiteSpace(bytes[i]!)) return false;
  return true;
}

/** A line shorter than this, of letters alone, after a line that is no base64, is a word of a footer (`Thanks`), not base64. */
const shortestLoneBase64Line = 16;

/**
 * Where text that is no base64 starts after the base64 data, if any: after
 * the last line of the alphabet alone, when a line after it holds another
 * character (a list footer: `___`, `http://…`). Lines are looked at from
 * the end, so the body is not read twice; a stray character among the
 * base64 lines is no text after it (it is `broken-base64`). A short line of
 * letters after a line that is no base64 (`-- `, then `Thanks`) belongs to
 * the text.
 *
 * ```
 * > | SGVsbG8gaHR0cDovL2EuZXhhbXBsZS8K
 * > | _______________________________________________
 *     ^ the text after the base64 starts here
 * > | List mailing list http://list.example/listinfo
 * ```
 */
// rule: text-after-base64
function textAfterBase64(range: ByteRange): number | undefined {
  const { bytes } = range;
  let text: number | undefined;
  for (let end = range.end; end > range.start; ) {
    const start = lineStart(range, end);
    if (isBlank(bytes, start, end)) {
      end = start;
      continue;
    }
    const length = base64LineLength(bytes, start, end);
    if (length !== -1 && (text === undefined || length >= shortestLoneBase64Line || start === range.start || isBase64Before(range, start))) return text;
    text = start;
    end = start;
  }
  // no line of base64 at all: the body is broken base64, not text after it
  return undefined;
}

/** Start of the line that ends at `end` (after its line feed). */
function lineStart(range: ByteRange, end: number): number {
  const lf = end - 1 > range.start ? range.bytes.lastIndexOf(lineFeed, end - 2) : -1;
  return lf < range.start ? range.start : lf + 1;
}

/** Is the last line before `start` that is not blank a line of base64? */
function isBase64Before(range: ByteRange, start: number): boolean {
  for (let end = start; end > range.start; ) {
    const before = lineStart(range, end);
    if (!isBlank(range.bytes, before, end)) return base64LineLength(range.bytes, before, end) !== -1;
    end = before;
  }
  return false;
}

/** 0-based line index of byte `to` of the range (the line of `range.start` is `range.line`). */
function lineOf(range: ByteRange, to: number): number {
  let line = range.line;
  for (let at = range.start; at < to; line++) {
    const end = lineEnd(range, at);
    if (end > to) break;
    at = end;
  }
  return line;
}

/**
 * A base64 body, decoded and charset-decoded a piece at a time (a
 * character cut between pieces is completed by the next): each piece an atom
 * pointing at the whole body, so what is held follows a piece. Text after
 * the base64 data follows, decoded as plain lines (in the part's charset
 * when it reads ASCII as ASCII, else as text with no charset declared).
 */
export function* decodeBase64(range: ByteRange, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const tail = textAfterBase64(range);
  const data = tail === undefined ? range : { ...range, end: tail };
  const text = new SourceMap(streamed);
  const body: DecodedBody = { text, partPositions: true, problems: isBrokenBase64(data) ? ['broken-base64'] : [] };
  const start = { offset: data.start, line: data.line, column: data.column };
  const end = endOfRange(data.bytes, start, data.end);
  const decoder = streamDecoder(charset.encoding);
  let last = '';
  for (const bytes of base64Pieces(data)) {
    const decoded = decoder.write(bytes);
    if (decoded !== '') last = decoded;
    text.atomAt(decoded, start, end);
    yield body;
  }
  const rest = decoder.end();
  if (rest !== '') last = rest;
  text.atomAt(rest, start, end);
  if (tail === undefined) {
    yield body;
    return;
  }
  body.problems.push('text-after-base64');
  // the decoded text and the text after it are on lines of their own
  if (last !== '' && !/[\r\n]$/.test(last)) text.atomAt('\n', end, end);
  body.exactFrom = text.length;
  const tailRange = { bytes: range.bytes, start: tail, end: range.end, line: lineOf(range, tail), column: 1 };
  const tailCharset = asciiTransparent(charset.encoding) ? charset : resolveCharset(undefined, range.bytes.subarray(tail, range.end));
  for (const _ of decodeEightBit(tailRange, tailCharset, pieceBytes, text)) yield body;
}
