/**
 * Scan one input with the adapter its kind calls for, and gather what
 * happened: records, bytes read, notes, or the reason it was skipped or failed.
 * The result is plain data, so it can cross a worker boundary.
 */
import { readFile } from 'node:fs/promises';
import { decodeText, looksBinary } from '../adapters/text/decode-text.js';
import { scan } from '../scanner/create-scanner.js';
import type { ScanOptions } from '../scan-options.js';
import type { UrlRecord } from '../url-record.js';
import type { InputKind } from './cli-options.js';
import { chooseKind, scanMaildir, scanWithAdapter } from './adapters.js';
import { describeError } from './inputs.js';
import type { Input } from './inputs.js';

export interface ScanResult {
  name: string;
  records: UrlRecord[];
  bytes: number;
  /** Set when the input could not be read: an error, exit code 2. */
  error?: string;
  /** Set when the input was skipped on purpose (binary). */
  skipped?: string;
  notes: string[];
}

export interface ScanInputOptions {
  as: InputKind;
  scan: ScanOptions;
  context: number;
}

/** `context` characters around the record, line breaks shown as spaces. */
function withContext(records: UrlRecord[], text: string, size: number): void {
  if (size <= 0) return;
  for (const record of records) {
    const from = Math.max(0, record.start.offset - size);
    const to = Math.min(text.length, record.end.offset + size);
    record.context = text.slice(from, to).replace(/\r\n|[\r\n]/g, ' ');
  }
}

export async function scanInput(input: Input, options: ScanInputOptions): Promise<ScanResult> {
  const result: ScanResult = { name: input.name, records: [], bytes: 0, notes: [] };
  const note = (message: string) => result.notes.push(`${input.name}: ${message}`);
  try {
    if (input.kind === 'maildir') {
      const found = await scanMaildir(input.path, options.scan, note);
      result.records = found.records;
      result.bytes = found.bytes;
    } else {
      const data = input.kind === 'stdin' ? (input.bytes ?? new Uint8Array()) : await readFile(input.path);
      result.bytes = data.byteLength;
      const kind = chooseKind(options.as, input.name, data);
      if (kind === 'text' && looksBinary(data)) {
        result.skipped = 'binary (NUL bytes in the first 8 KiB)';
        return result;
      }
      if (kind === 'text') {
        const text = decodeText(data);
        result.records = scan(text, options.scan);
        withContext(result.records, text, options.context);
      } else {
        const found = await scanWithAdapter(kind, data, options.scan, note);
        result.records = found.records;
        if (found.text !== undefined) withContext(result.records, found.text, options.context);
      }
    }
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  for (const record of result.records) record.file = input.name;
  return result;
}
