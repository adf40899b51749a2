/**
 * A stream of bytes (or strings) decoded as it comes: UTF-8, or UTF-16 when
 * the first bytes are its BOM and sniffing is asked for. A sequence split
 * between chunks is decoded whole; invalid bytes become U+FFFD; a leading BOM
 * is dropped. String chunks pass as they are (bytes held back before one are
 * decoded first).
 */
import { isReadable, longestBom, sniffEncoding, type TextEncoding } from './decode-text.js';

/**
 * Bytes decoded at a time. V8 keeps a string in one byte a character when
 * every character fits, in two otherwise; searching a one-byte string is
 * about twice as fast. Real text in a 64 KiB chunk often holds one curly
 * quote that makes all of it two-byte: in 16 KiB pieces, half of 55 MB of
 * Debian documentation stays one-byte against a third, and its scan took a
 * quarter less CPU (with the scanner's narrowed tail, `scanner.ts`).
 */
const decodePiece = 16 * 1024;

export interface DecodeChunksOptions {
  /**
   * Look for a UTF-16 BOM at the start (UTF-8 otherwise). A UTF-32 BOM
   * makes `onUnreadable` be called and nothing be decoded.
   * @default false
   */
  sniff?: boolean;
  /** Called when the stream is in an encoding that is not read (UTF-32). */
  onUnreadable?: (encoding: TextEncoding) => void;
}

/** Throw `TypeError` on a chunk that is neither a string nor bytes (API misuse: a number, an object, null). */
export function checkChunk(chunk: unknown): asserts chunk is string | Uint8Array {
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return;
  throw new TypeError(`Expected chunks of strings or bytes (Uint8Array), got ${chunk === null ? 'null' : typeof chunk === 'object' ? 'an object' : typeof chunk}`);
}

export async function* decodeChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  options: DecodeChunksOptions = {},
): AsyncIterable<string> {
  let decoder = options.sniff === true ? undefined : new TextDecoder('utf-8');
  /** The first bytes, held until there are enough to tell the encoding. */
  let start: Uint8Array = new Uint8Array();
  /** The decoder the first bytes call for, or undefined for an encoding that is not read. */
  const choose = (bytes: Uint8Array): TextDecoder | undefined => {
    const encoding = sniffEncoding(bytes);
    if (isReadable(encoding)) return new TextDecoder(encoding);
    options.onUnreadable?.(encoding);
    return undefined;
  };
  for await (const chunk of chunks) {
    checkChunk(chunk);
    let bytes: Uint8Array | undefined;
    if (typeof chunk !== 'string') {
      bytes = chunk;
      if (decoder === undefined) {
        bytes = start.byteLength === 0 ? chunk : Buffer.concat([start, chunk]);
        if (bytes.byteLength < longestBom) {
          start = bytes;
          continue;
        }
      }
    }
    if (decoder === undefined) {
      decoder = choose(bytes ?? start);
      if (decoder === undefined) return;
      if (bytes === undefined && start.byteLength > 0) {
        // a string after a few bytes: those bytes are decoded first
        bytes = start;
      }
    }
    if (typeof chunk === 'string') {
      const text = decoder.decode(bytes ?? new Uint8Array()) + chunk;
      if (text !== '') yield text;
      continue;
    }
    // in pieces: a piece of plain ASCII decodes to a one-byte string, which the scanner searches faster
    const whole = bytes as Uint8Array;
    for (let at = 0; at < whole.byteLength; at += decodePiece) {
      const text = decoder.decode(whole.subarray(at, at + decodePiece), { stream: true });
      if (text !== '') yield text;
    }
  }
  if (decoder === undefined) {
    decoder = choose(start);
    if (decoder === undefined) return;
    const text = decoder.decode(start);
    if (text !== '') yield text;
    return;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
