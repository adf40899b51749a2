/**
 * Where a bare URL ends: at the first terminator after its start.
 *
 * ```markdown
 * > | see http://example.com/a_(b)). More
 *             ^^^^^^^^^^^^^^^^^^^^^^ read
 *                                   ^ terminator
 * ```
 *
 * Besides the terminator characters, three pairs end a bare URL: `)(` before a
 * scheme and its colon (`(http://a.example/)(http://b.example/)`), `,` before
 * a scheme and `://` (`http://a.example/,http://b.example/`), `'` before
 * `>` or `/>` (`<a href='http://a.example/'/>`), and, but in a `file:` URL
 * (a Windows path's `C:\new\table`), `\` before `n`, `r` or `t`: the escape
 * of a line break or a tab in a JSON or C string (`"see https://a.example/\nNext"`).
 */
import { codes } from '../../decode/character-codes.js';
import { bareStop, isAsciiAlpha, isLineBreak, isInlineSpace, isSchemeChar, stop } from '../character-classes.js';
import { continuationAfter, noContinuation } from './hyphen-break.js';
import { bufferEnd, codeAt, maxBareUrlLength, maxSchemeLength, type Progress, type ScanInput, textOf } from './recognition.js';

/**
 * A search for a terminator: the absolute span [from, to) holds none, but
 * for the line breaks of `joins`. A later search from inside the span goes
 * on at `to`, so triggers inside one long word cost nothing more, and a
 * search that waits for more input resumes where it stopped.
 */
export interface TerminatorProgress {
  readonly reader: 'terminator';
  readonly from: number;
  readonly to: number;
  /** Absolute end of the URL (the terminator, the length cap or the end of input), or `undefined`: more input is needed. */
  readonly end: number | undefined;
  /** The search stopped at the length cap of its URL, not at a terminator: one from a later start goes on. */
  readonly capped: boolean;
  /** Absolute offsets of the `@`s in [from, to), in order (a `mailto:` URL needs one): the first `atSignCount`. */
  readonly atSigns: readonly number[];
  readonly atSignCount: number;
  /**
   * The hyphen line breaks the span goes on across (hyphen-break.ts), as flat
   * pairs of absolute offsets: the end of a line, right after its `-`, and
   * where the next line continues; in order: the first `joinCount`.
   */
  readonly joins: readonly number[];
  readonly joinCount: number;
}

/*
 * `atSigns` and `joins` are shared with the searches that go on from this
 * one, which append to them: only the first `atSignCount` and `joinCount`
 * entries are this span's. So what a long URL holds is not copied at each
 * chunk, and a progress handed to a recognizer twice still gives the same
 * answer (the second search copies what is its own, then appends).
 */

/** The list of a span without entries: one frozen empty list, shared. */
const none: readonly number[] = Object.freeze([]);

/** `list` (its first `count` entries) to append to: itself when no other search appended first, else a copy. */
function own(list: readonly number[], count: number): number[] {
  return list !== none && list.length === count ? (list as number[]) : list.slice(0, count);
}

/** The index of the first entry of `list` (its first `count`, in order, taken `step` at a time) above `after`: a binary search. */
export function firstAbove(list: readonly number[], count: number, after: number, step = 1): number {
  let low = 0;
  let high = count / step;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle * step] as number) > after) high = middle;
    else low = middle + 1;
  }
  return low * step;
}

/** Is there an `@` in the absolute span (from, to) of a search's span? */
export function hasAtSignBetween(read: TerminatorProgress, from: number, to: number): boolean {
  const first = firstAbove(read.atSigns, read.atSignCount, from);
  return first < read.atSignCount && (read.atSigns[first] as number) < to;
}

/** Search from `from` for the end of a bare URL starting at `start`, going on from `known` where it covers `from`. */
export function terminatorAfter(input: ScanInput, from: number, start: number, known: Progress | undefined): TerminatorProgress {
  const cap = start + maxBareUrlLength;
  let i = from;
  let spanFrom = from;
  let atSigns = none;
  let atSignCount = 0;
  let joins = none;
  let joinCount = 0;
  if (known !== undefined && known.reader === 'terminator' && from >= known.from && from <= known.to) {
    // a search that found its terminator: every search from inside its span finds the same (text dense with triggers, one span)
    if (known.end !== undefined && !known.capped) return known;
    i = known.to;
    spanFrom = known.from;
    atSigns = known.atSigns;
    atSignCount = known.atSignCount;
    joins = known.joins;
    joinCount = known.joinCount;
  }
  const { buffer, base, final } = input;
  const available = bufferEnd(input);
  const end = Math.min(available, cap);
  for (let k = i - base, stopAt = end - base; ; k++) {
    if (k >= stopAt) {
      i = stopAt + base;
      break;
    }
    const kind = bareStop(buffer.charCodeAt(k));
    if (kind === stop.none) continue;
    i = k + base;
    if (kind === stop.atSign) {
      const list = own(atSigns, atSignCount++);
      list.push(i);
      atSigns = list;
      continue;
    }
    const code = buffer.charCodeAt(k);
    if (kind === stop.terminator) {
      // a line ending in `-` inside the URL: the next line may go on with it
      if (k - 1 >= from - base && buffer.charCodeAt(k - 1) === codes.dash && (isInlineSpace(code) || isLineBreak(code))) {
        const next = continuationAfter(input, i);
        if (next === undefined) return { reader: 'terminator', from: spanFrom, to: i, end: undefined, capped: false, atSigns, atSignCount, joins, joinCount };
        if (next !== noContinuation) {
          const list = own(joins, joinCount);
          list.push(i, next);
          joins = list;
          joinCount += 2;
          k = next - base - 1;
          continue;
        }
      }
      break;
    }
    const ends =
      code === codes.apostrophe
        ? markupAfter(input, i + 1)
        : code === codes.comma
          ? hierarchicalSchemeAt(input, i + 1)
          : code === codes.backslash
            ? stringEscapeAt(input, i + 1, start)
            : schemeAfter(input, i + 1);
    if (ends === undefined) {
      if (final) continue;
      return { reader: 'terminator', from: spanFrom, to: i, end: undefined, capped: false, atSigns, atSignCount, joins, joinCount };
    }
    if (ends) break;
  }
  let urlEnd: number | undefined = i;
  if (i >= cap) urlEnd = cap;
  else if (i >= available && !final) urlEnd = undefined;
  return { reader: 'terminator', from: spanFrom, to: i, end: urlEnd, capped: i >= cap, atSigns, atSignCount, joins, joinCount };
}

/** `>` or `/>` at `at`? `undefined` when the buffer ends too soon to tell. */
function markupAfter(input: ScanInput, at: number): boolean | undefined {
  const code = codeAt(input, at);
  if (Number.isNaN(code)) return undefined;
  if (code === codes.greaterThan) return true;
  if (code !== codes.slash) return false;
  const next = codeAt(input, at + 1);
  if (Number.isNaN(next)) return undefined;
  return next === codes.greaterThan;
}

/** `(`, then a scheme and `:` at `at`? `undefined` when the buffer ends too soon to tell. */
// rule: url-list-separators
function schemeAfter(input: ScanInput, at: number): boolean | undefined {
  const open = codeAt(input, at);
  if (Number.isNaN(open)) return undefined;
  if (open !== codes.leftParenthesis) return false;
  const first = codeAt(input, at + 1);
  if (Number.isNaN(first)) return undefined;
  if (!isAsciiAlpha(first)) return false;
  for (let i = at + 2; i <= at + 1 + maxSchemeLength; i++) {
    const code = codeAt(input, i);
    if (Number.isNaN(code)) return undefined;
    if (code === codes.colon) return true;
    if (!isSchemeChar(code)) return false;
  }
  return false;
}

/** A scheme and `://` at `at` (a second URL after a comma)? `undefined` when the buffer ends too soon to tell. */
function hierarchicalSchemeAt(input: ScanInput, at: number): boolean | undefined {
  const first = codeAt(input, at);
  if (Number.isNaN(first)) return undefined;
  if (!isAsciiAlpha(first)) return false;
  for (let i = at + 1; i <= at + maxSchemeLength; i++) {
    const code = codeAt(input, i);
    if (Number.isNaN(code)) return undefined;
    if (code === codes.colon) {
      for (let k = 1; k <= 2; k++) {
        const slash = codeAt(input, i + k);
        if (Number.isNaN(slash)) return undefined;
        if (slash !== codes.slash) return false;
      }
      return true;
    }
    if (!isSchemeChar(code)) return false;
  }
  return false;
}

/**
 * The letter of a string escape (`\n`, `\r`, `\t`) at `at`, in a URL starting
 * at `start`? In a `file:` URL holding a Windows path (a `\` after a drive's
 * `:` or an earlier `\`: `file:///C:\new\table`) it is the path's.
 */
// rule: string-escape-ends-url
function stringEscapeAt(input: ScanInput, at: number, start: number): boolean | undefined {
  const code = codeAt(input, at);
  if (Number.isNaN(code)) return undefined;
  if (code !== codes.lowercaseN && code !== codes.lowercaseR && code !== codes.lowercaseT) return false;
  return !(isFileScheme(input, start) && windowsPathBefore(input, start, at - 1));
}

/** Does the URL at `start` have the scheme `file` (any case)? Asked only at a `\n`, `\r` or `\t`. */
function isFileScheme(input: ScanInput, start: number): boolean {
  return textOf(input, start, Math.min(start + 5, bufferEnd(input))).toLowerCase() === 'file:';
}

/** Is the `\` at `backslash` a Windows path's: right after a `:`, or after another `\` of the URL? */
function windowsPathBefore(input: ScanInput, start: number, backslash: number): boolean {
  return codeAt(input, backslash - 1) === codes.colon || textOf(input, start, backslash).includes('\\');
}
