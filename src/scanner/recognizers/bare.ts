/**
 * State `bare`: a URL in running text, after a scheme and its `:` (RFC 1738
 * Appendix). A known scheme starts one, and so does any other scheme
 * followed by `//`.
 *
 * ```markdown
 * > | see http://example.com/a_(b)).
 *         ^^^^ scheme, read back from the `:` to a word start
 *             ^ trigger
 *              ^^^^^^^^^^^^^^^^^^^ runs to a terminator (terminator.ts), then trailing
 *                                  punctuation is cut (trailing-punctuation.ts) and a host
 *                                  that cannot be one rejects it (host-shape.ts)
 * > | "http://example.com/" and URL:http://example.com/
 *     ^ quoted: the quotes    ^^^^ `URL:` prefix: both belong to the raw text
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import {
  isAsciiAlpha,
  isAsciiAlphanumeric,
  isBareTerminator,
  isSchemeChar,
  isTrailingPunctuation,
} from '../character-classes.js';
import { authorityEnd, noHost } from '../host-shape.js';
import { hyphenReadings } from '../compact-wrapper.js';
import {
  registeredEndingInKnown,
  type KnownScheme,
  maxKnownSchemeLength,
  mayEndKnownSchemeBefore,
  mayEndOpaqueScheme,
  minKnownSchemeLength,
  knownSchemeIn,
  noCharacter,
} from '../known-schemes.js';
import { closingBefore, trimTrailing } from '../trailing-punctuation.js';
import { linkTextStart } from '../link-text.js';
import { hasHost } from './has-host.js';
import {
  bufferEnd,
  codeAt,
  matched,
  maxBareUrlLength,
  maxSchemeLength,
  needMore,
  needMoreAfter,
  noAlternatives,
  noMatch,
  noMatchBefore,
  type Progress,
  type Recognition,
  type ScanInput,
  textOf,
} from './recognition.js';
import { absoluteOf, hyphensOf, joinedText } from './hyphen-break.js';
import { firstAbove, hasAtSignBetween, terminatorAfter, type TerminatorProgress } from './terminator.js';
import { hasUrlPrefixBefore } from './url-prefix.js';
import { mayStartWww } from './schemeless.js';

/** A scheme not in the known list, written with `//`: read by the generic form, with a host. */
const otherScheme: KnownScheme = { hierarchical: true };

/** At the `:` at `colon`; `known` is the progress of the last recognizer that read ahead. */
export function recognizeBare(input: ScanInput, colon: number, known: Progress | undefined): Recognition {
  // most colons in prose fail here ("Note:", "10:30"), in a function small
  // enough to be inlined: only a known scheme or `//` goes on
  const buffer = input.buffer;
  const index = colon - input.base;
  if (index < 2) return noMatch;
  const beforeLast = buffer.charCodeAt(index - 2);
  const last = buffer.charCodeAt(index - 1);
  // (read only inside the buffer: a read past its end gives NaN, and the optimized loop this is inlined into is thrown away)
  const next = index + 1 < buffer.length ? buffer.charCodeAt(index + 1) : noCharacter;
  let slashes: boolean | undefined;
  if (!mayEndKnownSchemeBefore(beforeLast, last, next)) {
    slashes = doubleSlashAfter(input, colon);
    if (slashes === undefined) return input.final ? noMatch : needMore;
    if (!slashes) return noMatch;
  }
  if (next === codes.slash && hostlessAfter(buffer, index)) return noMatch;
  return bareFrom(input, colon, known, slashes);
}

/**
 * At the `:` at buffer index `colon` (at least 2), followed by `/`: a
 * scheme that needs a host, and none after its `//` (`(http://-a.b/`)? Told
 * from the two letters before the colon, before the scheme is read back;
 * also asked by the scanner's loop over dense text, which then does not
 * stop at this colon. False when the buffer ends too soon to tell.
 */
export function hostlessAfter(buffer: string, colon: number): boolean {
  return !mayEndOpaqueScheme(buffer.charCodeAt(colon - 2), buffer.charCodeAt(colon - 1)) && hasHost(buffer, colon + 1, true) === false;
}

/** `recognizeBare` past its first check; `slashes`: is there `//` after the colon (`undefined`: not looked at yet). */
// rule: any-scheme-with-slashes
// rule: scheme-starts-with-letter
// rule: scheme-alone-is-prose
// rule: scheme-before-other-script
// rule: mailto-needs-address
function bareFrom(input: ScanInput, colon: number, known: Progress | undefined, slashesSeen: boolean | undefined): Recognition {
  const { buffer, base, final, lastUrlEnd } = input;
  let slashes = slashesSeen;
  // look back over scheme characters
  let start = colon;
  const lowest = Math.max(lastUrlEnd, colon - maxSchemeLength - 1, base);
  while (start > lowest && isSchemeChar(buffer.charCodeAt(start - 1 - base))) start--;
  const run = start;
  // a scheme starts with a letter: skip leading digits, `+`, `-`, `.`
  while (start < colon && !isAsciiAlpha(buffer.charCodeAt(start - base))) start++;
  if (colon - start < minKnownSchemeLength) return noMatch;
  const before = start > base ? buffer.charCodeAt(start - 1 - base) : codes.space;
  /** Digits glued before the scheme (`3http://`), or a word longer than any scheme. */
  const wordBefore = start > lastUrlEnd && isAsciiAlphanumeric(before);
  let scheme = wordBefore ? undefined : knownSchemeBetween(input, start, colon);
  if (scheme === undefined && !wordBefore) {
    // a known scheme joined to the word before by `.` or `-`: `spam.https://`, `re-http://`
    const joint = lastJoint(input, start, colon);
    if (joint !== -1) {
      scheme = knownSchemeBetween(input, joint + 1, colon);
      if (scheme !== undefined) start = joint + 1;
    }
  }
  /** Where the word a known scheme is glued to starts (`greathttps://`), or -1. */
  let word = -1;
  if (scheme === undefined) {
    // a known scheme glued to a word of letters and digits: a missing space (`greathttps://`, `Emailmailto:`)
    const glued = gluedSchemeStart(input, wordBefore ? run : start, colon);
    const gluedScheme = glued === -1 ? undefined : knownSchemeBetween(input, glued, colon);
    if (gluedScheme?.hierarchical === true) {
      slashes ??= doubleSlashAfter(input, colon);
      if (slashes === undefined) return final ? noMatch : needMore;
    }
    if (gluedScheme !== undefined && (gluedScheme.address === true || slashes === true)) {
      word = wordBefore ? run : start;
      start = glued;
      scheme = gluedScheme;
    } else if (wordBefore) {
      return noMatch;
    } else {
      // any other scheme written with `//`: `svn+ssh://`, `git+https://`; no longer than a scheme may be
      if (colon - start > maxSchemeLength) return noMatch;
      slashes ??= doubleSlashAfter(input, colon);
      if (slashes === undefined) return final ? noMatch : needMore;
      if (!slashes) return noMatch;
      scheme = otherScheme;
    }
  }

  // what follows the colon
  if (scheme.hierarchical) {
    const host = hasHost(buffer, colon + 1 - base, scheme.emptyHost === true, final);
    if (host === undefined) return final ? noMatch : needMore;
    if (!host) return noMatch;
  } else {
    const next = buffer.charCodeAt(colon + 1 - base);
    if (Number.isNaN(next)) return final ? noMatch : needMore;
    if (isBareTerminator(next) || isTrailingPunctuation(next)) return noMatch;
    // `news:形式` in Chinese text: a word followed by a colon, not a URL
    if (next >= codes.highSurrogateFirst && next <= codes.highSurrogateLast && colon + 2 >= bufferEnd(input) && !final) {
      return needMore;
    }
    if (next >= codes.asciiEnd && isLetterAt(buffer, colon + 1 - base)) return noMatch;
  }

  // the end: the next terminator
  const read = terminatorAfter(input, colon + 1, start, known);
  if (read.end === undefined) return needMoreAfter(read);
  // `mailto:` and a word without `@` is prose (`mailto: URLs`, `mailto:postmaster`): an address has one
  if (scheme.address === true && !hasAtSignBetween(read, colon, read.end)) return noMatchBefore(afterProse(input, colon, read), read);
  const first = firstAbove(read.joins, read.joinCount, colon, 2);
  // the text around a glued word is the text around the URL (but a quoted string is the word's)
  const wordStart = word === -1 ? start : word;
  let opened = wordStart > lastUrlEnd ? codeAt(input, wordStart - 1) : codes.space;
  if (word !== -1 && opened === codes.quotationMark) opened = codes.space;
  const prefixed = word === -1 && opened === codes.colon && hasUrlPrefixBefore(input, start - 1);
  const found =
    first < read.joinCount && (read.joins[first] as number) < read.end
      ? joinedUrl(input, start, colon, read, first, scheme, opened, prefixed)
      : urlOf(input, start, colon, read.end, scheme, opened, codeAt(input, read.end), prefixed);
  if (found === undefined) return noMatchBefore(0, read);
  if (word === -1 && found.alternatives.length === 0 && scheme.address !== true) {
    return matched(found.url, noAlternatives, found.form, found.rawStart, found.rawEnd, read);
  }
  if (scheme.address === true && !hasAtSignBetween(read, colon, found.urlEnd)) return noMatchBefore(0, read);
  let alternatives = found.alternatives;
  // the glued reading, when the glued word is a scheme (it starts with a letter)
  if (word !== -1 && isAsciiAlpha(codeAt(input, word)) && colon - word <= maxSchemeLength) {
    alternatives = [...alternatives, textOf(input, word, start) + found.url];
  }
  return matched(found.url, alternatives.length === 0 ? noAlternatives : alternatives, found.form, found.rawStart, found.rawEnd, read);
}

/** A bare URL read from its scheme at `start` to its end: its reading and raw span. */
interface FoundUrl {
  readonly url: string;
  readonly alternatives: string[];
  readonly form: 'bare' | 'quoted';
  readonly rawStart: number;
  readonly rawEnd: number;
  /** Absolute end of the URL itself (before a closing quote). */
  readonly urlEnd: number;
}

/**
 * The URL from the scheme at `start` (its colon at `colon`) to the
 * terminator at `terminator`, on one line: where its authority allows it to
 * end, then the delimiters around it (`opened` is the character before the
 * URL, `closing` the terminator; `prefixed`: `URL:` stands before it),
 * trailing punctuation and link text; `undefined` when what is left is no URL.
 */
// rule: quoted-url
function urlOf(
  input: ScanInput,
  start: number,
  colon: number,
  terminator: number,
  scheme: KnownScheme,
  opened: number,
  closing: number,
  prefixed: boolean,
): FoundUrl | undefined {
  const { buffer, base } = input;
  let end = terminator;
  if (scheme.hierarchical) {
    const authority = authorityEnd(buffer, colon + 3 - base, end - base, scheme.windowsPaths !== true);
    if (authority === noHost) return undefined;
    // (a `\` that is the URL's last character is rule 12's: an escape of the text around it, cut below)
    if (authority < end - base - 1 || authority >= buffer.length || buffer.charCodeAt(authority) !== codes.backslash) end = authority + base;
  }
  // delimiters before the scheme
  const quoted = opened === codes.quotationMark && (end === terminator ? closing : codeAt(input, end)) === codes.quotationMark;
  if (opened === codes.apostrophe) end = apostropheBefore(input, colon + 1, end);
  else end = closingBefore(buffer, opened, start - base, end - base) + base;
  const rawStart = prefixed && !quoted ? start - 4 : start;
  if (quoted) {
    // `\"` closes a string inside a string (JSON, C): the backslash escapes the quote, it is not the URL's
    const urlEnd = codeAt(input, end - 1) === codes.backslash ? end - 1 : end;
    return { url: textOf(input, start, urlEnd), alternatives: noAlternatives, form: 'quoted', rawStart: start - 1, rawEnd: end + 1, urlEnd };
  }
  let urlEnd = trimTrailing(buffer, start - base, end - base) + base;
  let url = textOf(input, start, urlEnd);
  // AsciiDoc's link text: `https://git-scm.com[Git]` (inside `[…]` a bracket group is the URL's: rule 15);
  // the URL's own text is searched first, as one native search
  if (opened !== codes.leftSquareBracket && url.includes('[')) {
    const text = linkTextStart(buffer, colon - base, urlEnd - base, url.includes(']')) + base;
    if (text < urlEnd) {
      urlEnd = trimTrailing(buffer, start - base, text - base) + base;
      url = textOf(input, start, urlEnd);
    }
  }
  if (urlEnd <= colon + 1) return undefined;
  // the cut may not reach into the `//` and the host's first character
  if (scheme.hierarchical && urlEnd < colon + 4) return undefined;
  return { url, alternatives: noAlternatives, form: 'bare', rawStart, rawEnd: urlEnd, urlEnd };
}

/**
 * The URL from the scheme at `start` across the hyphen line breaks of `read`
 * from its pair `first` on (hyphen-break.ts): read as `urlOf` reads one line,
 * on its text without the breaks. Its readings are the hyphen rule's, as in
 * a wrapper. The first line alone is not a reading: the Appendix tells the
 * reader to ignore the whitespace after a hyphen, and a URL that really ends
 * in `-` at a line's end is rare where prose hyphenation is common.
 */
function joinedUrl(
  input: ScanInput,
  start: number,
  colon: number,
  read: TerminatorProgress,
  first: number,
  scheme: KnownScheme,
  opened: number,
  prefixed: boolean,
): FoundUrl | undefined {
  const end = read.end as number;
  const joined = joinedText(input, start, end, read, first);
  const view: ScanInput = { buffer: joined.text, base: 0, final: true, lastUrlEnd: 0, options: input.options };
  const found = urlOf(view, 0, colon - start, joined.text.length, scheme, opened, codeAt(input, end), prefixed);
  if (found === undefined) return undefined;
  const hyphens = hyphensOf(joined).filter((hyphen) => hyphen < found.urlEnd - 1);
  if (hyphens.length === 0) {
    // the URL ends before the first break, at its line's `-` or earlier
    return { ...found, rawStart: found.rawStart + start, rawEnd: absoluteOf(joined, found.rawEnd), urlEnd: absoluteOf(joined, found.urlEnd) };
  }
  const readings = hyphenReadings({ text: found.url, hyphenBreaks: hyphens }, input.options.hyphen);
  return {
    url: readings[0] as string,
    alternatives: readings.slice(1),
    form: found.form,
    rawStart: found.rawStart + start,
    rawEnd: absoluteOf(joined, found.rawEnd),
    urlEnd: absoluteOf(joined, found.urlEnd),
  };
}

/**
 * A known scheme at the end of the word of letters and digits [from, colon),
 * glued to it by a missing space (`greathttps://`, `Demohttp://`,
 * `Emailmailto:`): where it starts, or -1. Only a hierarchical scheme (the
 * caller then wants `//` after the colon) or `mailto` (whose URL needs an
 * `@`): `hotel:`, `return:`, `gossip:` are words, not `tel:`, `urn:`,
 * `sip:`. The longest known scheme wins (`sftp`, not `ftp`); a registered
 * scheme that ends in a known one (`tftp`, `shttp`) is read whole.
 */
// rule: scheme-glued-to-word
function gluedSchemeStart(input: ScanInput, from: number, colon: number): number {
  const { buffer, base } = input;
  for (let i = from; i < colon; i++) if (!isAsciiAlphanumeric(buffer.charCodeAt(i - base))) return -1;
  if (registeredEndingInKnown.has(textOf(input, from, colon).toLowerCase())) return -1;
  for (let length = Math.min(maxKnownSchemeLength, colon - from - 1); length >= minKnownSchemeLength; length--) {
    const scheme = knownSchemeBetween(input, colon - length, colon);
    if (scheme !== undefined && (scheme.hierarchical || scheme.address === true)) return colon - length;
  }
  return -1;
}

/**
 * Where the search for triggers goes on after a `mailto:` at `colon` that is
 * prose (its span, `read`, holds no `@`): past the other `mailto:` of the
 * span, which are prose too, up to the first trigger that may be something
 * else (another scheme's `:`, `www.`). Text dense with `mailto:` words is so
 * read once, not once a trigger. A span cut at the length cap is no proof
 * for a later `mailto:`, which reads further: then only those too early to
 * reach the next `@` are passed over (0: none).
 */
function afterProse(input: ScanInput, colon: number, read: TerminatorProgress): number {
  const { buffer, base } = input;
  const end = read.end as number;
  let limit = end;
  if (read.capped) {
    // a later `mailto:` reads as far as its own cap: one within reach of an `@` after `end` is looked at
    const reach = end + maxBareUrlLength;
    if (reach > bufferEnd(input) && !input.final) return 0;
    const at = buffer.slice(end - base, reach - base).indexOf('@');
    if (at !== -1) limit = Math.min(end, end + at - maxBareUrlLength);
  }
  if (input.options.schemeless) {
    for (let i = colon + 1; i < limit; i++) {
      const code = buffer.charCodeAt(i - base);
      if (code === codes.colon && !endsMailto(buffer, i - base)) return i;
      if ((code | caseBit) === codes.lowercaseW && mayStartWww(buffer, i - base)) return i;
    }
    return limit;
  }
  // only colons: found by the platform's search (the last search may run past `limit`, to the next
  // colon: the one the scanner goes on to, so no stretch is searched twice by these)
  for (let i = buffer.indexOf(':', colon + 1 - base); i !== -1 && i < limit - base; i = buffer.indexOf(':', i + 1)) {
    if (!endsMailto(buffer, i)) return i + base;
  }
  return limit;
}

/** The bit that tells an ASCII letter's cases apart. */
const caseBit = codes.lowercaseA - codes.uppercaseA;

const mailto = 'mailto';

/** Does `mailto` (any case) end right before buffer index `colon`? */
function endsMailto(buffer: string, colon: number): boolean {
  if (colon < mailto.length) return false;
  for (let k = 0; k < mailto.length; k++) {
    if ((buffer.charCodeAt(colon - mailto.length + k) | caseBit) !== mailto.charCodeAt(k)) return false;
  }
  return true;
}

/** Is there `//` after the `:` at `colon`? `undefined` when the buffer ends too soon to tell. */
function doubleSlashAfter(input: ScanInput, colon: number): boolean | undefined {
  const index = colon + 1 - input.base;
  const buffer = input.buffer;
  if (index < buffer.length && buffer.charCodeAt(index) !== codes.slash) return false;
  if (index + 1 >= buffer.length) return undefined;
  return buffer.charCodeAt(index + 1) === codes.slash;
}

/** The known scheme spelled by the absolute span [from, to), if any. */
function knownSchemeBetween(input: ScanInput, from: number, to: number): KnownScheme | undefined {
  return knownSchemeIn(input.buffer, from - input.base, to - input.base);
}

/** The last `.` or `-` in [from, to) with a letter after it, or -1. */
function lastJoint(input: ScanInput, from: number, to: number): number {
  const { buffer, base } = input;
  for (let i = to - 2 - base; i >= from - base; i--) {
    const code = buffer.charCodeAt(i);
    if ((code === codes.dot || code === codes.dash) && isAsciiAlpha(buffer.charCodeAt(i + 1))) return i + base;
  }
  return -1;
}

/** A URL opened by `'`: it ends at the next `'`, if one comes before `end`. */
// rule: apostrophe-delimiters
function apostropheBefore(input: ScanInput, from: number, end: number): number {
  for (let i = from; i < end; i++) if (codeAt(input, i) === codes.apostrophe) return i;
  return end;
}

/** Is the character at `index` (a whole surrogate pair) a letter of any script? */
function isLetterAt(text: string, index: number): boolean {
  const point = text.codePointAt(index);
  return point !== undefined && letter.test(String.fromCodePoint(point));
}

/** One character, a letter of any script. */
const letter = /^\p{L}$/u;
