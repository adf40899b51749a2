/**
 * Content-transfer decoding of one body (or header value) into text mapped
 * back to the raw message, one module per transfer encoding:
 *
 * - 7bit / 8bit / binary (`decode-eight-bit.ts`): line by line; columns
 *   count the line's decoded UTF-16 units.
 * - quoted-printable (`decode-quoted-printable.ts`): decoded here line by
 *   line as libqp decodes a line; columns count source characters.
 * - base64 (`decode-base64.ts`): libbase64, a piece of source at a time;
 *   every unit points at the whole body (`position: "part"`).
 *
 * Charsets are iconv-lite's or the platform's (`decode/charset.ts`).
 */
import { asciiTransparent, type Charset } from '../../decode/charset.js';
import { hasEightBit } from '../../decode/eight-bit.js';
import { SourceMap } from '../../source-map/source-map.js';
import type { ByteRange, DecodedBody } from './body-text.js';
import { decodeBase64 } from './decode-base64.js';
import { decodeEightBit } from './decode-eight-bit.js';
import { decodeQuotedPrintable } from './decode-quoted-printable.js';

export type { ByteRange, DecodedBody } from './body-text.js';

/** Decode `range` per `transferEncoding` and `charset`. */
export function decodeBody(range: ByteRange, transferEncoding: string, charset: Charset): DecodedBody {
  if (transferEncoding === '8bit' && asciiTransparent(charset.encoding) && !hasEightBit(range.bytes, range.start, range.end)) {
    // a header value, the common case: plain ASCII, one region
    const text = new SourceMap();
    text.region(range.bytes.toString('latin1', range.start, range.end), range.bytes, range.start, range.line, range.column);
    return { text, partPositions: false, problems: [] };
  }
  let body: DecodedBody | undefined;
  for (const piece of decodeBodyPieces(range, transferEncoding, charset, Infinity)) body = piece;
  return body as DecodedBody;
}

/**
 * `decodeBody` piece by piece: the same body is yielded each time more of it
 * is decoded, so the caller can `take` the new text and `release` what it no
 * longer needs. Quoted-printable yields after about `pieceBytes` of source,
 * at a line where no decoded line is pending; 7bit and 8bit at the first
 * line end after `pieceBytes`;
 * base64 after each MiB of source (its positions point at the whole part).
 */
export function* decodeBodyPieces(range: ByteRange, transferEncoding: string, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const encoding = transferEncoding.trim().toLowerCase();
  if (encoding === 'base64') yield* decodeBase64(range, charset, pieceBytes);
  else if (encoding === 'quoted-printable') yield* decodeQuotedPrintable(range, charset, pieceBytes);
  else yield* decodeEightBit(range, charset, pieceBytes);
}
