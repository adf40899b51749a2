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
 * wrapper twice.
 */
import { codes } from '../../character-codes.js';
import { isAsciiAlpha, isInlineSpace, isLineBreak, isSchemeChar } from '../character-classes.js';
import { compactWrapper, hyphenReadings } from '../compact-wrapper.js';
import { knownScheme, knownSchemeByKey, maxKnownSchemeLength, mayBeginKnownScheme, schemeKeyStep } from '../known-schemes.js';
import { hasHost } from './has-host.js';
import {
  bufferEnd,
  codeAt,
  matched,
  maxSchemeLength,
  needMore,
  needMoreAfter,
  noMatch,
  noMatchBefore,
  outcome,
  type Progress,
  type Recognition,
  type ScanInput,
} from './recognition.js';
import { urlPrefixAt } from './url-prefix.js';

/** A wrapper's content read so far, without its `>`. */
export interface WrapperProgress {
  readonly reader: 'wrapper';
  /** Absolute offset of the wrapper's `<`. */
  readonly lessThan: number;
  /** Absolute offset where reading the content goes on. */
  readonly readTo: number;
  /** A line break was read, and only whitespace after it. */
  readonly blankSoFar: boolean;
}

/** At the `<` at `lessThan`; `known` is the progress of the last recognizer that read ahead. */
export function recognizeWrapper(input: ScanInput, lessThan: number, known: Progress | undefined): Recognition {
  let start = lessThan;
  while (true) {
    const recognition = wrapperAt(input, start, known);
    // `<URL:<URL:…`: abandoned at a `<` right after `URL:`, with nothing to
    // read again in between: go straight on with that `<`
    if (recognition.outcome === outcome.no && recognition.resume > start && codeAt(input, recognition.resume) === codes.lessThan) {
      start = recognition.resume;
      continue;
    }
    return recognition;
  }
}

/**
 * A wrapper at the `<` at `lessThan`. An abandoned `<URL:` answers no match
 * before the end of `URL:`: it starts no bare URL.
 */
function wrapperAt(input: ScanInput, lessThan: number, known: Progress | undefined): Recognition {
  const { buffer, base, final } = input;
  // `</p>`, `<!--`, `<div>`: a wrapper starts with `URL:` or a known scheme
  const first = buffer.charCodeAt(lessThan + 1 - base);
  const second = buffer.charCodeAt(lessThan + 2 - base);
  if (!Number.isNaN(second) && !mayBeginKnownScheme(first, second)) return noMatch;
  let contentStart: number;
  let form: 'url-wrapper' | 'angle';
  // `URL:` prefix, case-insensitive
  const prefix = urlPrefixAt(input, lessThan + 1);
  if (prefix === undefined) return final ? noMatch : needMore;
  if (prefix !== false) {
    contentStart = prefix;
    form = 'url-wrapper';
  } else {
    // `<scheme:`, a known scheme
    if (!isAsciiAlpha(first)) return noMatch;
    let i = lessThan + 1;
    let key = 0;
    const end = bufferEnd(input);
    for (; i < end && i - lessThan <= maxKnownSchemeLength; i++) {
      const code = buffer.charCodeAt(i - base);
      if (!isSchemeChar(code)) break;
      key = schemeKeyStep(key, code);
    }
    if (i >= end) return final ? noMatch : needMore;
    if (buffer.charCodeAt(i - base) !== codes.colon) return noMatch;
    if (knownSchemeByKey(key) === undefined) return noMatch;
    contentStart = lessThan + 1;
    form = 'angle';
  }
  const close = closeAfter(input, lessThan, contentStart, known);
  if (typeof close !== 'number') return needMoreAfter(close);
  // abandoned; `URL:` starts no bare URL: reading again goes on after it
  if (close === -1) return form === 'url-wrapper' ? noMatchBefore(contentStart) : noMatch;
  const compacted = compactWrapper(buffer, contentStart - base, close - base);
  if (!acceptWrapped(compacted.text, form)) return noMatch;
  const readings = hyphenReadings(compacted, input.options.hyphen);
  return matched({
    url: readings[0] as string,
    alternatives: readings.slice(1),
    form,
    start: lessThan,
    end: close + 1,
  });
}

/**
 * Read a wrapper's content for its `>`: its offset, -1 when the wrapper is
 * abandoned (at a second `<`, a blank line, `maxWrapperLength` characters, or
 * the end of input), or how far it was read when the buffer ends first.
 *
 * ```markdown
 * > | <URL:ftp://ds.in
 *          ^^^^^^^^^^^ content
 * > |    ternic.net/rfc>.
 *        ^^^^^^^^^^^^^^ content, then `>`
 * ```
 */
function closeAfter(input: ScanInput, lessThan: number, contentStart: number, known: Progress | undefined): number | WrapperProgress {
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
    if (i >= limit) return -1;
    const code = buffer.charCodeAt(i - base);
    if (code === codes.greaterThan) return i;
    if (code === codes.lessThan) return -1;
    if (isLineBreak(code)) {
      // CRLF is one break
      if (code === codes.lineFeed && buffer.charCodeAt(i - 1 - base) === codes.carriageReturn) continue;
      if (blankSoFar) return -1;
      blankSoFar = true;
    } else if (!isInlineSpace(code) && code !== codes.formFeed && code !== codes.verticalTab) {
      blankSoFar = false;
    }
  }
  if (input.final) return -1;
  return { reader: 'wrapper', lessThan, readTo: i, blankSoFar };
}

/**
 * Is the content of a wrapper a URL? A scheme (letter first) and `:`; a
 * hierarchical known scheme needs `//` and a host.
 */
function acceptWrapped(url: string, form: 'url-wrapper' | 'angle'): boolean {
  let i = 0;
  while (i < url.length && i <= maxSchemeLength && isSchemeChar(url.charCodeAt(i))) i++;
  if (i === 0 || url.charCodeAt(i) !== codes.colon || !isAsciiAlpha(url.charCodeAt(0))) return false;
  const scheme = knownScheme(url.slice(0, i).toLowerCase());
  if (form === 'angle' && scheme === undefined) return false;
  if (i + 1 >= url.length) return false;
  if (scheme?.hierarchical) return hasHost(url, i + 1, scheme.emptyHost === true) === true;
  return true;
}
