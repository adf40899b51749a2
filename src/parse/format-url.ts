/**
 * `format`: a URL written back from its scheme and parts.
 */
import type { ParsedUrl } from './parsed-url.js';
import { schemeEntry } from './scheme-table.js';

/**
 * Write a URL from `scheme` and `parts`, the inverse of `parse`:
 * `format(parse(url)) === url` for every valid `url` whose scheme is written
 * in lower case and whose port has no leading zeros (the scheme is written
 * lower-cased, the port as a number). The fragment is written back after "#".
 *
 * For ip-based schemes the url-path comes from `parts.urlPath` while it still
 * reads as the scheme's own parts (`cwd`, `name`, `path`, …); once those are
 * changed (or `urlPath` is absent), they are written instead. Values are
 * written as they are: encode them first. Validity is not checked: use
 * `parse` on the result for that.
 *
 * @param parsed A result of `parse`, or any `{ scheme, parts }`.
 * @throws {TypeError} When `parsed` has no string `scheme` or no `parts` object.
 */
// rule: format-round-trip
export function format(parsed: Pick<ParsedUrl, 'scheme' | 'parts'>): string {
  if (typeof parsed !== 'object' || parsed === null) {
    throw new TypeError(`Expected \`parsed\` to be an object, got ${parsed === null ? 'null' : typeof parsed}`);
  }
  const { scheme, parts } = parsed;
  if (typeof scheme !== 'string') throw new TypeError('Expected `parsed.scheme` to be a string');
  if (typeof parts !== 'object' || parts === null) throw new TypeError('Expected `parsed.parts` to be an object');
  const name = scheme.toLowerCase();
  let url = schemeEntry(name).syntax.format(parts);
  if (name !== '') url = name + ':' + url;
  if (parts.fragment !== undefined) url += '#' + parts.fragment;
  return url;
}
