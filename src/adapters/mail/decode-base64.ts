/**
 * Base64 bodies, decoded by libbase64 (mailparser's own decoder) a piece of
 * source at a time and charset-decoded as they go: every unit points at the
 * whole body (`position: "part"`).
 */
import libbase64 from 'libbase64';
import { streamDecoder, type Charset } from '../../decode/charset.js';
import { endOfRange, SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';
import { streamed, type ByteRange, type DecodedBody } from './body-text.js';

const { equalsSign, carriageReturn, lineFeed, space, tab } = codes;

/** Is this byte of the base64 alphabet (padding included)? */
function isBase64Byte(code: number): boolean {
  return (
    (code >= codes.uppercaseA && code <= codes.uppercaseZ) ||
    (code >= codes.lowercaseA && code <= codes.lowercaseZ) ||
    (code >= codes.digit0 && code <= codes.digit9) ||
    code === codes.plusSign ||
    code === codes.slash ||
    code === equalsSign
  );
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
 * A base64 body, decoded and charset-decoded a piece at a time (a
 * character cut between pieces is completed by the next): each piece an atom
 * pointing at the whole body, so what is held follows a piece.
 */
export function* decodeBase64(range: ByteRange, charset: Charset): Generator<DecodedBody> {
  const text = new SourceMap(streamed);
  const body: DecodedBody = { text, partPositions: true, problems: isBrokenBase64(range) ? ['broken-base64'] : [] };
  const start = { offset: range.start, line: range.line, column: range.column };
  const end = endOfRange(range.bytes, start, range.end);
  const decoder = streamDecoder(charset.encoding);
  for (const bytes of base64Pieces(range)) {
    text.atomAt(decoder.write(bytes), start, end);
    yield body;
  }
  text.atomAt(decoder.end(), start, end);
  yield body;
}
