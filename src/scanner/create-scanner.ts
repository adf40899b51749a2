/**
 * The public scanning API: `createScanner` (chunks in, records out) and
 * `scan` (one string). `scanStream` (bytes or strings from a stream) is the
 * text adapter's: `adapters/text/scan-stream.ts`.
 */
import { resolveScanOptions, type ResolvedScanOptions, type ScanOptions } from './scan-options.js';
import type { UrlRecord } from '../records/url-record.js';
import { Scanner } from './scanner.js';

/** A streaming scanner: feed it chunks, collect records as they complete. */
export interface UrlScanner {
  /** Scan one more chunk; returns the records completed by it. A chunk may end anywhere. */
  write(chunk: string): UrlRecord[];
  /** Signal the end of input; returns the remaining records. */
  end(): UrlRecord[];
}

/**
 * Create a streaming scanner. Output does not depend on where chunks end.
 * Throws `TypeError` on invalid options.
 */
export function createScanner(options?: ScanOptions): UrlScanner {
  const scanner = new Scanner(resolveScanOptions(options));
  return {
    write: (chunk) => scanner.write(chunk),
    end: () => scanner.end(),
  };
}

/** Find every URL in `text`. Never throws on input; throws `TypeError` on misuse. */
export function scan(text: string, options?: ScanOptions): UrlRecord[] {
  if (typeof text !== 'string') throw new TypeError(`Expected a string, got ${typeof text}`);
  return scanResolved(text, resolveScanOptions(options));
}

/** `scan` with options resolved once by the caller (an adapter scanning many parts of one input). */
export function scanResolved(text: string, options: ResolvedScanOptions): UrlRecord[] {
  const scanner = new Scanner(options);
  const records = scanner.write(text);
  for (const record of scanner.end()) records.push(record);
  return records;
}
