/**
 * `scanStream`, the public API for plain text from a stream: chunks of
 * strings or bytes in, records out as each chunk completes them.
 */
import { resolveScanOptions, type ScanOptions } from '../../scanner/scan-options.js';
import { Scanner } from '../../scanner/scanner.js';
import type { UrlRecord } from '../../records/url-record.js';
import { scanTextStream } from './scan-text-stream.js';

/**
 * Scan an async iterable or readable stream of strings or bytes. Bytes are
 * decoded as UTF-8 in streaming mode (a sequence may be split between
 * chunks; invalid bytes become U+FFFD; a leading BOM is dropped).
 */
export async function* scanStream(
  input: AsyncIterable<string | Uint8Array> | NodeJS.ReadableStream,
  options?: ScanOptions,
): AsyncIterable<UrlRecord> {
  if (input === null || typeof input !== 'object' || !(Symbol.asyncIterator in input)) {
    throw new TypeError('Expected an async iterable or a readable stream');
  }
  const scanner = new Scanner(resolveScanOptions(options));
  for await (const records of scanTextStream(input as AsyncIterable<string | Uint8Array>, scanner)) yield* records;
}
