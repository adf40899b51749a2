/**
 * RFC 1738 §3.3 HTTP, and `https` (same syntax, default port 443: a urlsift
 * extension; RFC 1738 predates it).
 *
 * ```
 * httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { charSet, uchar } from './character-classes.js';
import { checkCharacters, indexOfCode } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import type { ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §5 `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`. */
const hsegment = charSet(uchar, ';:@&=');
/** §5 `hpath = hsegment *[ "/" hsegment ]`: the characters of a whole hpath. */
const hpath = charSet(hsegment, '/');
/** §5 `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (also used by WAIS). */
export const search = charSet(uchar, ';:@&=');

/**
 * §3.3 `<path>?<searchpart>`: "Within the <path> and <searchpart> components,
 * "/", ";", "?" are reserved." The first "?" starts the searchpart; the BNF's
 * `search` has no "/" or "?" of its own.
 */
// rule: http-url
function readHttpUrlPath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  const { input, parts } = state;
  const questionMark = indexOfCode(input, codes.questionMark, start, end);
  parts.path = input.slice(start, questionMark);
  checkCharacters(state, start, questionMark, hpath);
  if (questionMark < end) {
    parts.searchpart = input.slice(questionMark + 1, end);
    checkCharacters(state, questionMark + 1, end, search);
  }
}

/** Write §3.3 `<path>?<searchpart>` back. */
function writeHttpUrlPath(parts: UrlParts): string | undefined {
  if (parts.path === undefined && parts.searchpart === undefined) return undefined;
  let text = parts.path ?? '';
  if (parts.searchpart !== undefined) text += '?' + parts.searchpart;
  return text;
}

/** §3.3 HTTP: "No user name or password is allowed." */
export const httpUrl = ipSchemeSyntax({
  userinfo: false,
  port: true,
  emptyHost: false,
  urlPathRequired: false,
  readUrlPath: readHttpUrlPath,
  writeUrlPath: writeHttpUrlPath,
});
