/**
 * Where a bare URL in running text really ends: trailing `.,;:!?'"` are the
 * sentence's punctuation, not the URL's, and a closing `)` `]` `}` at the
 * end stays only when it balances an opening one inside the URL (Wikipedia's
 * `Foo_(bar)`); otherwise it closes a bracket of the text around the URL.
 *
 * ```markdown
 * > | (see http://example.com/a_(b)).
 *          ^^^^^^^^^^^^^^^^^^^^^^^^ the URL; the last `)` and `.` are text
 * ```
 */
import { closingFor, isTrailingPunctuation, openingFor } from './character-classes.js';
import { codes } from '../decode/character-codes.js';

/** The end (exclusive) of the URL in `source.slice(start, end)` once trailing punctuation is cut. */
// rule: trailing-punctuation
// rule: trailing-punctuation
export function trimTrailing(source: string, start: number, end: number): number {
  let last = end;
  /** Openings minus closings per bracket pair, counted once when first needed. */
  let depth: Map<number, number> | undefined;
  while (last > start) {
    const code = source.charCodeAt(last - 1);
    if (isTrailingPunctuation(code)) {
      last--;
      continue;
    }
    const opening = openingFor(code);
    if (opening === -1) break;
    depth ??= bracketDepths(source, start, last);
    const current = depth.get(opening) ?? 0;
    if (current >= 0) break;
    depth.set(opening, current + 1);
    last--;
  }
  return last;
}

/** Openings minus closings of each bracket pair in `source.slice(start, end)`, keyed by the opening. */
function bracketDepths(source: string, start: number, end: number): Map<number, number> {
  const depth = new Map<number, number>();
  for (let i = start; i < end; i++) {
    const code = source.charCodeAt(i);
    const opening = openingFor(code);
    if (opening !== -1) depth.set(opening, (depth.get(opening) ?? 0) - 1);
    else if (code === codes.leftParenthesis || code === codes.leftSquareBracket || code === codes.leftCurlyBrace) {
      depth.set(code, (depth.get(code) ?? 0) + 1);
    }
  }
  return depth;
}

/** Spans longer than this are first searched for the closing bracket by the platform's `includes`. */
const nativeSearchFrom = 256;

/**
 * A URL right after an opening bracket ends at the bracket that closes it,
 * in any script: `見る(https://example.com/cjk)をして。` holds
 * `https://example.com/cjk`. Returns the index of that closing bracket in
 * `source.slice(start, end)`, or `end` when `opened` is no opening bracket or
 * nothing closes it; brackets of the same pair opened inside the URL must
 * close first (`(http://example.com/a_(b))`).
 */
// rule: bracket-before-url
export function closingBefore(source: string, opened: number, start: number, end: number): number {
  const closing = closingFor(opened);
  if (closing === -1) return end;
  // a long span without the closing bracket at all, found by one native search of the span
  if (end - start > nativeSearchFrom && !source.slice(start, end).includes(String.fromCharCode(closing))) return end;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === opened) depth++;
    else if (code === closing) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return end;
}
