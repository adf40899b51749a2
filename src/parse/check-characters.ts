/**
 * Checking a stretch of the input against one BNF rule, one character at a
 * time (§2.2, §5). Each offending character is reported once, with the most
 * specific code: a character that may never appear unencoded in a URL gets its
 * class's code (`space`, `control-character`, …); anything else gets the
 * code of the rule it breaks. Characters outside US-ASCII (an IRI's, RFC
 * 3987) are reported once per run, with their own encoding.
 */
import { codes } from '../decode/character-codes.js';
import { classSource, hex, inSet, national, unsafe, type CharSet } from './character-classes.js';
import type { ErrorCode } from './error-codes.js';
import { maxErrors, report, reportWithMessage, type ParseState } from './parse-state.js';
import { nonAsciiMessage } from './non-ascii-run.js';

/**
 * §2.2: the code for a character that is never allowed unencoded anywhere in a
 * URL (controls, space, non-ASCII, unsafe, national), or `undefined`. Among
 * the non-ASCII ones, bidirectional controls and invisible characters get
 * their own code.
 */
export function forbiddenCharacterCode(code: number): ErrorCode | undefined {
  if (code >= codes.asciiEnd) return isInvisible(code) ? 'invisible-character' : 'non-ascii';
  if (code <= codes.unitSeparator || code === codes.delete) return 'control-character';
  if (code === codes.space) return 'space';
  if (unsafe[code] === 1) return 'unsafe-character';
  if (national[code] === 1) return 'national-character';
  return undefined;
}

/**
 * Bidirectional controls and characters that show nothing: they make a URL
 * display as something else (`http://paypal.com\u202e@evil.example/`).
 */
// rule: invisible-character
function isInvisible(code: number): boolean {
  return (
    (code >= codes.zeroWidthSpace && code <= codes.rightToLeftMark) ||
    (code >= codes.leftToRightEmbedding && code <= codes.rightToLeftOverride) ||
    code === codes.wordJoiner ||
    (code >= codes.leftToRightIsolate && code <= codes.popDirectionalIsolate) ||
    code === codes.byteOrderMark
  );
}

/** Length of §5 `escape = "%" hex hex`. */
export const escapeLength = 3;

/** §5 `escape = "%" hex hex`: true when one starts at `index`. */
export function isEscape(input: string, index: number): boolean {
  return (
    input.charCodeAt(index) === codes.percentSign &&
    inSet(hex, input.charCodeAt(index + 1)) &&
    inSet(hex, input.charCodeAt(index + 2))
  );
}

/**
 * Index of the next character after `index`: skips the low half of a
 * surrogate pair so that one character outside the BMP is reported once.
 */
function nextIndex(input: string, index: number, code: number): number {
  if (code >= codes.highSurrogateFirst && code <= codes.highSurrogateLast) {
    const low = input.charCodeAt(index + 1);
    if (low >= codes.lowSurrogateFirst && low <= codes.lowSurrogateLast) return index + 2;
  }
  return index + 1;
}

/**
 * Check `input[start..end)` against a rule made of `allowed` characters and
 * escapes, such as §5 `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
 * Every rule of this shape allows all `unreserved` characters, so a character
 * outside `allowed` is either forbidden everywhere or `reserved-character`.
 * A "%" that does not start an escape is `bad-escape`. Once the list of
 * errors is closed (`maxErrors`), the check stops: a long stretch of bad
 * characters is not read to its end for nothing.
 */
// rule: character-encoding
export function checkCharacters(state: ParseState, start: number, end: number, allowed: CharSet): void {
  const { input } = state;
  // a stretch to the end of the input may be searched natively (see `outsideAfter`)
  const toInputEnd = end === input.length;
  let run = 0;
  let index = start;
  while (index < end) {
    const code = input.charCodeAt(index);
    if (code < codes.asciiEnd && allowed[code] === 1) {
      index++;
      if (++run === longRun && toInputEnd) {
        index = outsideAfter(input, index, allowed);
        run = 0;
      }
    } else if (code === codes.percentSign) {
      run = 0;
      if (index + escapeLength <= end && isEscape(input, index)) {
        index += escapeLength;
      } else {
        report(state, 'bad-escape', index);
        index++;
        if (closed(state)) return;
      }
    } else {
      run = 0;
      const forbidden = forbiddenCharacterCode(code);
      if (forbidden === 'non-ascii') {
        index = reportNonAsciiRun(state, index, end, undefined);
      } else {
        report(state, forbidden ?? 'reserved-character', index);
        index = nextIndex(input, index, code);
      }
      if (closed(state)) return;
    }
  }
}

/**
 * Characters of a rule read one at a time in a row before the rest of the
 * run is searched for natively: a long URL (a 64 KiB one) is checked many
 * characters at a time, and a short one, or one dense with escapes, pays no
 * search call for a few characters.
 */
const longRun = 32;

/** For each rule's set, a search for the first character outside it (and `%`, unless in it). */
const outsideSearches = new WeakMap<CharSet, RegExp>();

/**
 * Index of the first character of `input` from `index` that is not in
 * `allowed`, or the end of the input: one native search of one character
 * class (no backtracking). Linear when called for a stretch that runs to the
 * end of the input, as `checkCharacters` does.
 */
function outsideAfter(input: string, index: number, allowed: CharSet): number {
  let search = outsideSearches.get(allowed);
  if (search === undefined) {
    search = new RegExp(`[^${classSource(allowed)}]`, 'g');
    outsideSearches.set(allowed, search);
  }
  search.lastIndex = index;
  return search.test(input) ? search.lastIndex - 1 : input.length;
}

/**
 * RFC 3987 §3.1: an IRI's characters outside US-ASCII map to a URI as their
 * UTF-8 octets, percent-encoded (in a host name: IDNA). One `non-ascii`
 * error for the run of them starting at `index` (before `end`), naming them
 * and their own encoding; returns where the run ends. `hostLabel`: the host
 * name label the run is in, if any.
 */
// rule: non-ascii-run
function reportNonAsciiRun(state: ParseState, index: number, end: number, hostLabel: string | undefined): number {
  const { input } = state;
  let runEnd = index;
  while (runEnd < end) {
    const code = input.charCodeAt(runEnd);
    if (code < codes.asciiEnd || forbiddenCharacterCode(code) !== 'non-ascii') break;
    runEnd = nextIndex(input, runEnd, code);
  }
  reportWithMessage(state, 'non-ascii', index, nonAsciiMessage(input, index, runEnd, hostLabel));
  return runEnd;
}

/** Is the list of errors closed (`too-many-errors`)? Then nothing more a check finds is kept. */
function closed(state: ParseState): boolean {
  return state.errors.length > maxErrors;
}

/** What {@link checkToken} returns when every character is in the alphabet. */
export const tokenOk = -1;
/** What {@link checkToken} returns when it already reported every problem. */
export const tokenHadForbiddenOnly = -2;

/**
 * Check a token made only of `alphabet` (no escapes), such as a host name
 * label or `digits`. Forbidden characters are reported with their own codes
 * (a run of characters outside US-ASCII once); the offset of the first other
 * character outside `alphabet` is returned for the caller to report with the
 * rule's code. Otherwise returns {@link tokenOk} or, when only forbidden
 * characters were found (and reported), {@link tokenHadForbiddenOnly}.
 * `inHost`: the token is a label of a host name.
 */
export function checkToken(state: ParseState, start: number, end: number, alphabet: CharSet, inHost = false): number {
  const { input } = state;
  let other: number = tokenOk;
  let forbidden = false;
  let index = start;
  while (index < end) {
    const code = input.charCodeAt(index);
    if (code < codes.asciiEnd && alphabet[code] === 1) {
      index++;
      continue;
    }
    const forbiddenCode = forbiddenCharacterCode(code);
    if (forbiddenCode === undefined) {
      if (other === tokenOk) other = index;
    } else if (forbiddenCode === 'non-ascii') {
      index = reportNonAsciiRun(state, index, end, inHost ? input.slice(start, end) : undefined);
      forbidden = true;
      continue;
    } else {
      report(state, forbiddenCode, index);
      forbidden = true;
    }
    index = nextIndex(input, index, code);
  }
  if (other !== tokenOk) return other;
  return forbidden ? tokenHadForbiddenOnly : tokenOk;
}

/**
 * Index of the first `code` in `input[start..end)`, or `end`. Up to the end
 * of `input`, the platform's search (many characters at a time); within a
 * shorter span, a loop that never reads past `end` (a parser calls this once
 * per segment: a search to the end of the input each time would not be
 * linear).
 */
export function indexOfCode(input: string, code: number, start: number, end: number): number {
  if (end === input.length) {
    const index = input.indexOf(String.fromCharCode(code), start);
    return index === -1 ? end : index;
  }
  for (let index = start; index < end; index++) {
    if (input.charCodeAt(index) === code) return index;
  }
  return end;
}

/** Index of the last `code` in `input[start..end)`, or -1. */
export function lastIndexOfCode(input: string, code: number, start: number, end: number): number {
  for (let index = end - 1; index >= start; index--) {
    if (input.charCodeAt(index) === code) return index;
  }
  return -1;
}

const decimalRadix = 10;

/**
 * The value of `input[start..end)`, which holds only decimal digits, or
 * `undefined` when it is beyond `Number.MAX_SAFE_INTEGER`.
 */
export function digitsValue(input: string, start: number, end: number): number | undefined {
  let value = 0;
  for (let index = start; index < end; index++) {
    value = value * decimalRadix + (input.charCodeAt(index) - codes.digit0);
    if (value > Number.MAX_SAFE_INTEGER) return undefined;
  }
  return value;
}
