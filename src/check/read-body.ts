/**
 * A response body read only as far as needed, and never past a bound:
 * decompressed as it comes (gzip, deflate, brotli), counted after
 * decompression, so a small gzip bomb is inflated no further than the bound
 * allows (the decompressor is stopped, not drained), and decoded to text for
 * the anchor reader, which may say it has seen enough.
 */
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface BodyReading {
  /** Bytes handed on, after decompression. */
  bytes: number;
  /** The body was read to its end. */
  complete: boolean;
  /** The bound was reached. */
  truncated: boolean;
  /** Why reading stopped early, when it failed (a timeout, damaged data, an encoding not read). */
  error?: string;
}

/** A decompressor for a `Content-Encoding`, `null` for none, `undefined` for one not read. */
function decompressor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  if (name === 'gzip' || name === 'x-gzip') return zlib.createGunzip();
  if (name === 'deflate') return zlib.createInflate();
  if (name === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** A decoder for the body's charset, UTF-8 when it names none this runtime knows. */
function textDecoder(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * Read `body` as text, decompressed per `encoding`, handing each piece to
 * `onText` until it returns `true` (enough), the body ends, or `limit`
 * bytes (decompressed) have been handed on. The body is destroyed when it
 * is not read to its end.
 */
export async function readBody(
  body: Readable,
  encoding: string | undefined,
  charset: string | undefined,
  limit: number,
  onText: (text: string) => boolean,
): Promise<BodyReading> {
  const inflate = decompressor(encoding);
  const reading: BodyReading = { bytes: 0, complete: false, truncated: false };
  if (inflate === undefined) {
    body.destroy();
    return { ...reading, error: `the body is encoded as ${JSON.stringify(encoding)}, which is not read` };
  }
  let source: Readable = body;
  if (inflate !== null) {
    // errors of either side end the iteration below with that error
    source = pipeline(body, inflate, () => {});
  }
  const decode = textDecoder(charset);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let piece = chunk;
      if (reading.bytes + piece.byteLength > limit) {
        piece = piece.subarray(0, limit - reading.bytes);
        reading.truncated = true;
      }
      reading.bytes += piece.byteLength;
      if (onText(decode.decode(piece, { stream: true })) || reading.truncated) {
        source.destroy();
        body.destroy();
        return reading;
      }
    }
  } catch (error) {
    source.destroy();
    body.destroy();
    return { ...reading, error: (error as Error).message };
  }
  onText(decode.decode());
  reading.complete = true;
  return reading;
}
