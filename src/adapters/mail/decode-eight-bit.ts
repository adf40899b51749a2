/**
 * 7bit, 8bit and binary bodies: decoded line by line; columns count the
 * line's decoded UTF-16 units, so they match an editor showing the part in
 * its charset. Plain ASCII in an ASCII-transparent charset is not decoded at
 * all: it goes into the map as regions of the raw bytes.
 */
import { asciiTransparent, decodeBytes, type Charset } from '../../decode/charset.js';
import { hasEightBit } from '../../decode/eight-bit.js';
import { SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';
import { lineEnd, PlainLines, streamed, type ByteRange, type DecodedBody } from './body-text.js';
import { HardLine, isIdentity, isUtf8Name } from './hard-line.js';

const { lineFeed } = codes;

/** `text`: the map to append to (text after a base64 body goes into the body's map). */
export function* decodeEightBit(range: ByteRange, charset: Charset, pieceBytes: number, text = new SourceMap(streamed)): Generator<DecodedBody> {
  const body: DecodedBody = { text, partPositions: false, problems: [] };
  const transparent = asciiTransparent(charset.encoding);
  if (transparent && !hasEightBit(range.bytes, range.start, range.end)) {
    // Plain ASCII, the common case: regions, no decoder, each ending at the
    // first line end after `pieceBytes` (the unwrapping after it holds an
    // unfinished line whole: a line longer than a piece is one region).
    let line = range.line;
    let column = range.column;
    for (let from = range.start; from < range.end; ) {
      let to = range.end;
      if (from + pieceBytes < range.end) {
        const lf = range.bytes.indexOf(lineFeed, from + pieceBytes - 1);
        if (lf !== -1 && lf + 1 < range.end) to = lf + 1;
      }
      text.region(range.bytes.toString('latin1', from, to), range.bytes, from, line, column);
      if (to === range.end) break;
      ({ line, column } = placeAfter(range.bytes, from, to, line, column));
      from = to;
      yield body;
    }
    yield body;
    return;
  }
  const hard = HardLine.acquire();
  /** An ASCII-transparent charset other than UTF-8: as the hard line reads one, a byte a unit when it decodes to as many units. */
  const singleByte = transparent && !isUtf8Name(charset.encoding);
  try {
    const { bytes } = range;
    let pieceStart = range.start;
    // plain ASCII lines (most lines of a part with a few accented ones): not decoded
    const ascii = new PlainLines(text, bytes);
    for (let start = range.start, end = 0, line = range.line; start < range.end; start = end, line++) {
      if (start - pieceStart >= pieceBytes) {
        ascii.upTo(start);
        pieceStart = start;
        yield body;
      }
      end = lineEnd(range, start);
      const column = start === range.start ? range.column : 1;
      if (transparent && !hasEightBit(bytes, start, end)) {
        ascii.add(start, line, column);
        continue;
      }
      ascii.upTo(start);
      const lineBytes = bytes.subarray(start, end);
      const decoded = decodeBytes(lineBytes, charset.encoding);
      // a unit a byte (ASCII, or a single-byte charset): the one copy the hard line would make of it, without a byte at a time through it
      if (decoded.length === lineBytes.length && (singleByte || isIdentity(decoded, lineBytes))) {
        text.copy(decoded, start, line, column);
        continue;
      }
      for (let i = start; i < end; i++) hard.push(bytes[i]!, i, 1, line, column + (i - start));
      hard.flush(text, charset.encoding, column);
    }
    ascii.upTo(range.end);
  } finally {
    HardLine.giveBack(hard);
  }
  yield body;
}


/** Line and column of byte `to`, given those of byte `from` (each LF starts a line). */
function placeAfter(bytes: Buffer, from: number, to: number, line: number, column: number): { line: number; column: number } {
  const piece = bytes.subarray(from, to);
  const last = piece.lastIndexOf(lineFeed);
  if (last === -1) return { line, column: column + (to - from) };
  let lines = 0;
  for (let lf = piece.indexOf(lineFeed); lf !== -1; lf = piece.indexOf(lineFeed, lf + 1)) lines++;
  return { line: line + lines, column: to - from - last };
}
