/**
 * Which adapter reads an input (`--as auto`: by name, then by content), and
 * the calls to the adapters, each loaded only when needed. The adapters
 * themselves live in `src/adapters/`.
 */
import path from 'node:path';
import { decodeText, isReadable, sniffEncoding, unreadableReason } from '../adapters/text/decode-text.js';
import type { ScanOptions } from '../scan-options.js';
import type { UrlRecord } from '../url-record.js';
import type { InputKind } from './cli-options.js';

export type ConcreteKind = Exclude<InputKind, 'auto'>;

const markdownExtensions = new Set(['.md', '.markdown', '.mdx']);

/**
 * `--as auto`: Markdown by extension; mail by extension (`.eml`, `.mbox`,
 * `.mbx`) or content (an mbox postmark, or RFC 822 header lines); else text.
 */
export async function chooseKind(as: InputKind, name: string, head: Uint8Array): Promise<ConcreteKind> {
  if (as !== 'auto') return as;
  if (markdownExtensions.has(path.extname(name).toLowerCase())) return 'markdown';
  const { looksLikeMail } = await import('../adapters/mail/detect-mail.js');
  return looksLikeMail(head, name === '-' ? undefined : name) ? 'mail' : 'text';
}

export interface AdapterResult {
  records: UrlRecord[];
  /** The decoded text positions refer to, when there is one (for --context). */
  text?: string;
  /** Set when the input was not read (an encoding no decoder reads). */
  unreadable?: string;
}

export type Note = (message: string) => void;

/** Markdown: the remark plugin over the decoded file. */
export async function scanMarkdownBytes(bytes: Uint8Array, options: ScanOptions): Promise<AdapterResult> {
  const encoding = sniffEncoding(bytes);
  if (!isReadable(encoding)) return { records: [], unreadable: unreadableReason(encoding) };
  const { scanMarkdown } = await import('../adapters/markdown/scan-markdown.js');
  const text = decodeText(bytes);
  return { records: scanMarkdown(text, options), text };
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

/** Mail: an mbox or message (bytes, or a stream of them) or a maildir folder (a path). */
export async function scanMailInput(
  input: string | Uint8Array | AsyncIterable<Uint8Array>,
  options: ScanOptions,
  note: Note,
  onRecord: (record: UrlRecord) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const { scanMail } = await import('../adapters/mail/scan-mail.js');
  const onNote = (mailNote: Parameters<typeof mailNoteText>[0]) => note(mailNoteText(mailNote));
  for await (const record of scanMail(input, { ...options, onNote })) {
    await onRecord(record);
    if (signal?.aborted === true) break;
  }
}
