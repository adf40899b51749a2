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
import { codes } from '../decode/character-codes.js';
import { isAsciiAlphanumeric, isAsciiDigit } from './character-classes.js';

/** Labels of a dotted IPv4 number. */
const ipv4Labels = 4;

/** What the one pass is reading, after the last `@` so far. */
const reading = { name: 0, nameEnded: 1, literal: 2, closedLiteral: 3 } as const;

/**
 * The host of the authority starting at `from` (right after `//`) in
 * `text.slice(from, end)`: true unless it cannot be a host. A host in `[…]`
 * (an IP literal, closed), an empty one and one spelled with characters
 * no host name holds (`%`, `_`) are left to the parser.
 *
 * RFC 1738 §3.1 `host = hostname | hostnumber`: every label non-empty and
 * neither starting nor ending with `-`; a dotted host whose last label starts
 * with a digit must be four groups of digits (an IPv4 number). The host is
 * after the authority's last `@` and ends at the first character no host
 * name holds (a port's `:`, a bracket, a quote); dots at its end may be the
 * sentence's full stop.
 *
 * One pass over the authority (this runs for every bare URL): an `@` starts
 * the host again, so a user name read as a host is forgotten.
 */
export function hostCanBe(text: string, from: number, end: number): boolean {
  let hostStart = from;
  let state: number = reading.name;
  let literalShape = false;
  let labels = 0;
  let labelStart = -1;
  let lastCode = 0;
  let digitsOnly = true;
  let lastStartsWithDigit = false;
  let plain = true;
  /** An empty label was seen: fatal once another label follows (only trailing dots may be empty). */
  let emptyLabel = false;
  let bad = false;
  let i = from;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.slash || code === codes.questionMark || code === codes.numberSign) break;
    if (code === codes.atSign) {
      hostStart = i + 1;
      state = reading.name;
      labels = 0;
      labelStart = -1;
      digitsOnly = true;
      plain = true;
      emptyLabel = false;
      bad = false;
      continue;
    }
    if (state === reading.name) {
      if (code === codes.dot) {
        if (labelStart === -1) {
          emptyLabel = true;
        } else {
          if (lastCode === codes.dash) bad = true;
          labels++;
          labelStart = -1;
        }
        continue;
      }
      const digit = isAsciiDigit(code);
      if (digit || code === codes.dash || isAsciiAlphanumeric(code) || code >= codes.asciiEnd) {
        // (plain host name characters)
      } else if (code === codes.underscore || code === codes.percentSign) {
        plain = false;
      } else if (code === codes.leftSquareBracket && i === hostStart) {
        // an IP literal is left to the parser once its `]` closes it: a lone `[` is a template's (`ssh://[<user>@]<host>`)
        state = reading.literal;
        continue;
      } else {
        state = reading.nameEnded;
        continue;
      }
      if (labelStart === -1) {
        if (emptyLabel || code === codes.dash) bad = true;
        labelStart = i;
        lastStartsWithDigit = digit;
      }
      if (!digit) digitsOnly = false;
      lastCode = code;
    } else if (state === reading.literal && code === codes.rightSquareBracket) {
      state = reading.closedLiteral;
      literalShape = i > hostStart + 1;
    }
  }
  if (state === reading.literal || state === reading.closedLiteral) return state === reading.closedLiteral && literalShape;
  // (an authority cut at the end of the text, with a `[` right after it: an unclosed literal)
  if (labels === 0 && labelStart === -1 && hostStart === i && text.charCodeAt(i) === codes.leftSquareBracket) return false;
  if (labelStart !== -1) {
    if (lastCode === codes.dash) bad = true;
    labels++;
  }
  if (bad) return false;
  if (labels < 2 || !lastStartsWithDigit || !plain) return true;
  return digitsOnly && labels === ipv4Labels;
}
