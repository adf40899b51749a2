/**
 * The rows of a GFM table as micromark-extension-gfm-table cuts them: a
 * row is split at every `|` (in code spans too); a cell runs from the `|`
 * before it to the next one, the last cell to the end of the line (its
 * closing `|` and trailing spaces with it); its content is what is between,
 * without the spaces and tabs around it.
 */
import { codes } from '../../../decode/character-codes.js';

const { verticalBar, backslash, space, tab, colon, dash } = codes;

export interface CellSpan {
  from: number;
  to: number;
  contentFrom: number;
  contentTo: number;
}

/** The cells of the row `text[from, to)`; null when it holds `\|` (an escaped pipe: not modelled). */
export function splitRow(text: string, from: number, to: number): CellSpan[] | null {
  const cells: CellSpan[] = [];
  let cellStart = from;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === backslash) {
      if (text.charCodeAt(at + 1) === verticalBar) return null;
      at++;
      continue;
    }
    if (code !== verticalBar || at === from) continue;
    cells.push(cell(text, cellStart, at));
    cellStart = at;
  }
  const last = cell(text, cellStart, to);
  const previous = cells[cells.length - 1];
  // a closing `|` (spaces after it): part of the cell before
  if (previous !== undefined && text.charCodeAt(cellStart) === verticalBar && last.contentFrom === last.contentTo) previous.to = to;
  else cells.push(last);
  return cells;
}

function cell(text: string, from: number, to: number): CellSpan {
  let contentFrom = text.charCodeAt(from) === verticalBar ? from + 1 : from;
  let contentTo = to;
  while (contentFrom < contentTo && isCellSpace(text.charCodeAt(contentFrom))) contentFrom++;
  while (contentTo > contentFrom && isCellSpace(text.charCodeAt(contentTo - 1))) contentTo--;
  return { from, to, contentFrom, contentTo };
}

function isCellSpace(code: number): boolean {
  return code === space || code === tab;
}

export type Alignment = 'left' | 'right' | 'center' | null;

/** The alignments of a delimiter row (`| :- | -: |`), or undefined when `text[from, to)` is none. */
export function delimiterRow(text: string, from: number, to: number): Alignment[] | undefined {
  const cells = splitRow(text, from, to);
  if (cells === null || cells.length === 0) return undefined;
  let pipes = false;
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === verticalBar) pipes = true;
  if (!pipes) return undefined;
  const alignments: Alignment[] = [];
  for (const { contentFrom, contentTo } of cells) {
    let at = contentFrom;
    const left = text.charCodeAt(at) === colon;
    if (left) at++;
    const dashes = at;
    while (at < contentTo && text.charCodeAt(at) === dash) at++;
    if (at === dashes) return undefined;
    const right = at < contentTo && text.charCodeAt(at) === colon;
    if (right) at++;
    if (at !== contentTo) return undefined;
    alignments.push(left && right ? 'center' : left ? 'left' : right ? 'right' : null);
  }
  return alignments;
}
