/**
 * RFC 1738 §3.7 NNTP.
 *
 * ```
 * nntpurl = "nntp://" hostport "/" group [ "/" digits ]
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { digit } from './character-classes.js';
import { checkToken, digitsValue, indexOfCode, tokenOk } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { readGroup } from './news.js';
import { report, type ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §3.7 url-path: `<newsgroup-name>/<article-number>`. */
// rule: nntp-url
function readNntpUrlPath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  const { input, parts } = state;
  const slash = indexOfCode(input, codes.slash, start, end);
  parts.newsgroup = input.slice(start, slash);
  readGroup(state, start, slash);
  if (slash < end) readArticleNumber(state, slash + 1, end);
}

/**
 * §5 `digits`: "the <article-number> is the numeric id of the article within
 * that newsgroup". Set as a number when it fits one exactly.
 */
function readArticleNumber(state: ParseState, start: number, end: number): void {
  if (start === end) {
    report(state, 'bad-article-number', start);
    return;
  }
  const other = checkToken(state, start, end, digit);
  if (other >= 0) report(state, 'bad-article-number', other);
  if (other !== tokenOk) return;
  const value = digitsValue(state.input, start, end);
  if (value !== undefined) state.parts.articleNumber = value;
}

/** Write §3.7 url-path back. */
function writeNntpUrlPath(parts: UrlParts): string | undefined {
  if (parts.newsgroup === undefined && parts.articleNumber === undefined) return parts.urlPath;
  let text = parts.newsgroup ?? '';
  if (parts.articleNumber !== undefined) text += '/' + String(parts.articleNumber);
  return text;
}

/** §3.7 NNTP: §3.1 syntax without user name or password; the url-path is required. */
export const nntpUrl = ipSchemeSyntax({
  userinfo: false,
  port: true,
  emptyHost: false,
  urlPathRequired: true,
  readUrlPath: readNntpUrlPath,
  writeUrlPath: writeNntpUrlPath,
});
