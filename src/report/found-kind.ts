/**
 * How a URL was found, as the reports chart it: each URL counts once, in the
 * first of these that fits. A URL with another reading (a hyphen at a line
 * break) is `hyphen-ambiguous`; one whose source text runs over a line break
 * is `rejoined` (a reader that stops at line ends cuts it); the rest by the
 * record's `form`.
 */
import type { UrlRecord } from '../records/url-record.js';

/** The kinds, in the order the reports show them, with their labels. */
export const foundKinds = {
  'hyphen-ambiguous': 'hyphen-ambiguous (two readings)',
  rejoined: 'rejoined across lines',
  'url-wrapper': 'wrapper <URL:…>',
  angle: 'angle brackets <scheme:…>',
  quoted: 'quoted "…"',
  bare: 'bare',
  'markdown-link': 'Markdown link',
  'html-attribute': 'HTML attribute',
  header: 'mail header',
} as const;

export type FoundKind = keyof typeof foundKinds;

/** Any line break. */
const lineBreak = /[\r\n]/;

/** Does the source text of `record` run over a line break? */
export function isRejoined(record: Pick<UrlRecord, 'raw'>): boolean {
  return lineBreak.test(record.raw);
}

export function foundKindOf(record: Pick<UrlRecord, 'raw' | 'form' | 'alternatives'>): FoundKind {
  if (record.alternatives.length > 0) return 'hyphen-ambiguous';
  if (isRejoined(record)) return 'rejoined';
  return record.form;
}

/** Opening delimiters a reader that stops at the line end would not take as part of the URL. */
const opening = /^(?:<\s*URL:\s?|<|"|URL:)/i;

/**
 * What a reader that stops at the end of a line finds of a rejoined URL:
 * the source text up to the first line break, without its opening
 * delimiter (`<URL:ftp://ds.in` → `ftp://ds.in`).
 */
export function cutAtLineEnd(raw: string): string {
  const end = raw.search(lineBreak);
  return (end === -1 ? raw : raw.slice(0, end)).replace(opening, '');
}
