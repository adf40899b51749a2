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
import { hostCanBe } from '../host-shape.js';
import {
  knownSchemeByKey,
  type KnownScheme,
  maxKnownSchemeLength,
  mayEndKnownSchemeBefore,
  mayEndOpaqueScheme,
  minKnownSchemeLength,
  schemeKeyStep,
} from '../known-schemes.js';
import { closingBefore, trimTrailing } from '../trailing-punctuation.js';
import { linkTextStart } from '../link-text.js';
import { hasHost } from './has-host.js';
import {
  bufferEnd,
  codeAt,
  matched,
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
import { terminatorAfter } from './terminator.js';
import { hasUrlPrefixBefore } from './url-prefix.js';

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
  const next = buffer.charCodeAt(index + 1);
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
function bareFrom(input: ScanInput, colon: number, known: Progress | undefined, slashesSeen: boolean | undefined): Recognition {
  const { buffer, base, final, lastUrlEnd } = input;
  let slashes = slashesSeen;
  // look back over scheme characters
  let start = colon;
  const lowest = Math.max(lastUrlEnd, colon - maxSchemeLength - 1, base);
  while (start > lowest && isSchemeChar(buffer.charCodeAt(start - 1 - base))) start--;
  // a scheme starts with a letter: skip leading digits, `+`, `-`, `.`
  while (start < colon && !isAsciiAlpha(buffer.charCodeAt(start - base))) start++;
  if (colon - start < minKnownSchemeLength) return noMatch;
  const before = start > base ? buffer.charCodeAt(start - 1 - base) : codes.space;
  if (start > lastUrlEnd && isAsciiAlphanumeric(before)) return noMatch;
  let scheme = knownSchemeBetween(input, start, colon);
  if (scheme === undefined) {
    // a known scheme joined to the word before by `.` or `-`: `spam.https://`, `re-http://`
    const joint = lastJoint(input, start, colon);
    if (joint !== -1) {
      scheme = knownSchemeBetween(input, joint + 1, colon);
      if (scheme !== undefined) start = joint + 1;
    }
  }
  if (scheme === undefined) {
    // any other scheme written with `//`: `svn+ssh://`, `git+https://`
    slashes ??= doubleSlashAfter(input, colon);
    if (slashes === undefined) return final ? noMatch : needMore;
    if (!slashes) return noMatch;
    scheme = otherScheme;
  }

  // what follows the colon
  if (scheme.hierarchical) {
    const host = hasHost(buffer, colon + 1 - base, scheme.emptyHost === true);
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
  let end = read.end;
  if (scheme.hierarchical && !hostCanBe(buffer, colon + 3 - base, end - base)) return noMatchBefore(0, read);

  // delimiters before the scheme
  const opened = start > lastUrlEnd ? codeAt(input, start - 1) : codes.space;
  const quoted = opened === codes.quotationMark && codeAt(input, end) === codes.quotationMark;
  if (opened === codes.apostrophe) end = apostropheBefore(input, colon + 1, end);
  else end = closingBefore(buffer, opened, start - base, end - base) + base;
  let rawStart = start;
  if (!quoted && before === codes.colon && hasUrlPrefixBefore(input, start - 1)) rawStart = start - 4;
  let urlEnd = end;
  let rawEnd = end;
  let url: string | undefined;
  if (quoted) {
    rawStart = start - 1;
    rawEnd = end + 1;
    // `\"` closes a string inside a string (JSON, C): the backslash escapes the quote, it is not the URL's
    if (codeAt(input, end - 1) === codes.backslash) urlEnd = end - 1;
  } else {
    urlEnd = trimTrailing(buffer, start - base, end - base) + base;
    url = textOf(input, start, urlEnd);
    // AsciiDoc's link text: `https://git-scm.com[Git]` (inside `[…]` a bracket group is the URL's: rule 15);
    // the URL's own text is searched first, as one native search
    if (opened !== codes.leftSquareBracket && url.includes('[')) {
      const text = linkTextStart(buffer, colon - base, urlEnd - base, url.includes(']')) + base;
      if (text < urlEnd) {
        urlEnd = trimTrailing(buffer, start - base, text - base) + base;
        url = textOf(input, start, urlEnd);
      }
    }
    rawEnd = urlEnd;
    if (urlEnd <= colon + 1) return noMatchBefore(0, read);
    // the cut may not reach into the `//` and the host's first character
    if (scheme.hierarchical && urlEnd < colon + 4) return noMatchBefore(0, read);
  }
  return matched(url ?? textOf(input, start, urlEnd), noAlternatives, quoted ? 'quoted' : 'bare', rawStart, rawEnd, read);
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
  if (to - from < minKnownSchemeLength || to - from > maxKnownSchemeLength) return undefined;
  const { buffer, base } = input;
  let key = 0;
  for (let i = from - base; i < to - base; i++) key = schemeKeyStep(key, buffer.charCodeAt(i));
  return knownSchemeByKey(key);
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
