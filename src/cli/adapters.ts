/**
 * Which adapter reads an input (`--as auto`: by name, then by content), and
 * the adapters themselves, loaded only when needed.
 */
import path from 'node:path';
import type { ScanOptions } from '../scan-options.js';
import type { UrlRecord } from '../url-record.js';
import { decodeText } from '../adapters/text/decode-text.js';
import type { InputKind } from './cli-options.js';

export type ConcreteKind = Exclude<InputKind, 'auto'>;

const markdownExtensions = new Set(['.md', '.markdown', '.mdx']);
const mailExtensions = new Set(['.eml', '.mbox', '.mbx']);

/**
 * An mbox starts with a `From ` line: `From sender date`, the date holding a
 * time or a year (`From jim@example.com Sat Jan  3 01:05:34 1996`).
 */
function startsLikeMbox(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return /^From \S+ +\S.*(\d{1,2}:\d{2}|\d{4})/.test(firstLine);
}

/** Header lines (`Name: value`) up to a blank line, with at least one of the usual ones: a message. */
function startsLikeMessage(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const end = head.search(/\r?\n\r?\n/);
  if (end <= 0) return false;
  const lines = head.slice(0, end).split(/\r?\n/);
  let known = 0;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) continue;
    const match = /^([!-9;-~]+):/.exec(line);
    if (match === null) return false;
    if (/^(from|to|subject|date|message-id|received|return-path|mime-version|delivered-to)$/i.test(match[1] as string)) {
      known++;
    }
  }
  return known >= 2;
}

export function chooseKind(as: InputKind, name: string, bytes: Uint8Array): ConcreteKind {
  if (as !== 'auto') return as;
  const extension = path.extname(name).toLowerCase();
  if (markdownExtensions.has(extension)) return 'markdown';
  if (mailExtensions.has(extension)) return 'mail';
  if (startsLikeMbox(bytes) || startsLikeMessage(bytes)) return 'mail';
  return 'text';
}

export interface AdapterResult {
  records: UrlRecord[];
  bytes: number;
  /** The decoded text positions refer to, when there is one (for --context). */
  text?: string;
}

export type Note = (message: string) => void;

/** Markdown: the remark plugin over the decoded file. Loaded on first use. */
async function scanMarkdownBytes(bytes: Uint8Array, options: ScanOptions): Promise<AdapterResult> {
  const { scanMarkdown } = await import('../adapters/markdown/scan-markdown.js');
  const text = decodeText(bytes);
  return { records: scanMarkdown(text, options), bytes: bytes.byteLength, text };
}

/** Scan bytes of a Markdown or mail input. */
export async function scanWithAdapter(
  kind: Exclude<ConcreteKind, 'text'>,
  bytes: Uint8Array,
  options: ScanOptions,
  note: Note,
): Promise<AdapterResult> {
  if (kind === 'markdown') return scanMarkdownBytes(bytes, options);
  throw new Error(`no ${kind} reader in this build`);
}

/** Scan a maildir folder. */
export async function scanMaildir(path: string, options: ScanOptions, note: Note): Promise<AdapterResult> {
  throw new Error('no mail reader in this build');
}
