/**
 * The one loop from a stream to a scanner: chunks of bytes (or strings) are
 * decoded as they come and written to the scanner, and the records each
 * chunk completes are handed on before the next chunk is read. `scanStream`,
 * the CLI's streamed inputs and any adapter with a stream of plain text use
 * it.
 */
import type { UrlRecord } from '../../records/url-record.js';
import { decodeChunks, type DecodeChunksOptions } from '../../decode/decode-chunks.js';

/** What the loop writes to: a scanner (`createScanner`'s or the scanner class itself). */
export interface ScannerLike {
  write(chunk: string): UrlRecord[];
  end(): UrlRecord[];
}

export interface ScanTextStreamOptions extends DecodeChunksOptions {
  /** Called with each piece of decoded text before it is scanned (for context around records). */
  onText?: (text: string) => void;
}

/** The records of `chunks`, one group per chunk that completes any (never an empty group). */
export async function* scanTextStream(
  chunks: AsyncIterable<string | Uint8Array>,
  scanner: ScannerLike,
  options: ScanTextStreamOptions = {},
): AsyncIterable<UrlRecord[]> {
  const { onText } = options;
  for await (const text of decodeChunks(chunks, options)) {
    onText?.(text);
    const records = scanner.write(text);
    if (records.length > 0) yield records;
  }
  const records = scanner.end();
  if (records.length > 0) yield records;
}
