/**
 * Can the host of a bare `scheme://` URL be a host at all, and where must the
 * URL end for its authority to hold only what an authority may? Running text
 * is full of strings that start like a URL and are not one: `http://-x/`,
 * `http://a..b/`, `http://1.2.3/`, `http://12345/`, `http://fe80::1/`. Such a
 * URL is not reported in running text; inside a `<URL:...>` wrapper it is
 * reported with the parser's error.
 *
 * ```markdown
 * > | see http://user@host.example.com:8080/path
 *                 ^^^^^^^^^^^^^^^^^^^^^^^^^ the authority: the host is after its last `@`
 * > | see http://example.com\foo and http://example.com:٨٠/
 *                           ^ ends the URL      ^ ends the URL
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { isAsciiAlphanumeric, isAsciiDigit } from './character-classes.js';

/** Labels of a dotted IPv4 number. */
const ipv4Labels = 4;

/** What the one pass is reading, after the last `@` so far. */
const reading = { name: 0, nameEnded: 1, literal: 2, port: 3 } as const;

/** {@link authorityEnd}: the host cannot be a host; the text is no URL. */
export const noHost = -1;

/**
 * The authority starting at `from` (right after `//`) in `text.slice(from,
 * end)`: {@link noHost} when its host cannot be a host, else where the URL
 * ends: `end`, or before the first character after the host that no URL or
 * IRI may hold there (then the rest is text).
 *
 * RFC 1738 §3.1 `host = hostname | hostnumber`: every label non-empty and
 * neither starting nor ending with `-`; a dotted host whose last label starts
 * with a digit must be four groups of digits (an IPv4 number), and a host of
 * digits alone, without dots, is no host (nor a name: "the rightmost domain
 * label will never start with a digit"). An IPv6 address is written in
 * brackets (RFC 2732, RFC 3986 §3.2.2): a host followed by two colons with
 * something after the second (`http://fe80::1/`, `http://2001:db8::1/`) is
 * an address without them, no URL. The host is after the authority's last
 * `@` and ends at the first character no host name holds (a port's `:`, a
 * bracket, a quote); dots at its end may be the sentence's full stop. A host
 * in `[…]` (an IP literal, closed), an empty one and one spelled with
 * characters no host name holds (`%`, `_`) are left to the parser.
 *
 * Where the URL ends (RFC 3987 §2.2, RFC 3986 §3.2): after the last `@`, a
 * `\` (`http://example.com\foo`, an escape or a Windows path of the text
 * around the URL; but not in a `file:` URL, `backslashEnds` false: rule 12)
 * and a character beyond US-ASCII in the port (`http://example.com:٨٠/`:
 * `port = *DIGIT`, ASCII digits only; Arabic-Indic or Devanagari digits, or
 * the word that follows a port with no space, `http://localhost:8080进行`)
 * end the URL. A `\` or such character before a later `@` is the user's. A
 * `\.` there is a regular expression's escaped dot (`https://www\.python\.org`):
 * no URL at all.
 *
 * One pass over the authority (this runs for every bare URL): an `@` starts
 * the host again, so a user name read as a host is forgotten.
 */
// rule: backslash-after-host
// rule: host-shape
// rule: ipv6-needs-brackets
// rule: port-ascii-digits
export function authorityEnd(text: string, from: number, end: number, backslashEnds: boolean): number {
  let hostStart = from;
  let state: number = reading.name;
  /** The host is an IP literal, closed by its `]`; and it holds something. */
  let closedLiteral = false;
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
  /** Where the port starts, a colon after the host's first one, and whether anything followed one: `fe80::1`. */
  let portStart = -1;
  let secondColon = false;
  let unbracketedAddress = false;
  /** Where the URL ends, once a character that ends it was read after the last `@` (-1: none yet). */
  let cut = -1;
  /** `\.` in the host: a regular expression's escaped dot (`https://www\.python\.org`), no host. */
  let escapedDot = false;
  let i = from;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.slash || code === codes.questionMark || code === codes.numberSign) {
      // (a second colon that the path follows: `http://fe80::/`; a colon ending the text may be the sentence's)
      if (secondColon && cut === -1) unbracketedAddress = true;
      break;
    }
    if (code === codes.atSign) {
      hostStart = i + 1;
      state = reading.name;
      closedLiteral = false;
      labels = 0;
      labelStart = -1;
      digitsOnly = true;
      plain = true;
      emptyLabel = false;
      bad = false;
      secondColon = false;
      unbracketedAddress = false;
      cut = -1;
      escapedDot = false;
      continue;
    }
    // past the end of the URL: only a later `@` (the end was the user's) matters
    if (cut !== -1) continue;
    if (code === codes.backslash && backslashEnds) {
      cut = i;
      escapedDot = i + 1 < end && text.charCodeAt(i + 1) === codes.dot;
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
        state = code === codes.colon ? reading.port : reading.nameEnded;
        portStart = i + 1;
        continue;
      }
      if (labelStart === -1) {
        if (emptyLabel || code === codes.dash) bad = true;
        labelStart = i;
        lastStartsWithDigit = digit;
      }
      if (!digit) digitsOnly = false;
      lastCode = code;
    } else if (state === reading.port) {
      if (code >= codes.asciiEnd) cut = i;
      else if (code === codes.colon) {
        // `::` right after the host: no port starts so
        if (i === portStart) unbracketedAddress = true;
        secondColon = true;
      } else if (secondColon) unbracketedAddress = true;
    } else if (state === reading.literal) {
      if (code === codes.rightSquareBracket) {
        state = reading.nameEnded;
        closedLiteral = true;
        literalShape = i > hostStart + 1;
      }
    } else if (code === codes.colon && closedLiteral) {
      // `[::1]:8080`
      state = reading.port;
      portStart = i + 1;
    }
  }
  const urlEnd = cut === -1 ? end : cut;
  if (state === reading.literal || escapedDot) return noHost;
  if (closedLiteral) return literalShape && !unbracketedAddress ? urlEnd : noHost;
  if (unbracketedAddress) return noHost;
  // (an authority cut at the end of the text, with a `[` right after it: an unclosed literal)
  if (labels === 0 && labelStart === -1 && hostStart === i && text.charCodeAt(i) === codes.leftSquareBracket) return noHost;
  if (labelStart !== -1) {
    if (lastCode === codes.dash) bad = true;
    labels++;
  }
  if (bad) return noHost;
  if (!plain) return urlEnd;
  // a number alone: `http://12345/`
  if (labels === 1 && digitsOnly) return noHost;
  if (labels < 2 || !lastStartsWithDigit) return urlEnd;
  return digitsOnly && labels === ipv4Labels ? urlEnd : noHost;
}
