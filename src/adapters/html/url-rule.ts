/**
 * The one rule for URLs in HTML attributes, the same for files, mail parts
 * and Markdown `html` nodes: a URL has a scheme of two letters or more (a
 * relative link is a reference, not a URL; `C:\x` is a drive letter), and
 * schemes that run code, hold the data inline or point inside the same
 * document or message are left out unless the user names them in `schemes`.
 */
import { parse } from '../../parse/index.js';
import type { ParsedUrl } from '../../parse/parsed-url.js';
import type { ResolvedScanOptions } from '../../scan-options.js';

/** Left out of attributes unless named in `schemes`. */
export const skippedAttributeSchemes: ReadonlySet<string> = new Set(['javascript', 'vbscript', 'data', 'about', 'cid', 'mid']);

const absolute = /^[A-Za-z][A-Za-z\d+.-]+:/;

/** Is `url` absolute: a scheme of two letters or more, then `:`? */
export function isAbsoluteUrl(url: string): boolean {
  return absolute.test(url);
}

/** The parse of an attribute's URL when the rule and the options keep it, else undefined. */
export function acceptAttributeUrl(url: string, options: ResolvedScanOptions): ParsedUrl | undefined {
  if (!isAbsoluteUrl(url)) return undefined;
  const parsed = parse(url);
  if (options.schemes === undefined ? skippedAttributeSchemes.has(parsed.scheme) : !options.schemes.has(parsed.scheme)) {
    return undefined;
  }
  if (options.strict && !parsed.valid) return undefined;
  return parsed;
}
