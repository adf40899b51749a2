/**
 * What scanning one input gives, whether it was read whole
 * (`scan-input.ts`) or as a stream (`stream-input.ts`): the result record,
 * the options, and the steps both readings share (why an input is skipped,
 * a record's row, what an adapter found as rows, a maildir message by
 * message).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { looksBinary } from '../../decode/decode-text.js';
import { compressionOf, unreadCompression } from '../../decode/compressed-input.js';
import type { ScanOptions } from '../../scanner/scan-options.js';
import type { MailRecord, UrlRecord } from '../../records/url-record.js';
import type { HtmlFlags, InputKind } from '../cli-options.js';
import type { CliRow } from '../output/cli-row.js';
import { scanMailInput, type AdapterResult } from './choose-adapter.js';
import type { MailNoteCode } from '../../adapters/mail/mail-notes.js';
import { contextOf } from './context-window.js';
import { isExplicit, type Input } from '../walk/inputs.js';
import type { LinkBase } from './link-base.js';

export interface ScanResult {
  name: string;
  rows: CliRow[];
  /** How many records were found (also when they were written as they came). */
  found: number;
  /** The input was named on the command line, or is standard input (not found by a walk or a glob). */
  explicit?: boolean;
  /** Bytes read (of a gzip file: its compressed bytes). */
  bytes: number;
  /** gzip input: the bytes it inflated to, which were scanned. */
  inflated?: number;
  /** Set when the input could not be read: an error, exit code 2. */
  error?: string;
  /** Set when the input was skipped on purpose (binary, UTF-32). */
  skipped?: string;
  notes: string[];
  /** Markdown: its bytes and those remark-parse read (for `--stats`). */
  markdown?: { bytes: number; remarkBytes: number };
  /**
   * Not scanned: the input is to be streamed in the main thread instead
   * (gzip data that may inflate past what is read whole, told only once it
   * was read). Nothing else of the result counts.
   */
  restream?: true;
}

export interface ScanInputOptions {
  as: InputKind;
  scan: ScanOptions;
  /** Markdown only: the plugin's `code` and `html`. */
  markdown?: { code: boolean; html: boolean };
  /** HTML inputs: the `--html-*` flags. */
  html?: HtmlFlags;
  context: number;
  /** `--base`, `--root` (and `urlsift check`): relative links of Markdown and HTML resolved. */
  links?: LinkBase;
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
 * its rows handed to `onRows` as they are found (a maildir is streamed: memory
 * follows the largest message, not the folder).
 */
export async function scanMaildirInput(
  input: Input & { kind: 'maildir' },
  options: ScanInputOptions,
  result: ScanResult,
  onRows: (rows: CliRow[]) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const folder = typeof input.path === 'string' ? input.path : Buffer.from(input.path).toString();
  // a message that cannot be read is a failure, as a file that cannot be read is: named, counted, exit 2
  const unreadable: string[] = [];
  const note = (message: string, code?: MailNoteCode) => {
    if (code === 'unreadable-file') unreadable.push(message);
    else result.notes.push(`${input.name}: ${message}`);
  };
  await scanMailInput(folder, options.scan, note, (records) => onRows(records.map((record) => rowOf(record, input.name))), signal);
  if (unreadable.length > 0) result.error = unreadableMessages(input.name, unreadable);
  // counted after the messages are read: the first row does not wait for a look at every file
  result.bytes = await maildirBytes(folder);
}

/** Message files named in an error at most; past that, counted. */
const unreadableNamed = 5;

/** One line for the messages of a maildir that could not be read. */
function unreadableMessages(name: string, messages: readonly string[]): string {
  if (messages.length === 1) return `${name}: ${messages[0]}`;
  const named = messages.slice(0, unreadableNamed).join('; ');
  const more = messages.length > unreadableNamed ? `; and ${messages.length - unreadableNamed} more` : '';
  return `${name}: ${messages.length} messages could not be read: ${named}${more}`;
}
