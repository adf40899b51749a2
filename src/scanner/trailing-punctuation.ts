/**
 * Where a bare URL in running text really ends (design §1): trailing
 * `.,;:!?'"` are sentence punctuation, not URL; a closing `)` `]` `}` stays
 * only when it balances an opening one inside the URL.
 *
 * ```markdown
 * > | (see http://example.com/a_(b)).
 *          ^^^^^^^^^^^^^^^^^^^^^^^^ the URL; the last `)` and `.` are text
 * ```
 */
import { isTrailingPunctuation, openingFor } from './character-classes.js';
import { codes } from '../character-codes.js';

/** The end (exclusive) of the URL in `source.slice(start, end)` once trailing punctuation is cut. */
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
