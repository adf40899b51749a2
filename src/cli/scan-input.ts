/**
 * Scan one input with the adapter its kind calls for, and gather what
 * happened: records, bytes read, notes, or the reason it was skipped or failed.
 * The result is plain data, so it can cross a worker boundary.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeText, looksBinary } from '../adapters/text/decode-text.js';
import { scan } from '../scanner/create-scanner.js';
import type { ScanOptions } from '../scan-options.js';
import type { UrlRecord } from '../url-record.js';
import { pathToFileURL } from 'node:url';
import type { HtmlFlags, InputKind } from './cli-options.js';
import { chooseKind, htmlOptions, scanHtmlBytes, scanMailInput, scanMarkdownBytes } from './adapters.js';
import type { AdapterResult } from './adapters.js';
import { describeError, isExplicit } from './inputs.js';
import type { Input } from './inputs.js';

export interface ScanResult {
  name: string;
  records: UrlRecord[];
  /** How many records were found (also when they were written as they came). */
  found: number;
  /** The input was named on the command line, or is standard input (not found by a walk or a glob). */
  explicit?: boolean;
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
  /** Markdown only: the plugin's `code` and `html`. */
  markdown?: { code: boolean; html: boolean };
  /** HTML inputs: the `--html-*` flags. */
  html?: HtmlFlags;
  context: number;
}

/** How much of a file is read to choose its adapter and to tell binary files. */
export const headSize = 8192;

/** `context` characters around the record, line breaks shown as spaces. */
function withContext(records: UrlRecord[], text: string, size: number): void {
  if (size <= 0) return;
  for (const record of records) {
    const from = Math.max(0, record.start.offset - size);
    const to = Math.min(text.length, record.end.offset + size);
    record.context = text.slice(from, to).replace(/\r\n|[\r\n]/g, ' ');
  }
}

/**
 * The first bytes of a file. Reads are synchronous: the CLI scans in worker
 * threads (or in a main thread with nothing else to do), and for thousands of
 * small files a round trip through libuv's thread pool per call costs more
 * than the read.
 */
export function readHead(file: string): Uint8Array {
  const descriptor = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(headSize);
    const bytesRead = readSync(descriptor, buffer, 0, headSize, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    closeSync(descriptor);
  }
}

/** Files up to this size are read whole at once (head included). */
const readWholeUpTo = 4 * 1024 * 1024;

/** Bytes of the messages in a maildir's `cur/` and `new/`. */
async function maildirBytes(folder: string): Promise<number> {
  let total = 0;
  for (const sub of ['cur', 'new']) {
    for (const entry of await readdir(path.join(folder, sub), { withFileTypes: true })) {
      if (entry.isFile()) total += (await stat(path.join(folder, sub, entry.name))).size;
    }
  }
  return total;
}

function scanText(input: Input, data: Uint8Array | undefined, options: ScanOptions): AdapterResult {
  const bytes = data ?? (input.kind === 'file' ? readFileSync(input.path) : new Uint8Array());
  const text = decodeText(bytes);
  return { records: scan(text, options), text };
}

export async function scanInput(input: Input, options: ScanInputOptions): Promise<ScanResult> {
  const result: ScanResult = { name: input.name, records: [], bytes: 0, notes: [], found: 0 };
  if (isExplicit(input)) result.explicit = true;
  const note = (message: string) => result.notes.push(`${input.name}: ${message}`);
  try {
    let found: AdapterResult;
    if (input.kind === 'maildir') {
      result.bytes = await maildirBytes(input.path);
      found = await scanMailInput(input.path, options.scan, note);
    } else {
      const size = input.kind === 'stdin' ? (input.bytes?.byteLength ?? 0) : statSync(input.path).size;
      result.bytes = size;
      // small files are read whole at once; big ones are read (or streamed) once their kind is known
      const data =
        input.kind === 'stdin' ? (input.bytes ?? new Uint8Array()) : size <= readWholeUpTo ? readFileSync(input.path) : undefined;
      const head = data?.subarray(0, headSize) ?? (input.kind === 'file' ? readHead(input.path) : new Uint8Array());
      const kind = await chooseKind(options.as, input.name, head);
      if (kind !== 'mail' && looksBinary(head)) {
        result.skipped = 'binary (NUL bytes in the first 8 KiB)';
        return result;
      }
      if (kind === 'text') found = scanText(input, data, options.scan);
      else if (kind === 'html') {
        const bytes = data ?? (input.kind === 'file' ? readFileSync(input.path) : new Uint8Array());
        const url = input.kind === 'file' ? pathToFileURL(input.path).href : undefined;
        found = await scanHtmlBytes(bytes, htmlOptions(options.scan, options.html, url));
      } else if (kind === 'markdown') {
        const bytes = data ?? (input.kind === 'file' ? readFileSync(input.path) : new Uint8Array());
        found = await scanMarkdownBytes(bytes, { ...options.scan, ...options.markdown }, note);
      } else found = await scanMailInput(data ?? (input.kind === 'file' ? input.path : new Uint8Array()), options.scan, note);
    }
    result.records = found.records;
    if (found.text !== undefined) withContext(result.records, found.text, options.context);
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  for (const record of result.records) record.file ??= input.name;
  result.found = result.records.length;
  return result;
}
