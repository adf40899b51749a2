/**
 * State `schemeless` (option `schemeless`): `www.` starting a word, a URL
 * without a scheme, reported as `http://`.
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
import { terminatorAfter } from './terminator.js';

/** At the `w` at `www`; `known` is the progress of the last recognizer that read ahead. */
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
  const urlEnd = trimTrailing(buffer, www - base, read.end - base) + base;
  // the host must have a dot after `www.`: www.example.com
  const text = textOf(input, www, urlEnd);
  const hostEnd = endOfHost(text);
  if (text.slice(4, hostEnd).indexOf('.') <= 0) return noMatchBefore(0, read);
  return matched(`http://${text}`, noAlternatives, 'bare', www, urlEnd, read);
}

/** Could `www.` start at buffer index `index` (or does the buffer end before it can tell)? */
export function mayStartWww(buffer: string, index: number): boolean {
  if (index + 4 > buffer.length) return true;
  return (
    buffer.charCodeAt(index + 1) === codes.lowercaseW &&
    buffer.charCodeAt(index + 2) === codes.lowercaseW &&
    buffer.charCodeAt(index + 3) === codes.dot
  );
}

/** Where the host of `www.…` ends: at the first `/`, `?`, `#` or `:`. */
function endOfHost(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.slash || code === codes.questionMark || code === codes.numberSign || code === codes.colon) return i;
  }
  return text.length;
}
