/**
 * RFC 1738 §3.9 WAIS.
 *
 * ```
 * waisurl      = waisdatabase | waisindex | waisdoc
 * waisdatabase = "wais://" hostport "/" database
 * waisindex    = "wais://" hostport "/" database "?" search
 * waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
 * database     = *uchar
 * wtype        = *uchar
 * wpath        = *uchar
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { uchar } from './character-classes.js';
import { checkCharacters, indexOfCode } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { search } from './http.js';
import { report, type ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** Index of the first "?" or "/" in `input[start..end)`, or `end`. */
function indexOfDatabaseEnd(input: string, start: number, end: number): number {
  for (let index = start; index < end; index++) {
    const code = input.charCodeAt(index);
    if (code === codes.questionMark || code === codes.slash) return index;
  }
  return end;
}

/**
 * §3.9 url-path: `<database>`, `<database>?<search>` or
 * `<database>/<wtype>/<wpath>`.
 */
// rule: wais-url
function readWaisUrlPath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  const { input, parts } = state;
  const databaseEnd = indexOfDatabaseEnd(input, start, end);
  parts.database = input.slice(start, databaseEnd);
  checkCharacters(state, start, databaseEnd, uchar);
  if (databaseEnd === end) return;

  if (input.charCodeAt(databaseEnd) === codes.questionMark) {
    // waisindex: database "?" search
    parts.search = input.slice(databaseEnd + 1, end);
    checkCharacters(state, databaseEnd + 1, end, search);
    return;
  }

  // waisdoc: database "/" wtype "/" wpath
  const wtypeEnd = indexOfCode(input, codes.slash, databaseEnd + 1, end);
  parts.wtype = input.slice(databaseEnd + 1, wtypeEnd);
  checkCharacters(state, databaseEnd + 1, wtypeEnd, uchar);
  if (wtypeEnd === end) {
    report(state, 'bad-wais-path', end);
    return;
  }
  parts.wpath = input.slice(wtypeEnd + 1, end);
  checkCharacters(state, wtypeEnd + 1, end, uchar);
}

/** Write §3.9 url-path back. */
function writeWaisUrlPath(parts: UrlParts): string | undefined {
  if (parts.database === undefined) return parts.urlPath;
  let text = parts.database;
  if (parts.search !== undefined) text += '?' + parts.search;
  else if (parts.wtype !== undefined || parts.wpath !== undefined) {
    text += '/' + (parts.wtype ?? '') + '/' + (parts.wpath ?? '');
  }
  return text;
}

/** §3.9 WAIS: §3.1 syntax without user name or password; the url-path is required. */
export const waisUrl = ipSchemeSyntax({
  userinfo: false,
  port: true,
  emptyHost: false,
  urlPathRequired: true,
  readUrlPath: readWaisUrlPath,
  writeUrlPath: writeWaisUrlPath,
});
