/**
 * The Appendix's hyphen rule for bare URLs: "the interpreter of a URL
 * containing a line break immediately after a hyphen should ignore all
 * unencoded whitespace around the line break, and should be aware that the
 * hyphen may or may not actually be part of the URL." A bare URL whose line
 * ends in `-` goes on at the next line's first word: prose hyphenation of a
 * URL (old mail, RFC text, manuals) is common, a URL that really ends in `-`
 * at a line end is rare.
 *
 * ```markdown
 * > | see http://www.exam-
 *                         ^ `-`, then (spaces or tabs and) a line break
 * > |     ple.com/x for details
 *         ^^^^^^^^^ the URL goes on: `http://www.exam-ple.com/x`, or without its `-`
 * ```
 *
 * Only the hyphen joins lines: a URL at a line's end followed by a word on
 * the next line is two things. The next line does not continue the URL when
 * it is blank, starts with anything but a letter, a digit or one of
 * `/%_~?#=&+`, or starts another URL (`scheme:` of a known scheme, `scheme://`,
 * `www.`).
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlphanumeric, isInlineSpace, isSchemeChar } from '../character-classes.js';
import { knownScheme } from '../known-schemes.js';
import { codeAt, maxSchemeLength, type ScanInput, textOf } from './recognition.js';
import type { TerminatorProgress } from './terminator.js';

/**
 * Spaces and tabs looked at on either side of the line break: beyond this
 * many the lines are not joined (what is read again when more input comes
 * stays bounded).
 */
const maxSpaces = 64;

/** {@link continuationAfter}: the next line does not continue the URL. */
export const noContinuation = -1;

/**
 * At `at`, the first whitespace after a `-` of a bare URL: the absolute offset
 * where the next line continues the URL, {@link noContinuation}, or
 * `undefined` when the buffer ends too soon to tell (and more will come).
 */
// rule: hyphen-rule-bare
export function continuationAfter(input: ScanInput, at: number): number | undefined {
  let i = at;
  let spaces = 0;
  let code = codeAt(input, i);
  while (isInlineSpace(code)) {
    if (++spaces > maxSpaces) return noContinuation;
    code = codeAt(input, ++i);
  }
  if (Number.isNaN(code)) return input.final ? noContinuation : undefined;
  if (code === codes.carriageReturn) {
    code = codeAt(input, ++i);
    if (Number.isNaN(code)) return input.final ? noContinuation : undefined;
    if (code === codes.lineFeed) code = codeAt(input, ++i);
  } else if (code === codes.lineFeed) {
    code = codeAt(input, ++i);
  } else {
    return noContinuation;
  }
  spaces = 0;
  while (isInlineSpace(code)) {
    if (++spaces > maxSpaces) return noContinuation;
    code = codeAt(input, ++i);
  }
  if (Number.isNaN(code)) return input.final ? noContinuation : undefined;
  // a letter outside the BMP whose second half is still to come
  if (code >= codes.highSurrogateFirst && code <= codes.highSurrogateLast && Number.isNaN(codeAt(input, i + 1)) && !input.final) return undefined;
  if (!continues(input, i, code)) return noContinuation;
  const another = startsUrl(input, i);
  if (another === undefined) return undefined;
  return another ? noContinuation : i;
}

/** Can the character `code` at `at` go on with a URL from the line before? */
function continues(input: ScanInput, at: number, code: number): boolean {
  if (code < codes.asciiEnd) return isAsciiAlphanumeric(code) || continuationPunctuation.includes(code);
  const point = input.buffer.codePointAt(at - input.base);
  return point !== undefined && letter.test(String.fromCodePoint(point));
}

const continuationPunctuation: readonly number[] = [
  codes.slash,
  codes.percentSign,
  codes.underscore,
  codes.tilde,
  codes.questionMark,
  codes.numberSign,
  codes.equalsSign,
  codes.ampersand,
  codes.plusSign,
];

/** One character, a letter of any script. */
const letter = /^\p{L}$/u;

/**
 * Does another URL start at `at`: a known scheme and `:`, any scheme and
 * `://`, or `www.`? `undefined` when the buffer ends too soon to tell (and
 * more will come).
 */
function startsUrl(input: ScanInput, at: number): boolean | undefined {
  const tooSoon = input.final ? false : undefined;
  if (startsWww(input, at)) return true;
  let i = at;
  for (; i <= at + maxSchemeLength; i++) {
    const code = codeAt(input, i);
    if (Number.isNaN(code)) return tooSoon;
    if (!isSchemeChar(code)) break;
  }
  if (codeAt(input, i) !== codes.colon || i === at) return false;
  if (knownScheme(textOf(input, at, i).toLowerCase()) !== undefined) return true;
  for (let k = 1; k <= 2; k++) {
    const slash = codeAt(input, i + k);
    if (Number.isNaN(slash)) return tooSoon;
    if (slash !== codes.slash) return false;
  }
  return true;
}

/** `www.` (any case) at `at`? */
function startsWww(input: ScanInput, at: number): boolean {
  return textOf(input, at, at + 4).toLowerCase() === 'www.';
}

/**
 * The text of a bare URL across its hyphen line breaks, without the
 * whitespace around them (each line's `-` kept), and the way back to the
 * buffer.
 */
export interface JoinedText {
  readonly text: string;
  /** Per line of the URL: where its piece starts in `text`, then in the buffer (absolute), flat. */
  readonly pieces: readonly number[];
}

/**
 * The absolute span [from, to) of a search's span with its hyphen line breaks
 * (`read.joins`: flat pairs of the end of a line, right after its `-`, and the
 * start of the next line's continuation; absolute, in order) removed, from
 * the pair at index `first` on. Only breaks inside the span count.
 */
export function joinedText(input: ScanInput, from: number, to: number, read: TerminatorProgress, first: number): JoinedText {
  const { joins, joinCount } = read;
  let text = '';
  const pieces: number[] = [];
  let pieceStart = from;
  for (let k = first; k < joinCount && (joins[k] as number) < to; k += 2) {
    pieces.push(text.length, pieceStart);
    text += textOf(input, pieceStart, joins[k] as number);
    pieceStart = joins[k + 1] as number;
  }
  pieces.push(text.length, pieceStart);
  text += textOf(input, pieceStart, to);
  return { text, pieces };
}

/**
 * The absolute offset of index `index` of a joined text. An index where one
 * line's piece ends and the next begins is the end of the first: a URL that
 * ends there ends at its line's `-`.
 */
export function absoluteOf(joined: JoinedText, index: number): number {
  const { pieces } = joined;
  let k = 0;
  while (k + 2 < pieces.length && (pieces[k + 2] as number) < index) k += 2;
  return (pieces[k + 1] as number) + index - (pieces[k] as number);
}

/** Indices in a joined text of the `-` at the end of each line but the last. */
export function hyphensOf(joined: JoinedText): number[] {
  const hyphens: number[] = [];
  for (let k = 2; k < joined.pieces.length; k += 2) hyphens.push((joined.pieces[k] as number) - 1);
  return hyphens;
}
