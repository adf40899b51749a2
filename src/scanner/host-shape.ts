/**
 * Can the host of a bare `scheme://` URL be a host at all? Running text is
 * full of strings that start like a URL and are not one: `http://-x/`,
 * `http://a..b/`, `http://1.2.3/`. Such a URL is not reported in running
 * text; inside a `<URL:...>` wrapper it is reported with the parser's error.
 *
 * ```markdown
 * > | see http://user@host.example.com:8080/path
 *                 ^^^^^^^^^^^^^^^^^^^^^ the authority: the host is after its last `@`
 * ```
 */
import { codes } from '../character-codes.js';
import { isAsciiAlphanumeric, isAsciiDigit } from './character-classes.js';

/** Labels of a dotted IPv4 number. */
const ipv4Labels = 4;

/**
 * The host of the authority starting at `from` (right after `//`) in
 * `text.slice(from, end)`: true unless it cannot be a host. A host in `[…]`
 * (an IPv6 literal, closed), an empty one and one spelled with characters
 * no host name holds (`%`, `*`) are left to the parser.
 */
export function hostCanBe(text: string, from: number, end: number): boolean {
  let hostStart = from;
  let authorityEnd = from;
  for (; authorityEnd < end; authorityEnd++) {
    const code = text.charCodeAt(authorityEnd);
    if (code === codes.slash || code === codes.questionMark || code === codes.numberSign) break;
    if (code === codes.atSign) hostStart = authorityEnd + 1;
  }
  // an IP literal is left to the parser once its `]` closes it: a lone `[` is a template's (`ssh://[<user>@]<host>`)
  if (text.charCodeAt(hostStart) === codes.leftSquareBracket) return closedLiteral(text, hostStart + 1, authorityEnd);
  // the host name ends at the first character no host name holds: a port's `:`, a bracket, a quote
  let hostEnd = hostStart;
  let plain = true;
  for (; hostEnd < authorityEnd; hostEnd++) {
    const code = text.charCodeAt(hostEnd);
    if (code === codes.dot || code === codes.dash || isAsciiAlphanumeric(code) || code >= codes.asciiEnd) continue;
    if (code === codes.underscore || code === codes.percentSign) {
      plain = false;
      continue;
    }
    break;
  }
  // dots at its end may be the sentence's full stop
  while (hostEnd > hostStart && text.charCodeAt(hostEnd - 1) === codes.dot) hostEnd--;
  if (hostEnd === hostStart) return true;
  return hasHostShape(text, hostStart, hostEnd, plain);
}

/** Is there a `]` in [from, end), with something before it? */
function closedLiteral(text: string, from: number, end: number): boolean {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === codes.rightSquareBracket) return i > from;
  return false;
}

/**
 * RFC 1738 §3.1 `host = hostname | hostnumber`: every label non-empty and
 * neither starting nor ending with `-`; a dotted host whose last label starts
 * with a digit must be four groups of digits (an IPv4 number).
 */
function hasHostShape(text: string, start: number, end: number, plain: boolean): boolean {
  let labels = 0;
  let digitsOnly = true;
  let labelStart = start;
  let lastStartsWithDigit = false;
  for (let i = start; i <= end; i++) {
    const code = i === end ? codes.dot : text.charCodeAt(i);
    if (code !== codes.dot) {
      if (!isAsciiDigit(code)) digitsOnly = false;
      continue;
    }
    if (i === labelStart) return false;
    if (text.charCodeAt(labelStart) === codes.dash || text.charCodeAt(i - 1) === codes.dash) return false;
    labels++;
    lastStartsWithDigit = isAsciiDigit(text.charCodeAt(labelStart));
    labelStart = i + 1;
  }
  if (labels < 2 || !lastStartsWithDigit || !plain) return true;
  return digitsOnly && labels === ipv4Labels;
}
