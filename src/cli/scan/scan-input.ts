/**
 * Scan one input read whole (a small file, a maildir, standard input that
 * needs the whole text) with the adapter its kind calls for, and gather what
 * happened: rows, bytes read, notes, or the reason it was skipped or failed.
 * The result is plain data, so it can cross a worker boundary. Big files,
 * devices and standard input go through `stream-input.ts` instead.
 */
import { readFileSync } from 'node:fs';
import { isReadable, sniffEncoding, unreadableReason } from '../../decode/decode-text.js';
import { scanTextBytes } from '../../adapters/text/scan-text.js';
import type { UrlRecord } from '../../records/url-record.js';
import type { CliRow } from '../output/cli-row.js';
import { htmlOptions, kindByContent, kindByName, markdownLinks, scanHtmlBytes, scanMailInput, scanMarkdownBytes, type AdapterResult, type ConcreteKind, type MarkdownOptions } from './choose-adapter.js';
import { describeError } from '../describe-error.js';
import { openable } from '../walk/file-names.js';
import { isGzip } from '../../decode/compressed-input.js';
import type { Input } from '../walk/inputs.js';
import { documentUrls, type DocumentUrls } from './link-base.js';
import { addFound, headSize, newResult, scanMaildirInput, skipReason, type ScanInputOptions, type ScanResult } from './scan-result.js';
import { mayInflatePast, streamInput, streamInputsFrom } from './stream-input.js';
import { warmUpOnce, warmUpWholeFrom } from './warm-up.js';

export type { ScanInputOptions, ScanResult } from './scan-result.js';

/** The Markdown adapter's options of a run, the same for each of its files without links to resolve: made once, not spread again per file. */
const markdownOptionsOfRun = new WeakMap<ScanInputOptions, MarkdownOptions>();

function markdownOptions(options: ScanInputOptions, document: DocumentUrls): MarkdownOptions {
  let shared = markdownOptionsOfRun.get(options);
  if (shared === undefined) {
    shared = { ...options.scan, ...options.markdown };
    markdownOptionsOfRun.set(options, shared);
  }
  const links = markdownLinks(document);
  return links.url === undefined ? shared : { ...shared, ...links };
}

/** Scan whole `bytes` of an input of `kind`, into `result`. */
export async function scanBytes(
  bytes: Uint8Array,
  kind: ConcreteKind,
  name: string,
  options: ScanInputOptions,
  result: ScanResult,
  /** The URLs relative links resolve against (`--html-resolve`, `--base`, `--root`). */
  document: DocumentUrls = { url: undefined },
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
    // a text file of some megabytes: the scanner warmed up first (`warm-up.ts`)
    if (bytes.byteLength >= warmUpWholeFrom) warmUpOnce(options.scan);
    const scanned = scanTextBytes(bytes, options.scan);
    found = scanned.unreadable === undefined ? scanned : { records: [], unreadable: scanned.unreadable };
  } else if (kind === 'html') found = await scanHtmlBytes(bytes, htmlOptions(options.scan, options.html, document, (message) => result.notes.push(`${name}: ${message}`)));
  else if (kind === 'markdown') {
    found = await scanMarkdownBytes(bytes, markdownOptions(options, document), (message) => result.notes.push(`${name}: ${message}`));
  } else {
    const records: UrlRecord[] = [];
    await scanMailInput(bytes, options.scan, (message) => result.notes.push(`${name}: ${message}`), (found) => void records.push(...found));
    found = { records };
  }
  addFound(found, name, options, result);
}

/** A gzip file read whole: its content streamed through the decompressor, its rows gathered. */
async function scanGzipBytes(input: Input, bytes: Uint8Array, options: ScanInputOptions): Promise<ScanResult> {
  const rows: CliRow[] = [];
  const result = await streamInput(input, options, async (found) => void rows.push(...found), undefined, bytes);
  result.rows = rows;
  return result;
}

/**
 * Does an input of `kind` need its document's URLs? HTML does (`--html-resolve`
 * resolves against the file's own URL), Markdown only with `--base` or
 * `--root`; text and mail never. A `file:` URL made for every file costs
 * about 10 µs of a cold run each.
 */
function resolvesLinks(kind: ConcreteKind, options: ScanInputOptions): boolean {
  return kind === 'html' || (kind === 'markdown' && options.links !== undefined);
}

export async function scanInput(input: Input, options: ScanInputOptions): Promise<ScanResult> {
  const result = newResult(input);
  try {
    if (input.kind === 'maildir') {
      await scanMaildirInput(input, options, result, (rows) => void result.rows.push(...rows));
    } else {
      // read whole at once: one look at the file (its size came with it)
      const bytes = input.kind === 'stdin' ? (input.bytes ?? new Uint8Array()) : readFileSync(openable(input.path));
      if (isGzip(bytes)) {
        // what a gzip file holds is read whole only when it cannot reach the streaming size; else it is streamed, rows leaving as they come
        if (mayInflatePast(bytes.byteLength, streamInputsFrom)) return { ...result, restream: true };
        return await scanGzipBytes(input, bytes, options);
      }
      result.bytes = bytes.byteLength;
      const kind = kindByName(options.as, input.name) ?? (await kindByContent(input.name, bytes.subarray(0, headSize)));
      await scanBytes(bytes, kind, input.name, options, result, resolvesLinks(kind, options) ? documentUrls(input, options.links) : undefined);
    }
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  result.found = result.rows.length;
  return result;
}
