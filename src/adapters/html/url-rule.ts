/**
 * The one rule for URLs in HTML attributes, the same for files, mail parts
 * and Markdown `html` nodes: a URL has a scheme of two letters or more (a
 * relative link is a reference, not a URL; `C:\x` is a drive letter), and
 * schemes that run code, hold the data inline or point inside the same
 * document or message are left out unless the user names them in `schemes`.
 */
import type { RecordFilter } from '../../records/create-record.js';
import type { ResolvedScanOptions } from '../../scanner/scan-options.js';

/** Left out of attributes unless named in `schemes`. */
export const skippedAttributeSchemes: ReadonlySet<string> = new Set(['javascript', 'vbscript', 'data', 'about', 'cid', 'mid']);

const absolute = /^[A-Za-z][A-Za-z\d+.-]+:/;

/** Is `url` absolute: a scheme of two letters or more, then `:`? */
// rule: html-scheme-rule
export function isAbsoluteUrl(url: string): boolean {
  return absolute.test(url);
}

/** The filter of attribute URLs: the user's `schemes` and `strict`, else every scheme but the skipped ones. */
export function attributeFilter(options: ResolvedScanOptions): RecordFilter {
  return { schemes: options.schemes, strict: options.strict, skippedSchemes: skippedAttributeSchemes };
}
