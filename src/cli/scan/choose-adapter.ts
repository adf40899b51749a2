/**
 * Which adapter reads an input (`--as auto`: by name, then by content), and
 * the calls to the adapters, each loaded only when needed. The adapters
 * themselves live in `src/adapters/`.
 */
import path from 'node:path';
import { decodeText } from '../../decode/decode-text.js';
import type { ScanOptions } from '../../scanner/scan-options.js';
import type { UrlRecord } from '../../records/url-record.js';
import type { HtmlScanOptions } from '../../adapters/html/html-options.js';
import type { HtmlFlags, InputKind } from '../cli-options.js';
import type { MailNote, MailNoteCode } from '../../adapters/mail/mail-notes.js';
import type { MessageRunner } from '../../adapters/mail/message-batch.js';
import type { DocumentUrls } from './link-base.js';
import type { MarkdownReader } from '../../adapters/markdown/scan-markdown.js';

export type ConcreteKind = Exclude<InputKind, 'auto'>;

const markdownExtensions = new Set(['.md', '.markdown', '.mdx']);
const htmlExtensions = new Set(['.html', '.htm', '.xhtml']);

/**
 * `--as auto`: Markdown and HTML (`.html`, `.htm`, `.xhtml`) by extension;
 * mail by extension (`.eml`, `.mbox`, `.mbx`) or content (an mbox postmark,
 * or RFC 822 header lines); HTML by content (a doctype or `<html` first);
 * else text.
 */
// rule: choose-adapter
export async function chooseKind(as: InputKind, name: string, head: Uint8Array): Promise<ConcreteKind> {
  return kindByName(as, name) ?? kindByContent(name, head);
}

/** The kind the first bytes tell, where the name tells none: mail, HTML or text. */
export async function kindByContent(name: string, head: Uint8Array): Promise<ConcreteKind> {
  const { looksLikeMail } = await import('../../adapters/mail/detect-mail.js');
  if (looksLikeMail(head, name === '-' ? undefined : name)) return 'mail';
  const { looksLikeHtml } = await import('../../adapters/html/detect-html.js');
  return looksLikeHtml(head) ? 'html' : 'text';
}

/** The kind `--as` gives, or that the name's extension tells (Markdown, HTML); undefined: the content decides (`chooseKind`). */
export function kindByName(as: InputKind, name: string): ConcreteKind | undefined {
  if (as !== 'auto') return as;
  const extension = path.extname(name).toLowerCase();
  if (markdownExtensions.has(extension)) return 'markdown';
  if (htmlExtensions.has(extension)) return 'html';
  return undefined;
}

/**
 * The HTML adapter's options: the scan options, the `--html-*` flags, the
 * URLs links resolve against (`--html-resolve`: the file's URL; with
 * `--base` or `--root`, which resolve every relative link: the document's
 * URL and the root's), and where its notes go.
 */
export function htmlOptions(options: ScanOptions, flags: HtmlFlags | undefined, document: DocumentUrls, note: Note): HtmlScanOptions {
  const html: HtmlScanOptions = { ...options, ...flags, onNote: (found) => note(found.message) };
  if (document.url !== undefined) html.url = document.url;
  if (document.root !== undefined) {
    html.root = document.root;
    html.resolve = true;
  }
  return html;
}

/** HTML: decoded as a browser would, then read by the HTML adapter. */
export async function scanHtmlBytes(bytes: Uint8Array, options: HtmlScanOptions): Promise<AdapterResult> {
  const { decodeHtml } = await import('../../adapters/html/html-charset.js');
  const { scanHtmlWhole } = await import('../../adapters/html/html-scanner.js');
  const text = decodeHtml(bytes, options.onNote);
  return { records: scanHtmlWhole(text, options), text };
}

/** The Markdown adapter's `url` and `root`: only with `--base` or `--root` (which resolve relative links), not with `--html-resolve`. */
export function markdownLinks(document: DocumentUrls): { url?: string; root?: string } {
  return document.root === undefined || document.url === undefined ? {} : { url: document.url, root: document.root };
}

export interface AdapterResult {
  records: UrlRecord[];
  /** The decoded text positions refer to, when there is one (for --context). */
  text?: string;
  /** Set when the input was not read (an encoding no decoder reads). */
  unreadable?: string;
  /** Markdown: what remark-parse read of it (`scanMarkdown`'s `onStats`). */
  markdown?: { bytes: number; remarkBytes: number };
}

/** A note for people; mail notes come with their code. */
export type Note = (message: string, code?: MailNoteCode) => void;

/** What the command gives the Markdown adapter: the scan options, `--markdown-code`, `--markdown-html`, and the URLs links resolve against. */
export type MarkdownOptions = ScanOptions & { code?: boolean; html?: boolean; url?: string; root?: string };

/** Markdown (in a readable encoding): `scanMarkdown` over the decoded file; its notes (parts read as plain text) go to `note`. */
export async function scanMarkdownBytes(bytes: Uint8Array, options: MarkdownOptions, note: Note): Promise<AdapterResult> {
  return scanMarkdownText(decodeText(bytes), options, note);
}

/** The Markdown adapter once loaded: files whose options differ (links resolved) take it from here, not by an import (a promise) per file. */
let markdownAdapter: typeof import('../../adapters/markdown/scan-markdown.js') | undefined;

/**
 * The Markdown readers of a run, by its options object: one made for the
 * files of a run (their options are the same object unless links are
 * resolved), each file then read without its options looked at again.
 */
const markdownReaders = new WeakMap<MarkdownOptions, MarkdownReader>();

/** Markdown already decoded (a big file decoded as it was read). */
export async function scanMarkdownText(text: string, options: MarkdownOptions, note: Note): Promise<AdapterResult> {
  let reader = markdownReaders.get(options);
  if (reader === undefined) {
    const { markdownReader } = (markdownAdapter ??= await import('../../adapters/markdown/scan-markdown.js'));
    reader = await markdownReader(options);
    markdownReaders.set(options, reader);
  }
  let markdown: AdapterResult['markdown'];
  const records = reader(
    text,
    (found) => note(found.message),
    (stats) => (markdown = stats),
  );
  return { records, text, markdown };
}

/**
 * Markdown already decoded, its records handed to `onRecords` in batches
 * as they are final (a big file: rows leave while it is read); what remark
 * read of it.
 */
export async function scanMarkdownTextBatches(
  text: string,
  options: ScanOptions & { code?: boolean; html?: boolean; url?: string; root?: string },
  note: Note,
  onRecords: (records: UrlRecord[]) => Promise<void>,
): Promise<AdapterResult['markdown']> {
  const { scanMarkdownBatches } = await import('../../adapters/markdown/scan-markdown.js');
  let markdown: AdapterResult['markdown'];
  const batches = await scanMarkdownBatches(text, { ...options, onNote: (found) => note(found.message), onStats: (stats) => (markdown = stats) });
  for (const records of batches) await onRecords(records);
  return markdown;
}

/** A mail note for people: where (1-based message number, MIME part) and what. */
export function mailNoteText(note: { message: string; messageIndex?: number; mimePart?: string }): string {
  const where = [
    note.messageIndex === undefined ? '' : `message ${note.messageIndex + 1}`,
    note.mimePart === undefined ? '' : `part ${note.mimePart}`,
  ]
    .filter((text) => text !== '')
    .join(', ');
  return where === '' ? note.message : `${where}: ${note.message}`;
}

/** Mail: an mbox or message (bytes, or a stream of them) or a maildir folder (a path, read without the maildirs nested in it: the walk lists those as inputs of their own). */
export async function scanMailInput(
  input: string | Uint8Array | AsyncIterable<Uint8Array>,
  options: ScanOptions,
  note: Note,
  onRecords: (records: UrlRecord[]) => void | Promise<void>,
  signal?: AbortSignal,
  /** An mbox whose messages are scanned by worker threads (`mail-threads.ts`). */
  runner?: MessageRunner,
): Promise<void> {
  const { scanMailBatches } = await import('../../adapters/mail/scan-mail.js');
  const onNote = (mailNote: MailNote) => note(mailNoteText(mailNote), mailNote.code);
  // in batches, as the adapter finds them: a record at a time cost a promise at each step
  for await (const records of scanMailBatches(input, { ...options, onNote, nested: false }, runner)) {
    await onRecords(records);
    if (signal?.aborted === true) break;
  }
}
