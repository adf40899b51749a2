/**
 * Where a block left open at the end of a part (`open-block.ts`) ends in
 * the document: the part is read again to there at once, not doubled
 * again and again until it holds the end (a part whose fence is closed
 * 3 KB on would be read 8 times over, 6 KB in all). The block is at the
 * top of the part, so in no container: fenced code ends at the first line
 * after it that is a closing fence (up to 3 spaces, at least as many of
 * its markers, then only spaces and tabs), an HTML block of kinds 1–5 at
 * the first line that holds its end.
 *
 * ```markdown
 *   | ```              ← opened in the part, left open at its end
 *   |
 *   | [a]: /url        ← (the part ended here)
 * > | ```              ← where it ends: the part is read again to a boundary after it
 * ```
 */
import type { Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { htmlKindOf } from '../unit-reader/html-kinds.js';
import { afterClosingFence, afterHtmlEnd, lastBlockBefore, runLength } from './open-block.js';
import { endOfLine } from './part-boundaries.js';

const { space, graveAccent, tilde } = codes;

/**
 * Where the line after the one that ends the last top-level block of
 * `tree` (the tree of `text`, the part's text at `[contentStart,
 * contentEnd)`, left open there) starts in `source`, the part ending at
 * `partEnd`; `source.length` when no line ends it (the end of the document
 * does), undefined when the block is neither fenced code nor an HTML block
 * of kinds 1–5.
 */
export function runOnEnd(tree: Root, text: string, contentEnd: number, source: string, partEnd: number): number | undefined {
  const last = lastBlockBefore(tree, contentEnd);
  const from = last?.position?.start.offset;
  if (last === undefined || from === undefined) return undefined;
  let first = from;
  while (first - from < 3 && text.charCodeAt(first) === space) first++;
  const marker = text.charCodeAt(first);
  if (last.type === 'code' && (marker === graveAccent || marker === tilde)) {
    return afterClosingFence(source, partEnd, marker, runLength(text, first, marker)) ?? source.length;
  }
  if (last.type !== 'html') return undefined;
  const kind = htmlKindOf(text.slice(first, endOfLine(text, first)));
  if (kind === undefined) return undefined;
  return afterHtmlEnd(source, partEnd, kind) ?? source.length;
}
