/**
 * `URL:`, the prefix of the Appendix's `<URL:...>`, matched in any case:
 * after a `<` it opens a wrapper; before a bare URL it belongs to the URL's
 * raw text.
 *
 * ```markdown
 * > | <URL:ftp://info.cern.ch/pub/>
 *      ^^^^ after `<`: a wrapper
 * > | URL:http://example.com/
 *     ^^^^ at a word start, before a bare URL: part of its raw text
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlphanumeric } from '../character-classes.js';
import { textOf, type ScanInput } from './recognition.js';

/** The bit that tells an ASCII letter's cases apart. */
const caseBit = codes.lowercaseA - codes.uppercaseA;
/** `URL:` with the case bit set: letters fold to lower case, `:` stays `:`. */
const urlPrefixFolded = [codes.uppercaseU, codes.uppercaseR, codes.uppercaseL, codes.colon].map((code) => code | caseBit);

/** `urlPrefixAt`: no `URL:` there. */
export const notThere = -1;
/** `urlPrefixAt`: the buffer ends too soon to tell. */
export const tooSoon = -2;

/** `URL:` at `at`: its end, `notThere` or `tooSoon`. */
export function urlPrefixAt(input: ScanInput, at: number): number {
  const buffer = input.buffer;
  const index = at - input.base;
  const available = buffer.length - index;
  for (let k = 0; k < urlPrefixFolded.length; k++) {
    if (k >= available) return tooSoon;
    if ((buffer.charCodeAt(index + k) | caseBit) !== urlPrefixFolded[k]) return notThere;
  }
  return at + urlPrefixFolded.length;
}

/** `URL` (any case) right before the `:` at `colon`, at a word start after the last URL. */
// rule: url-prefix-bare
export function hasUrlPrefixBefore(input: ScanInput, colon: number): boolean {
  const u = colon - 3;
  if (u < input.lastUrlEnd || u < input.base) return false;
  if (textOf(input, u, colon).toUpperCase() !== 'URL') return false;
  return u === input.lastUrlEnd || !isAsciiAlphanumeric(input.buffer.charCodeAt(u - 1 - input.base));
}
