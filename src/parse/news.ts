/**
 * RFC 1738 §3.6 NEWS.
 *
 * ```
 * newsurl   = "news:" grouppart
 * grouppart = "*" | group | article
 * group     = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
 * article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { alpha, charSet, digit, inSet, uchar } from './character-classes.js';
import { checkCharacters, checkToken, lastIndexOfCode, tokenHadForbiddenOnly, tokenOk } from './check-characters.js';
import { readHost } from './common-internet-scheme.js';
import { report, type ParseState, type SchemeSyntax } from './parse-state.js';

/** The characters of §5 `group`. */
const groupChar = charSet(alpha, digit, '-.+_');
/** The characters of §5 `article` before its "@". */
const articleChar = charSet(uchar, ';/?:&=');

/**
 * §5 `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]` (also NNTP's).
 * One `bad-newsgroup`, at the first offending character.
 */
export function readGroup(state: ParseState, start: number, end: number): void {
  if (start === end) {
    report(state, 'bad-newsgroup', start);
    return;
  }
  const other = checkToken(state, start, end, groupChar);
  if (other === tokenHadForbiddenOnly) return;
  const first = state.input.charCodeAt(start);
  const bad = inSet(groupChar, first) && !inSet(alpha, first) ? start : other;
  if (bad !== tokenOk) report(state, 'bad-newsgroup', bad);
}

/**
 * §3.6 grouppart: "A message identifier may be distinguished from a news group
 * name by the presence of the commercial at "@" character." `news:*` refers
 * to "all available news groups". The message-id is kept whole
 * (`<unique>@<full_domain_name>`); its host is checked as a §3.1 host.
 */
// rule: news-url
function parseNewsUrl(state: ParseState, start: number, end: number): void {
  const { input, parts } = state;
  const at = lastIndexOfCode(input, codes.atSign, start, end);
  if (at !== -1) {
    parts.messageId = input.slice(start, end);
    if (at === start) report(state, 'bad-message-id', start);
    checkCharacters(state, start, at, articleChar);
    readHost(state, at + 1, end, false);
    return;
  }
  parts.newsgroup = input.slice(start, end);
  if (end - start === 1 && input.charCodeAt(start) === codes.asterisk) return;
  readGroup(state, start, end);
}

/** §3.6 NEWS: `newsgroup` or `messageId`. */
export const newsUrl: SchemeSyntax = {
  parse: parseNewsUrl,
  format: (parts) => parts.newsgroup ?? parts.messageId ?? '',
};
