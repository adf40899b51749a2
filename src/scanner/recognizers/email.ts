/**
 * State `email` (option `emails`): a bare address `local@domain.tld`,
 * reported as `mailto:`.
 *
 * ```markdown
 * > | mail timbl@info.cern.ch.
 *          ^^^^^ local part, read back from the `@`
 *               ^ trigger
 *                ^^^^^^^^^^^^ domain, up to the first character that is not one
 *                            ^ trailing dots and hyphens are punctuation
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { isAddressOpening, isAsciiAlpha, isAsciiAlphanumeric, isAsciiDigit, isDomainChar, isLocalPartChar } from '../character-classes.js';
import {
  matched,
  maxLocalPartLength,
  needMore,
  noAlternatives,
  noMatch,
  noMatchBefore,
  type Recognition,
  type ScanInput,
  textOf,
} from './recognition.js';

/** At the `@` at `at`. */
// rule: email-local-part
export function recognizeEmail(input: ScanInput, at: number): Recognition {
  const { buffer, base, lastUrlEnd } = input;
  // a letter or digit on both sides of the `@`, or no address here
  if (!isLocalPartChar(buffer.charCodeAt(at - 1 - base)) || !isAsciiAlphanumeric(buffer.charCodeAt(at + 1 - base))) {
    return Number.isNaN(buffer.charCodeAt(at + 1 - base)) && !input.final ? needMore : noMatch;
  }
  let start = at;
  const lowest = Math.max(lastUrlEnd, at - maxLocalPartLength, base);
  while (start > lowest && isLocalPartChar(buffer.charCodeAt(start - 1 - base))) start--;
  const before = buffer.charCodeAt(start - 1 - base);
  if (start > lastUrlEnd && before === codes.atSign) {
    // `a@b@c.d`: every `@` up to the end of this run of local part characters
    // and `@` has a local part that follows an `@` (or one longer than a
    // local part can be, which starts with a local part character): none
    // starts an address. Past the host characters right after this `@`, a
    // `www.` trigger is left to the search (`a@b@c'www.example.com`).
    return noMatchBefore(atSignRunEnd(buffer, at + 1 - base, input.options.schemeless) + base);
  }
  if (start > lastUrlEnd && (isLocalPartChar(before) || before === codes.slash)) return noMatch;
  // `Mail:jim@…` and `mail...jim@…`: the address starts after the colon or the dots
  for (let i = at - 1; i > start; i--) {
    if (buffer.charCodeAt(i - base) === codes.dot && buffer.charCodeAt(i - 1 - base) === codes.dot) {
      start = i + 1;
      break;
    }
  }
  start = localPartStart(input, start, at);
  if (start === at || buffer.charCodeAt(at - 1 - base) === codes.dot) return noMatch;
  const domain = domainAfter(input, at + 1);
  if (domain.end === undefined) return domain.read === undefined ? needMore : noMatchBefore(domain.read);
  return matched(`mailto:${textOf(input, start, domain.end)}`, noAlternatives, 'bare', start, domain.end);
}

/**
 * Buffer index of the end of the run of local part characters and `@` from
 * buffer index `from`; but past the host characters at its start, a `w` or
 * `W` ends it when `www.` is a trigger (`wwwTriggers`). Each part is one
 * native search of one character class (no backtracking): a run as long as
 * the text (`x'=a@` repeated) costs no loop the JIT must first warm up.
 */
function atSignRunEnd(buffer: string, from: number, wwwTriggers: boolean): number {
  const hostEnd = firstOutside(outsideHostRun, buffer, from);
  if (hostEnd === buffer.length || !isLocalPartChar(buffer.charCodeAt(hostEnd))) return hostEnd;
  return firstOutside(wwwTriggers ? outsideRunBeforeWww : outsideRun, buffer, hostEnd);
}

/** A search for the first character that is none of the ASCII characters `member` accepts. */
function searchOutside(member: (code: number) => boolean): RegExp {
  let members = '';
  for (let code = 0; code < codes.asciiEnd; code++) if (member(code)) members += `\\x${code.toString(16).padStart(2, '0')}`;
  return new RegExp(`[^${members}]`, 'g');
}

const outsideHostRun = searchOutside((code) => code === codes.atSign || isDomainChar(code));
const outsideRun = searchOutside((code) => code === codes.atSign || isLocalPartChar(code));
const outsideRunBeforeWww = searchOutside(
  (code) => (code === codes.atSign || isLocalPartChar(code)) && code !== codes.lowercaseW && code !== codes.uppercaseW,
);

/** Index of the first character of `text` from `from` that `search` finds, or the end of `text`. */
function firstOutside(search: RegExp, text: string, from: number): number {
  search.lastIndex = from;
  return search.test(text) ? search.lastIndex - 1 : text.length;
}

/**
 * Where the local part of the address at `at` starts, in the run of local
 * part characters from `from` (at most 64): RFC 5322 `atext` holds `'`, `=`,
 * `*` and the like, but running text puts them around an address too. So
 *
 * - an apostrophe is the address's only between two letters or digits
 *   (`o'brien@…`); elsewhere it is a quote, and the address starts after it
 *   (`author_email='jim@…`);
 * - a name and `=` before the address are an assignment when the `=` is the
 *   only one and the name is a command-line option (`--to=`), an
 *   environment variable (no lower-case letter: `GIT_AUTHOR_EMAIL=`) or a
 *   snake_case key (`author_email=`); other `=` are the address's
 *   (`a=b@…`, VERP's `list-bounces+jim=example.com@…`, SRS's
 *   `SRS0=HHH=TT=example.com=jim@…`);
 * - dots and quote or markup punctuation do not start an address
 *   (`'jim@…'`, `*jim@…*`, `~jim@…~`);
 * - a local part holds a letter or digit (`.*@example.com` is a pattern).
 *
 * Returns `at` when no local part is left.
 */
// rule: email-start
function localPartStart(input: ScanInput, from: number, at: number): number {
  const { buffer, base } = input;
  let start = from;
  let equals = -1;
  let equalsCount = 0;
  for (let i = from; i < at; i++) {
    const code = buffer.charCodeAt(i - base);
    if (code === codes.apostrophe) {
      if (i === from || !isAsciiAlphanumeric(buffer.charCodeAt(i - 1 - base)) || !isAsciiAlphanumeric(buffer.charCodeAt(i + 1 - base))) {
        start = i + 1;
        equals = -1;
        equalsCount = 0;
      }
    } else if (code === codes.equalsSign) {
      equals = i;
      equalsCount++;
    }
  }
  if (equalsCount === 1 && isAssignedName(buffer, start - base, equals - base)) start = equals + 1;
  while (start < at && isAddressOpening(buffer.charCodeAt(start - base))) start++;
  for (let i = start; i < at; i++) if (isAsciiAlphanumeric(buffer.charCodeAt(i - base))) return start;
  return at;
}

/** Is `text.slice(from, to)`, before an `=`, a command-line option, an environment variable or a snake_case key? */
function isAssignedName(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  if (text.charCodeAt(from) === codes.dash) return true;
  let lowerCase = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.underscore) return true;
    if (code >= codes.lowercaseA && code <= codes.lowercaseZ) lowerCase = true;
  }
  return !lowerCase;
}

/** Where a domain name ends (`undefined`: none there), and the end of the domain characters read (`undefined`: the buffer ends first). */
interface Domain {
  end: number | undefined;
  read: number | undefined;
}

const domainNeedsMore: Domain = Object.freeze({ end: undefined, read: undefined });

/**
 * A domain name starting at `from`: labels of letters, digits and `-`
 * joined by `.`, at least two, the last of letters; a last label of one
 * letter (GFM allows it: `a.b-c_d@a.b`) only when no label starts with a
 * digit (`react@16.x`, `lodash@4.17.x` are versions).
 *
 * ```markdown
 * > | timbl@info.cern.ch.
 *           ^^^^^^^^^^^^ domain
 * ```
 */
// rule: email-domain
function domainAfter(input: ScanInput, from: number): Domain {
  const { buffer, base } = input;
  const stop = buffer.length;
  // one pass over the domain characters, noting whether each label is good
  let labels = 0;
  let labelStart = from - base;
  let labelAlpha = true;
  let badLabel = false;
  let digitFirst = false;
  let i = from - base;
  for (; i < stop; i++) {
    const code = buffer.charCodeAt(i);
    if (code === codes.dot) {
      if (i === labelStart || buffer.charCodeAt(i - 1) === codes.dash) badLabel = true;
      labels++;
      labelStart = i + 1;
      labelAlpha = true;
    } else if (isDomainChar(code)) {
      if (i === labelStart && code === codes.dash) badLabel = true;
      if (i === labelStart && isAsciiDigit(code)) digitFirst = true;
      if (!isAsciiAlpha(code)) labelAlpha = false;
    } else {
      break;
    }
  }
  if (i >= stop && !input.final) return domainNeedsMore;
  // a rejected domain holds no trigger: the search goes on after it
  const read = i + base;
  // trailing dots and hyphens are punctuation
  let end = i;
  while (end > from - base && isDomainPunctuation(buffer.charCodeAt(end - 1))) end--;
  if (end < i) return { end: domainEndingAt(input, from, end + base), read };
  if (badLabel || labels < 1 || !labelAlpha || i - labelStart < 1 || (i - labelStart < 2 && digitFirst)) return { end: undefined, read };
  return { end: read, read };
}

/** The slow path of `domainAfter`, for a domain followed by dots or hyphens. */
function domainEndingAt(input: ScanInput, from: number, end: number): number | undefined {
  const labels = textOf(input, from, end).split('.');
  if (labels.length < 2) return undefined;
  for (const label of labels) {
    if (label === '' || label.startsWith('-') || label.endsWith('-')) return undefined;
  }
  const top = labels[labels.length - 1] as string;
  if (top.length < 1 || (top.length < 2 && labels.some((label) => isAsciiDigit(label.charCodeAt(0))))) return undefined;
  for (let k = 0; k < top.length; k++) if (!isAsciiAlpha(top.charCodeAt(k))) return undefined;
  return end;
}

function isDomainPunctuation(code: number): boolean {
  return code === codes.dot || code === codes.dash;
}
