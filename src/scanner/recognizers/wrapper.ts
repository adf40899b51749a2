/**
 * State `wrapper`: a `<URL:...>` or `<scheme:...>` wrapper (RFC 1738
 * Appendix; RFC 3986 Appendix C), whose content may run over lines.
 *
 * ```markdown
 * > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *                                ^ trigger: `<` then `URL:` or a known scheme and `:`
 *                                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ content
 * > |    type=d> but you can probably pick it up from
 *     ^^^^^^^^^ content up to `>`, whitespace removed (compact-wrapper.ts)
 * ```
 *
 * A wrapper that does not close (at `maxWrapperLength`, a blank line, a
 * second `<`, or the end of input) is abandoned: the scanner reads its text
 * again as ordinary text. Its content holds no `<`, so no `<` is read as a
 * wrapper twice; a `<URL:<URL:…` chain is walked to its last link at once,
 * and, when that link waits for more input, the chain is not walked again.
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlpha, isInlineSpace, isLineBreak, isSchemeChar } from '../character-classes.js';
import { compactWrapper, hyphenReadings } from '../compact-wrapper.js';
import { knownScheme, knownSchemeIn, maxKnownSchemeLength, mayBeginKnownScheme } from '../known-schemes.js';
import { hasHost } from './has-host.js';
import {
  bufferEnd,
  matched,
  maxSchemeLength,
  needMore,
  needMoreAfter,
  noMatch,
  noMatchBefore,
  type Progress,
  type Recognition,
  type ScanInput,
} from './recognition.js';
import { notThere, tooSoon, urlPrefixAt } from './url-prefix.js';

/** A wrapper's content read so far, without its `>`. */
export interface WrapperProgress {
  readonly reader: 'wrapper';
  /** Absolute offset of the `<` the recognizer was called at: the first link of a `<URL:<URL:…` chain. */
  readonly trigger: number;
  /** Absolute offset of the wrapper's `<`: the chain's last link. */
  readonly lessThan: number;
  /** Absolute offset where reading the content goes on. */
  readonly readTo: number;
  /** A line break was read, and only whitespace after it. */
  readonly blankSoFar: boolean;
}

/** At the `<` at `lessThan`; `known` is the progress of the last recognizer that read ahead. */
export function recognizeWrapper(input: ScanInput, lessThan: number, known: Progress | undefined): Recognition {
  // `</p>`, `<!--`, `<div>`: most `<` fail here, in a function small enough to be inlined
  // (read only inside the buffer: a read past its end gives NaN, and the optimized loop it is inlined into is thrown away the first time)
  const buffer = input.buffer;
  const second = lessThan + 2 - input.base;
  if (second < buffer.length && !mayBeginKnownScheme(buffer.charCodeAt(second - 1), buffer.charCodeAt(second))) return noMatch;
  return wrapperFrom(input, lessThan, known);
}

/** `recognizeWrapper` past its first check. */
// rule: wrapper-url-prefix
function wrapperFrom(input: ScanInput, lessThan: number, known: Progress | undefined): Recognition {
  const { buffer, base, final } = input;
  // called again at the same `<`: the links already abandoned are not read again
  const first = known !== undefined && known.reader === 'wrapper' && known.trigger === lessThan ? known.lessThan : lessThan;
  let start = first;
  while (true) {
    let contentStart: number;
    let form: 'url-wrapper' | 'angle';
    // `URL:` prefix, case-insensitive
    const prefix = urlPrefixAt(input, start + 1);
    if (prefix === tooSoon) return final ? none(lessThan, start) : needMore;
    if (prefix !== notThere) {
      contentStart = prefix;
      form = 'url-wrapper';
    } else {
      // `<scheme:`, a known scheme
      if (!isAsciiAlpha(buffer.charCodeAt(start + 1 - base))) return none(lessThan, start);
      let i = start + 1;
      const end = bufferEnd(input);
      for (; i < end && i - start <= maxKnownSchemeLength; i++) {
        if (!isSchemeChar(buffer.charCodeAt(i - base))) break;
      }
      if (i >= end) return final ? none(lessThan, start) : needMore;
      if (buffer.charCodeAt(i - base) !== codes.colon) return none(lessThan, start);
      if (knownSchemeIn(buffer, start + 1 - base, i - base) === undefined) return none(lessThan, start);
      contentStart = start + 1;
      form = 'angle';
    }
    const close = closeAfter(input, start, contentStart, known);
    if (close === waiting || close === waitingAfterBreak) {
      return needMoreAfter({ reader: 'wrapper', trigger: lessThan, lessThan: start, readTo: bufferEnd(input), blankSoFar: close === waitingAfterBreak });
    }
    if (close === abandoned) {
      if (form === 'angle') return none(lessThan, start);
      // `<URL:<URL:…`: abandoned at a `<` right after `URL:`, with nothing to
      // read again in between: go straight on with that `<`
      if (buffer.charCodeAt(contentStart - base) === codes.lessThan) {
        start = contentStart;
        continue;
      }
      // `URL:` starts no bare URL: reading again goes on after it
      return noMatchBefore(contentStart);
    }
    const compacted = compactWrapper(buffer, contentStart - base, close - base);
    if (!acceptWrapped(compacted.text, form)) return none(lessThan, start);
    const readings = hyphenReadings(compacted, input.options.hyphen);
    return matched(readings[0] as string, readings.slice(1), form, start, close + 1);
  }
}

/**
 * No wrapper at the `<` at `start`, reached from the one at `lessThan`: the
 * search goes on after it, so each `<` of `<URL:<URL:…` is read once.
 */
function none(lessThan: number, start: number): Recognition {
  return start === lessThan ? noMatch : noMatchBefore(start + 1);
}

/** `closeAfter`: the wrapper does not close. */
const abandoned = -1;
/** `closeAfter`: the buffer ends first. */
const waiting = -2;
/** `closeAfter`: the buffer ends first, after a line break and only whitespace. */
const waitingAfterBreak = -3;

/**
 * Read a wrapper's content for its `>`: its offset, `abandoned` when the
 * wrapper is abandoned (at a second `<`, a blank line, `maxWrapperLength`
 * characters, or the end of input), or `waiting` or `waitingAfterBreak` when
 * the buffer ends first (always a number: this runs once per link of a long
 * `<URL:<URL:…` chain).
 *
 * ```markdown
 * > | <URL:ftp://ds.in
 *          ^^^^^^^^^^^ content
 * > |    ternic.net/rfc>.
 *        ^^^^^^^^^^^^^^ content, then `>`
 * ```
 */
// rule: wrapper-fragment
// rule: unclosed-wrapper
function closeAfter(input: ScanInput, lessThan: number, contentStart: number, known: Progress | undefined): number {
  const { buffer, base } = input;
  const limit = lessThan + input.options.maxWrapperLength;
  let i = contentStart;
  let blankSoFar = false;
  if (known !== undefined && known.reader === 'wrapper' && known.lessThan === lessThan) {
    i = known.readTo;
    blankSoFar = known.blankSoFar;
  }
  const end = bufferEnd(input);
  for (; i < end; i++) {
    if (i >= limit) return abandoned;
    const code = buffer.charCodeAt(i - base);
    if (code === codes.greaterThan) return i;
    if (code === codes.lessThan) return abandoned;
    if (isLineBreak(code)) {
      // CRLF is one break
      if (code === codes.lineFeed && buffer.charCodeAt(i - 1 - base) === codes.carriageReturn) continue;
      if (blankSoFar) return abandoned;
      blankSoFar = true;
    } else if (!isInlineSpace(code) && code !== codes.formFeed && code !== codes.verticalTab) {
      blankSoFar = false;
    }
  }
  if (input.final) return abandoned;
  return blankSoFar ? waitingAfterBreak : waiting;
}

/**
 * Is the content of a wrapper a URL? A scheme (letter first) and `:`; a
 * hierarchical known scheme needs `//` and a host.
 */
// rule: angle-wrapper
// rule: wrapper-needs-host
function acceptWrapped(url: string, form: 'url-wrapper' | 'angle'): boolean {
  let i = 0;
  while (i < url.length && i < maxSchemeLength && isSchemeChar(url.charCodeAt(i))) i++;
  if (i === 0 || url.charCodeAt(i) !== codes.colon || !isAsciiAlpha(url.charCodeAt(0))) return false;
  const scheme = knownScheme(url.slice(0, i).toLowerCase());
  if (form === 'angle' && scheme === undefined) return false;
  if (i + 1 >= url.length) return false;
  if (scheme?.hierarchical) return hasHost(url, i + 1, scheme.emptyHost === true, true) === true;
  return true;
}
