/**
 * State `schemeless` (option `schemeless`): `www.` starting a word, in any
 * case (host names are case-insensitive: `WWW.EXAMPLE.COM`), a URL without a
 * scheme, reported as `http://`. Like a bare URL, it goes on across a line
 * break after a hyphen (hyphen-break.ts).
 *
 * ```markdown
 * > | see www.example.com/x.
 *         ^ trigger, at a word start
 *         ^^^^^^^^^^^^^^^^^ runs to a terminator, then trailing punctuation is cut
 *             ^^^^^^^^^^^ a host with a dot after `www.`
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlphanumeric, isDomainChar } from '../character-classes.js';
import { trimTrailing } from '../trailing-punctuation.js';
import {
  bufferEnd,
  codeAt,
  matched,
  needMore,
  noAlternatives,
  noMatch,
  noMatchBefore,
  needMoreAfter,
  type Progress,
  type Recognition,
  type ScanInput,
  textOf,
} from './recognition.js';
import { hyphenReadings } from '../compact-wrapper.js';
import { absoluteOf, hyphensOf, joinedText } from './hyphen-break.js';
import { firstAbove, terminatorAfter } from './terminator.js';

/** At the `w` at `www` (any case); `known` is the progress of the last recognizer that read ahead. */
// rule: schemeless-www
export function recognizeSchemeless(input: ScanInput, www: number, known: Progress | undefined): Recognition {
  const { buffer, base, final } = input;
  // the dense-text loop hands over any `w`: make sure of `www.`
  if (!mayStartWww(buffer, www - base)) return noMatch;
  if (www + 4 > bufferEnd(input)) return final ? noMatch : needMore;
  if (www > input.lastUrlEnd) {
    const before = codeAt(input, www - 1);
    if (isDomainChar(before)) {
      // inside a host name: no `www.` in the rest of it starts a word either
      const stop = buffer.length;
      let i = www + 4 - base;
      while (i < stop && isDomainChar(buffer.charCodeAt(i))) i++;
      return noMatchBefore(i + base);
    }
    if (before === codes.slash || before === codes.atSign || before === codes.colon) return noMatch;
  }
  const next = codeAt(input, www + 4);
  if (Number.isNaN(next)) return final ? noMatch : needMore;
  if (!isAsciiAlphanumeric(next)) return noMatch;
  const read = terminatorAfter(input, www + 4, www, known);
  if (read.end === undefined) return needMoreAfter(read);
  const first = firstAbove(read.joins, read.joinCount, www, 2);
  const joined = first < read.joinCount && (read.joins[first] as number) < read.end ? joinedText(input, www, read.end, read, first) : undefined;
  // the text without its hyphen line breaks (hyphen-break.ts), or the buffer itself
  const source = joined === undefined ? buffer : joined.text;
  const from = joined === undefined ? www - base : 0;
  const urlEnd = trimTrailing(source, from, joined === undefined ? read.end - base : source.length);
  // the host must have a dot after `www.`: www.example.com
  const text = source.slice(from, urlEnd);
  const hostEnd = endOfHost(text);
  if (text.slice(4, hostEnd).indexOf('.') <= 0) return noMatchBefore(0, read);
  if (joined === undefined) return matched(`http://${text}`, noAlternatives, 'bare', www, urlEnd + base, read);
  const hyphens = hyphensOf(joined).filter((hyphen) => hyphen < urlEnd - 1);
  const end = absoluteOf(joined, urlEnd);
  if (hyphens.length === 0) return matched(`http://${text}`, noAlternatives, 'bare', www, end, read);
  const readings = hyphenReadings({ text, hyphenBreaks: hyphens }, input.options.hyphen).map((reading) => `http://${reading}`);
  return matched(readings[0] as string, readings.slice(1), 'bare', www, end, read);
}

/** Could `www.` (any case) start at buffer index `index` (or does the buffer end before it can tell)? */
// rule: www-any-case
export function mayStartWww(buffer: string, index: number): boolean {
  if (index + 4 > buffer.length) return true;
  return (
    (buffer.charCodeAt(index) | caseBit) === codes.lowercaseW &&
    (buffer.charCodeAt(index + 1) | caseBit) === codes.lowercaseW &&
    (buffer.charCodeAt(index + 2) | caseBit) === codes.lowercaseW &&
    buffer.charCodeAt(index + 3) === codes.dot
  );
}

/** The bit that tells an ASCII letter's cases apart. */
const caseBit = codes.lowercaseA - codes.uppercaseA;

/** Where the host of `www.…` ends: at the first `/`, `?`, `#` or `:`. */
function endOfHost(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.slash || code === codes.questionMark || code === codes.numberSign || code === codes.colon) return i;
  }
  return text.length;
}
