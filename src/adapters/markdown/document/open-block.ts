/**
 * Does a parsed part end inside a block that would run on into the next
 * part? Only two blocks survive a blank line followed by a line at column 1
 * (see `part-boundaries.ts`): fenced code without its closing fence, and an
 * HTML block of kinds 1–5 whose end condition was not met. Either one, as
 * the last top-level block of a part, means the part must be read together
 * with what follows.
 *
 * ```markdown
 * > | ```sh
 *   | curl http://a.example/
 *   |
 *   | Not a paragraph: still code  ← no part may start here
 * ```
 */
import type { Nodes, Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { endsOnFirstLine, htmlKindOf, type HtmlKind } from '../unit-reader/html-kinds.js';
import { afterLineEnding, endOfLine, isBlank } from './part-boundaries.js';

const { space, graveAccent, tilde, lessThan } = codes;

/** A code fence is at least three backticks or tildes (CommonMark §4.5). */
const minimumFence = 3;


/** The last top-level block of `tree` that starts before `contentEnd`, if any. */
export function lastBlockBefore(tree: Root, contentEnd: number): Nodes | undefined {
  let last: Nodes | undefined;
  for (const child of tree.children) {
    const start = child.position?.start.offset;
    if (start === undefined || start >= contentEnd) break;
    last = child;
  }
  return last;
}

/**
 * Is the last top-level block of `tree` that starts before `contentEnd`
 * (offsets in `source`) left open?
 */
export function endsOpen(tree: Root, source: string, contentEnd: number): boolean {
  const last = lastBlockBefore(tree, contentEnd);
  const from = last?.position?.start.offset;
  const to = last?.position?.end.offset;
  if (last === undefined || from === undefined || to === undefined) return false;
  if (last.type === 'code') return isOpenFence(source, from, to);
  if (last.type === 'html') return isOpenHtml(source, from, to);
  return false;
}

/** Fenced code whose last line is not a closing fence (at least as long as the opening one). */
function isOpenFence(source: string, from: number, to: number): boolean {
  const start = skipIndent(source, from);
  const fence = source.charCodeAt(start);
  if (fence !== graveAccent && fence !== tilde) return false;
  const length = runLength(source, start, fence);
  const firstEnd = endOfLine(source, from);
  if (firstEnd >= to) return true;
  const lastStart = lastLineStart(source, from, to);
  if (lastStart <= firstEnd) return true;
  const closing = skipIndent(source, lastStart);
  if (closing - lastStart > 3 || runLength(source, closing, fence) < length) return true;
  return !isBlank(source, closing + runLength(source, closing, fence), to);
}

/** An HTML block of kinds 1–5 whose last line does not hold its end condition. */
function isOpenHtml(source: string, from: number, to: number): boolean {
  const start = skipIndent(source, from);
  const firstLine = source.slice(start, endOfLine(source, from));
  const kind = htmlKindOf(firstLine);
  if (kind === undefined) return false;
  const lastStart = lastLineStart(source, from, to);
  const ended = lastStart <= from ? endsOnFirstLine(kind, source, start, to) : kind.endsIn(source, lastStart, to);
  return !ended;
}

function skipIndent(source: string, at: number): number {
  let end = at;
  while (end - at < 3 && source.charCodeAt(end) === space) end++;
  return end;
}

/**
 * Where the line after the one that closes fenced code opened with `size`
 * `marker`s starts, the code running on from `from` (a line start): up to 3
 * spaces, at least as many markers, then only spaces and tabs. Undefined
 * when no line closes it.
 */
export function afterClosingFence(source: string, from: number, marker: number, size: number): number | undefined {
  for (let line = from; line < source.length; ) {
    const lineEnd = endOfLine(source, line);
    const start = skipIndent(source, line);
    const run = source.charCodeAt(start) === marker ? runLength(source, start, marker) : 0;
    if (run >= size && isBlank(source, start + run, lineEnd)) return afterLineEnding(source, lineEnd);
    line = afterLineEnding(source, lineEnd);
  }
  return undefined;
}

/**
 * Where the line after the first line from `from` (a line start) that
 * holds the end of an HTML block of `kind` (1–5) starts; undefined when no
 * line ends it.
 */
export function afterHtmlEnd(source: string, from: number, kind: HtmlKind): number | undefined {
  for (let line = from; line < source.length; ) {
    const lineEnd = endOfLine(source, line);
    if (kind.endsIn(source, line, lineEnd)) return afterLineEnding(source, lineEnd);
    line = afterLineEnding(source, lineEnd);
  }
  return undefined;
}

/**
 * The opening code fence at `start` (after at most 3 spaces): three or more
 * backticks or tildes, a backtick fence with no backtick after it on its
 * line; undefined when the line opens none.
 */
function openingFence(source: string, start: number, lineEnd: number): { marker: number; length: number } | undefined {
  const marker = source.charCodeAt(start);
  if (marker !== graveAccent && marker !== tilde) return undefined;
  const length = runLength(source, start, marker);
  if (length < minimumFence) return undefined;
  if (marker === graveAccent && source.slice(start + length, lineEnd).includes('`')) return undefined;
  return { marker, length };
}

/** How many `code` characters follow one another from `at`. */
export function runLength(source: string, at: number, code: number): number {
  let end = at;
  while (end < source.length && source.charCodeAt(end) === code) end++;
  return end - at;
}

/** Where the last line of `source[from, to)` starts (ignoring a line ending at `to`). */
function lastLineStart(source: string, from: number, to: number): number {
  let start = from;
  for (let at = from; at < to; at = afterLineEnding(source, endOfLine(source, at))) {
    if (endOfLine(source, at) >= to) return at;
    start = at;
  }
  return start;
}

/**
 * Where a stretch read without parsing (as plain text, past a budget) may
 * end so that reading as Markdown starts again outside any block: `to`,
 * or, when a fence or an HTML block of kinds 1–5 opened in
 * `source[from, to)` is still open there, the end of the line that closes
 * it (the end of the document when none does). Told by lines alone, as if
 * every such opening were at the top level: a block inside a list item
 * taken for one at the top only makes the stretch longer.
 *
 * ```markdown
 *   | ```            ← opened in the stretch
 *   | …1 MiB of code
 * > | ```            ← the stretch runs to here
 *   | http://a.example/  ← read as Markdown again
 * ```
 */
export function openBlockEnd(source: string, from: number, to: number): number {
  let fence: { marker: number; length: number } | undefined;
  let html: HtmlKind | undefined;
  for (let line = from; line < source.length; ) {
    if (line >= to && fence === undefined && html === undefined) return line;
    const lineEnd = endOfLine(source, line);
    const start = skipIndent(source, line);
    const indented = start - line <= 3 && source.charCodeAt(start) !== space;
    if (fence !== undefined) {
      const run = indented ? runLength(source, start, fence.marker) : 0;
      if (run >= fence.length && isBlank(source, start + run, lineEnd)) fence = undefined;
    } else if (html !== undefined) {
      if (html.endsIn(source, line, lineEnd)) html = undefined;
    } else if (indented) {
      const opening = openingFence(source, start, lineEnd);
      if (opening !== undefined) {
        fence = opening;
      } else if (source.charCodeAt(start) === lessThan) {
        const kind = htmlKindOf(source.slice(start, lineEnd));
        if (kind !== undefined && !endsOnFirstLine(kind, source, start, lineEnd)) html = kind;
      }
    }
    line = afterLineEnding(source, lineEnd);
  }
  return source.length;
}
