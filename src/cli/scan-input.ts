/**
 * Scan one input read whole (a small file, a maildir, standard input that
 * needs the whole text) with the adapter its kind calls for, and gather what
 * happened: rows, bytes read, notes, or the reason it was skipped or failed.
 * The result is plain data, so it can cross a worker boundary. Big files,
 * devices and standard input go through `stream-input.ts` instead.
 */
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isReadable, looksBinary, sniffEncoding, unreadableReason } from '../adapters/text/decode-text.js';
import { scanTextBytes } from '../adapters/text/scan-text.js';
import type { ScanOptions } from '../scan-options.js';
import type { MailRecord, UrlRecord } from '../url-record.js';
import { pathToFileURL } from 'node:url';
import type { HtmlFlags, InputKind } from './cli-options.js';
import type { CliRow } from './cli-row.js';
import {
  chooseKind,
  htmlOptions,
  scanHtmlBytes,
  scanMailInput,
  scanMarkdownBytes,
  type AdapterResult,
  type ConcreteKind,
} from './choose-adapter.js';
import { contextOf } from './context-window.js';
import { describeError } from './describe-error.js';
import { openable } from './file-names.js';
import { compressionOf, isGzip, unreadCompression } from '../compressed-input.js';
import { isExplicit, type Input } from './inputs.js';

export interface ScanResult {
  name: string;
  rows: CliRow[];
  /** How many records were found (also when they were written as they came). */
  found: number;
  /** The input was named on the command line, or is standard input (not found by a walk or a glob). */
  explicit?: boolean;
  /** Bytes read. */
  bytes: number;
  /** Set when the input could not be read: an error, exit code 2. */
  error?: string;
  /** Set when the input was skipped on purpose (binary, UTF-32). */
  skipped?: string;
  notes: string[];
  /** Markdown: its bytes and those remark-parse read (for `--stats`). */
  markdown?: { bytes: number; remarkBytes: number };
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

/** How much of an input is looked at to choose its adapter and to tell binary files. */
export const headSize = 8192;

/** Why a binary input is skipped. */
export const binaryReason = 'binary (NUL bytes in the first 8 KiB)';

/**
 * Why a file that starts with `head` is not read as text, HTML or Markdown:
 * compressed by a method Node cannot undo (gzip is read before this is
 * asked), or binary; `undefined`: it is read.
 */
export function skipReason(head: Uint8Array): string | undefined {
  const compression = compressionOf(head);
  if (compression !== undefined && compression !== 'gzip') return unreadCompression(compression);
  return looksBinary(head) ? binaryReason : undefined;
}

export function newResult(input: Input): ScanResult {
  const result: ScanResult = { name: input.name, rows: [], bytes: 0, notes: [], found: 0 };
  if (isExplicit(input)) result.explicit = true;
  return result;
}

/** The row of a record: the record's own file (a maildir message) or the input's name. */
export function rowOf(record: UrlRecord, name: string): CliRow {
  return { record, file: (record as MailRecord).file ?? name };
}

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

/** A file input's `file:` URL (for `--html-resolve`). */
export function fileUrlOf(input: Input): string | undefined {
  if (input.kind !== 'file') return undefined;
  return pathToFileURL(typeof input.path === 'string' ? input.path : Buffer.from(input.path).toString()).href;
}

/** Scan whole `bytes` of an input of `kind`, into `result`. */
export async function scanBytes(
  bytes: Uint8Array,
  kind: ConcreteKind,
  name: string,
  options: ScanInputOptions,
  result: ScanResult,
  /** The file's own URL, against which `--html-resolve` resolves relative links. */
  fileUrl?: string,
): Promise<void> {
  const head = bytes.subarray(0, headSize);
  const skip = kind === 'mail' ? undefined : skipReason(head);
  if (skip !== undefined) {
    result.skipped = skip;
    return;
  }
  // before every adapter but mail's (which reads bytes): HTML would take a UTF-32LE BOM for UTF-16's and find nothing
  const encoding = sniffEncoding(head);
  if (kind !== 'mail' && !isReadable(encoding)) {
    result.skipped = unreadableReason(encoding);
    return;
  }
  let found: AdapterResult;
  if (kind === 'text') {
    const scanned = scanTextBytes(bytes, options.scan);
    found = scanned.unreadable === undefined ? scanned : { records: [], unreadable: scanned.unreadable };
  } else if (kind === 'html') found = await scanHtmlBytes(bytes, htmlOptions(options.scan, options.html, fileUrl));
  else if (kind === 'markdown') {
    found = await scanMarkdownBytes(bytes, { ...options.scan, ...options.markdown }, (message) => result.notes.push(`${name}: ${message}`));
  } else {
    const records: UrlRecord[] = [];
    await scanMailInput(bytes, options.scan, (message) => result.notes.push(`${name}: ${message}`), (record) => void records.push(record));
    found = { records };
  }
  addFound(found, name, options, result);
}

/** What an adapter found, as rows of `result` (with their context when asked), or the reason it could not read the input. */
export function addFound(found: AdapterResult, name: string, options: ScanInputOptions, result: ScanResult): void {
  if (found.unreadable !== undefined) {
    result.skipped = found.unreadable;
    return;
  }
  const { text } = found;
  if (found.markdown !== undefined) result.markdown = found.markdown;
  for (const record of found.records) {
    const row = rowOf(record, name);
    if (options.context > 0 && text !== undefined) row.context = contextOf(text, record.start.offset, record.end.offset, options.context);
    result.rows.push(row);
  }
}

/**
 * A maildir: its messages' bytes counted in `result`, its notes added there,
 * each row handed to `onRow` as it is found (a maildir is streamed: memory
 * follows the largest message, not the folder).
 */
export async function scanMaildirInput(
  input: Input & { kind: 'maildir' },
  options: ScanInputOptions,
  result: ScanResult,
  onRow: (row: CliRow) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const folder = typeof input.path === 'string' ? input.path : Buffer.from(input.path).toString();
  result.bytes = await maildirBytes(folder);
  const note = (message: string) => void result.notes.push(`${input.name}: ${message}`);
  await scanMailInput(folder, options.scan, note, (record) => onRow(rowOf(record, input.name)), signal);
}

/** A gzip file read whole: its content streamed through the decompressor, its rows gathered. */
async function scanGzipBytes(input: Input, bytes: Uint8Array, options: ScanInputOptions): Promise<ScanResult> {
  const { streamInput } = await import('./stream-input.js');
  const rows: CliRow[] = [];
  const result = await streamInput(input, options, async (found) => void rows.push(...found), undefined, bytes);
  result.rows = rows;
  return result;
}

export async function scanInput(input: Input, options: ScanInputOptions): Promise<ScanResult> {
  const result = newResult(input);
  try {
    if (input.kind === 'maildir') {
      await scanMaildirInput(input, options, result, (row) => void result.rows.push(row));
    } else {
      // read whole at once: one look at the file (its size came with it)
      const bytes = input.kind === 'stdin' ? (input.bytes ?? new Uint8Array()) : readFileSync(openable(input.path));
      if (isGzip(bytes)) return await scanGzipBytes(input, bytes, options);
      result.bytes = bytes.byteLength;
      const kind = await chooseKind(options.as, input.name, bytes.subarray(0, headSize));
      await scanBytes(bytes, kind, input.name, options, result, fileUrlOf(input));
    }
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  result.found = result.rows.length;
  return result;
}
