/**
 * RFC 1738 §3.4 GOPHER.
 *
 * ```
 * gopherurl = "gopher://" hostport [ / [ gtype [ selector
 *             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
 * ```
 */
import { xchar } from './character-classes.js';
import { checkCharacters, escapeLength, isEscape } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import type { ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §3.4.2: "the selector is followed by an encoded tab (%09)". */
const encodedTab = '%09';
/** §3.4.1: "The entire <gopher-path> may also be empty, in which case ... the <gophertype> defaults to "1"." */
const defaultGophertype = '1';

/** Index of the next "%09" in `input[start..end)`, or `end`. */
function indexOfEncodedTab(input: string, start: number, end: number): number {
  const index = input.indexOf(encodedTab, start);
  return index === -1 || index + encodedTab.length > end ? end : index;
}

/**
 * §3.4.1 gopher-path: `<gophertype><selector>%09<search>%09<gopher+_string>`.
 * `gtype = xchar` (an escape counts as one); `selector`, `search` and
 * `gopher+_string` are `*xchar`, split at the first two "%09" ("Within the
 * <gopher-path>, no characters are reserved").
 */
// rule: gopher-url
function readGopherPath(state: ParseState, start: number, end: number): void {
  const { input, parts } = state;
  if (start === noUrlPath || start === end) {
    parts.gophertype = defaultGophertype;
    return;
  }
  const gtypeEnd = isEscape(input, start) && start + escapeLength <= end ? start + escapeLength : start + 1;
  parts.gophertype = input.slice(start, gtypeEnd);
  checkCharacters(state, start, end, xchar);

  const selectorEnd = indexOfEncodedTab(input, gtypeEnd, end);
  parts.selector = input.slice(gtypeEnd, selectorEnd);
  if (selectorEnd === end) return;
  const searchStart = selectorEnd + encodedTab.length;
  const searchEnd = indexOfEncodedTab(input, searchStart, end);
  parts.search = input.slice(searchStart, searchEnd);
  if (searchEnd === end) return;
  parts.gopherPlus = input.slice(searchEnd + encodedTab.length, end);
}

/**
 * Write §3.4.1 gopher-path back. A `gophertype` without a `selector` is the
 * default of an empty gopher-path: set `selector` (`""` for none) to write a type.
 */
function writeGopherPath(parts: UrlParts): string | undefined {
  if (parts.selector === undefined) return parts.urlPath === undefined ? undefined : '';
  let text = (parts.gophertype ?? defaultGophertype) + parts.selector;
  if (parts.search !== undefined || parts.gopherPlus !== undefined) text += encodedTab + (parts.search ?? '');
  if (parts.gopherPlus !== undefined) text += encodedTab + parts.gopherPlus;
  return text;
}

/** §3.4 GOPHER: §3.1 syntax without user name or password. */
export const gopherUrl = ipSchemeSyntax({
  userinfo: false,
  port: true,
  emptyHost: false,
  urlPathRequired: false,
  readUrlPath: readGopherPath,
  writeUrlPath: writeGopherPath,
});
