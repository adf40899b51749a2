/**
 * The plain-text adapter: a whole file's bytes (or a stream of them) to
 * records. UTF-8 or UTF-16 by the BOM; UTF-32 is reported, not read.
 */
import { scan } from '../../scanner/create-scanner.js';
import type { ScanOptions } from '../../scanner/scan-options.js';
import type { UrlRecord } from '../../records/url-record.js';
import { decodeText, isReadable, sniffEncoding, unreadableReason } from '../../decode/decode-text.js';

export type TextScan =
  /** The records, and the decoded text their positions refer to. */
  | { records: UrlRecord[]; text: string; unreadable?: undefined }
  /** Why the bytes were not read (an encoding no decoder reads). */
  | { unreadable: string };

/** Scan a whole file's bytes. */
export function scanTextBytes(bytes: Uint8Array, options: ScanOptions): TextScan {
  const encoding = sniffEncoding(bytes);
  if (!isReadable(encoding)) return { unreadable: unreadableReason(encoding) };
  const text = decodeText(bytes);
  return { records: scan(text, options), text };
}
