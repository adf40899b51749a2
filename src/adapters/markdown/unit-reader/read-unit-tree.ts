/**
 * A reader of one unit of a Markdown document (a stretch that remark reads
 * standalone, see `part-boundaries.ts`) that gives the mdast tree remark
 * (remark-parse, remark-gfm, remark-frontmatter) builds for it, or
 * `undefined` when the unit holds something it does not model; the caller
 * then hands the unit to remark.
 *
 * Blocks modelled: paragraphs, ATX and setext headings, thematic breaks,
 * fenced code (closed), HTML blocks of every kind, GFM tables, bullet and
 * ordered lists and block quotes holding these (nested, lazy continuation
 * lines included), link reference definitions on one line. Anything else —
 * indented code, empty list items, tabs, a `\r` without `\n` — is
 * not modelled.
 * The phrasing content is read by `phrasing.ts`.
 */
import type { BlockContent, DefinitionContent, Blockquote, Code, Heading, Table, TableCell, TableRow, List, ListItem, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { LineIndex } from '../../../source-map/line-index.js';
import type { Inline } from './inline-nodes.js';
import { InlineText, type LineSlice } from './inline-text.js';
import { plainText, readPhrasing } from './phrasing.js';
import { delimiterRow, splitRow, type CellSpan } from './table-rows.js';
import { anyHtmlBlockKind, htmlBlockKind } from './html-blocks.js';
import { endsOnFirstLine } from './html-kinds.js';
import { readDefinition } from './definitions.js';
import { normalizeLabel, PossibleLabels, type KnownDefinitions } from './labels.js';
import type { ReferenceContext } from './phrasing.js';
import { caret, checkMarks } from './characters.js';

const {
  space,
  carriageReturn,
  numberSign,
  dash,
  asterisk,
  plusSign,
  underscore,
  greaterThan,
  graveAccent,
  tilde,
  lessThan,
  equalsSign,
  verticalBar,
  leftSquareBracket,
  rightSquareBracket,
  quotationMark,
  apostrophe,
  leftParenthesis,
  colon,
  dot,
  rightParenthesis,
  digit0,
  digit9,
} = codes;

/** What a container holds. */
type FlowContent = BlockContent | DefinitionContent;

/** A line as a container sees it. */
interface Line {
  /** Where the container's content of the line starts. */
  start: number;
  /** Where the line ends (before its line ending). */
  end: number;
  /** A lazy continuation line (less indented than its list item's content). */
  lazy: boolean;
  /** A block quote's marker starts it (a blank line with one ends a list before it at its end, as micromark counts). */
  prefixed?: boolean;
}

interface Marker {
  /** Where the marker is. */
  at: number;
  /** Columns from the line's start to its content. */
  contentColumn: number;
  ordered: boolean;
  /** The bullet, or the ordered list's delimiter (`.` or `)`). */
  kind: number;
  start: number | null;
}

/** What references in the unit being read resolve against (set for the time of one {@link readUnitTree}). */
let context: ReferenceContext = { labels: new PossibleLabels(''), known: () => undefined, resolved: new Map() };
/** The definitions of the unit being read so far, by normalized label (the first wins). */
let unitDefinitions = new Map<string, string>();

/** The URLs of the definitions the references of a tree resolve to, by identifier. */
const referenceUrls = new WeakMap<Root, Map<string, string>>();

/** The URL of the definition the reference with `identifier` in `tree` resolves to (its tree from {@link readUnitTree}). */
export function referenceUrl(tree: Root, identifier: string): string | undefined {
  return referenceUrls.get(tree)?.get(identifier);
}

/**
 * The tree remark builds for `text` (one unit), or undefined when not
 * modelled. `documentLabels`: the labels the whole document may define
 * (brackets are references where one is); by default the unit's own.
 * `known`: the definitions of the rest of the document surely known
 * (those of the unit itself are added as it is read); a reference to a
 * label that may be defined but is not known is not modelled.
 */
export function readUnitTree(text: string, documentLabels?: PossibleLabels, known?: KnownDefinitions): Root | undefined {
  const local = new Map<string, string>();
  unitDefinitions = local;
  context = { labels: documentLabels ?? new PossibleLabels(text), known: (label) => known?.(label) ?? local.get(label), resolved: new Map() };
  try {
    const tree = readUnit(text);
    if (tree !== undefined && context.resolved.size > 0) referenceUrls.set(tree, context.resolved);
    return tree;
  } finally {
    context = emptyContext;
    unitDefinitions = new Map();
  }
}

const emptyContext = context;

function readUnit(text: string): Root | undefined {
  if (text.includes('\t') || text.includes('\0')) return undefined;
  // where front matter may open, remark-frontmatter changes what follows even when it is left open
  if (text.startsWith('---') || text.startsWith('+++')) return undefined;
  const index = LineIndex.ofText(text);
  const lines: Line[] = [];
  const returns = text.includes('\r');
  for (let start = 0; start <= text.length; ) {
    let next = text.indexOf('\n', start);
    if (next === -1) next = text.length;
    // a line ends before `\r\n` or `\n`; a `\r` alone is not modelled
    const end = next > start && text.charCodeAt(next - 1) === carriageReturn ? next - 1 : next;
    if (returns && holds(text, carriageReturn, start, end)) return undefined;
    lines.push({ start, end, lazy: false });
    start = next + 1;
  }
  const children = readBlocks(text, lines, 0);
  if (children === undefined) return undefined;
  const root: Root = { type: 'root', children: children as RootContent[] };
  return withPositions(root, index, text.length);
}

/** Blocks with offsets in `position.start.offset`/`end.offset` only; points are filled in at the end. */
type Offsets = { start: number; end: number };

/** Lists nested deeper than this: not modelled (remark reads them, within its own budget). */
const maxDepth = 16;

/** The blocks of a container's `lines`, `depth` lists deep. */
function readBlocks(text: string, lines: Line[], depth: number, task?: TaskCheck): FlowContent[] | undefined {
  if (depth > maxDepth) return undefined;
  const blocks: FlowContent[] = [];
  let index = 0;
  /** The block before ends on the line before, and is a definition (micromark's content: no HTML block of kind 7 interrupts it). */
  let afterDefinition = false;
  while (index < lines.length) {
    const line = lines[index] as Line;
    if (isBlank(text, line)) {
      afterDefinition = false;
      index++;
      continue;
    }
    if (line.lazy) return undefined;
    const indent = indentOf(text, line);
    if (indent >= 4) return undefined;
    const first = line.start + indent;
    const read = readBlockAt(text, lines, index, indent, depth, afterDefinition);
    if (read === null) return undefined;
    if (read !== undefined) {
      blocks.push(read.block);
      afterDefinition = read.block.type === 'definition';
      index = read.next;
      continue;
    }
    // a setext heading right after a definition starts where the definition does (micromark's content): not modelled
    const followsDefinition = afterDefinition;
    afterDefinition = false;
    // a paragraph: the lines up to a blank one; any line that might interrupt it is not modelled
    let last = index;
    let underline: number | undefined;
    while (last + 1 < lines.length && !isBlank(text, lines[last + 1] as Line)) {
      const next = lines[last + 1] as Line;
      const nextIndent = indentOf(text, next);
      const level = nextIndent < 4 && !next.lazy ? setextLevel(text, next.start + nextIndent, next.end) : 0;
      if (level > 0) {
        if (followsDefinition) return undefined;
        underline = level;
        break;
      }
      if (nextIndent < 4 && mayInterrupt(text, next.start + nextIndent, next.end)) {
        if (interruptsParagraph(text, next, nextIndent)) break;
        // an HTML block of kind 7 cannot interrupt a paragraph: the line goes on with it (a lazy one may start the block: not modelled)
        if (next.lazy || text.charCodeAt(next.start + nextIndent) !== lessThan) return undefined;
      }
      last++;
    }
    // a list item's first paragraph may open with a GFM task list check (`[ ]`, `[x]`)
    const check = task !== undefined && index === 0 ? taskCheck(text, first, line.end) : undefined;
    if (check === null || (check !== undefined && underline !== undefined)) return undefined;
    const paragraph = readParagraph(text, lines, index, last, check === undefined ? first : first + 3);
    if (paragraph === undefined) return undefined;
    if (check !== undefined && task !== undefined) {
      task.checked = check;
      dropCheckSpace(paragraph, first);
    }
    if (underline === undefined) {
      blocks.push(paragraph);
      index = last + 1;
    } else {
      // a setext heading: the paragraph's content, to the end of its underline
      const end = (lines[last + 1] as Line).end;
      blocks.push({ type: 'heading', depth: underline as Heading['depth'], children: paragraph.children, position: offsets(first, end) });
      index = last + 2;
    }
  }
  return blocks;
}

/** Whether a list item's first paragraph opened with a task list check, and which. */
interface TaskCheck {
  checked: boolean | null;
}

/**
 * A GFM task list check at `text[first]` (`[ ]`, `[x]`, `[X]`, then one
 * space and more on the line): whether it is checked; undefined when there
 * is none; null when not modelled (more spaces, or none before the line's
 * end).
 */
function taskCheck(text: string, first: number, lineEnd: number): boolean | undefined | null {
  if (text.charCodeAt(first) !== leftSquareBracket || text.charCodeAt(first + 2) !== rightSquareBracket) return undefined;
  const value = text.charCodeAt(first + 1);
  if (value !== space && value !== checkMarks.lowercaseX && value !== checkMarks.uppercaseX) return undefined;
  const after = first + 3;
  if (after >= lineEnd) return null;
  if (text.charCodeAt(after) !== space) return undefined;
  if (after + 1 >= lineEnd || text.charCodeAt(after + 1) === space) return null;
  return value !== space;
}

/**
 * What mdast-util-gfm-task-list-item does to the paragraph after a check:
 * its first text loses the space after the check (and goes when nothing
 * else is left); the paragraph then starts where that text does, or at
 * the check (`check`) when its first node is no text.
 */
function dropCheckSpace(paragraph: Paragraph, check: number): void {
  const head = paragraph.children[0];
  const span = paragraph.position as unknown as Offsets;
  if (head?.type !== 'text' || head.value.length <= 1) {
    if (head?.type === 'text') paragraph.children.shift();
    span.start = check;
    return;
  }
  head.value = head.value.slice(1);
  const headSpan = head.position as unknown as Offsets;
  headSpan.start++;
  span.start = headSpan.start;
}

/** A block read from `lines[index]` on, and the index of the line after it. */
interface BlockRead {
  block: FlowContent;
  next: number;
}

/**
 * The block other than a paragraph that starts at `lines[index]`
 * (indented `indent`): undefined when the line starts a paragraph, null
 * when not modelled.
 */
function readBlockAt(text: string, lines: Line[], index: number, indent: number, depth: number, afterDefinition: boolean): BlockRead | undefined | null {
  const line = lines[index] as Line;
  const first = line.start + indent;
  const code = text.charCodeAt(first);
  if (code === numberSign) {
    const heading = atxHeading(text, first, line.end);
    if (heading !== undefined) return heading === null ? null : { block: heading, next: index + 1 };
  }
  if (code === greaterThan) return readBlockQuote(text, lines, index, depth) ?? null;
  if (code === graveAccent || code === tilde) {
    const fence = readFence(text, lines, index, indent);
    if (fence !== undefined) return fence;
  }
  if (code === lessThan) {
    const html = readHtml(text, lines, index, first, !afterDefinition);
    if (html !== undefined) return html;
  }
  if (isThematicBreak(text, first, line.end)) return { block: { type: 'thematicBreak', position: offsets(first, line.end) }, next: index + 1 };
  if (code === leftSquareBracket && mayBeDefinition(text, first, line.end)) {
    // a table's header row first
    const table = readTable(text, lines, index, indent);
    if (table !== undefined) return table;
    // a title may follow on the next line, or a delimiter row without pipes (`-:`: the line is a table's header): not modelled
    const next = lines[index + 1];
    if (next !== undefined && !isBlank(text, next) && (startsTitle(text, next) || mayBeDelimiterRow(text, next))) return null;
    const definition = readDefinition(text, first, line.end);
    if (definition === null) return null;
    const normalized = normalizeLabel(definition.label ?? '');
    if (!unitDefinitions.has(normalized)) unitDefinitions.set(normalized, definition.url);
    return { block: { ...definition, position: offsets(first, line.end) }, next: index + 1 };
  }
  // a `<` that starts no HTML block here starts a paragraph
  if (code !== lessThan && startsBlockOtherThanParagraph(text, first, line.end)) return null;
  const marker = listMarker(text, line, indent);
  if (marker === null) return null;
  if (marker !== undefined) return readList(text, lines, index, marker, depth) ?? null;
  return readTable(text, lines, index, indent);
}

function readParagraph(text: string, lines: Line[], from: number, to: number, first: number): Paragraph | undefined {
  const slices: LineSlice[] = [];
  for (let index = from; index <= to; index++) {
    const line = lines[index] as Line;
    slices.push({ from: index === from ? first : line.start, to: line.end });
  }
  const lastSlice = slices[slices.length - 1] as LineSlice;
  while (lastSlice.to > lastSlice.from && text.charCodeAt(lastSlice.to - 1) === space) lastSlice.to--;
  const children = phrasing(text, slices);
  if (children === undefined) return undefined;
  return { type: 'paragraph', children, position: offsets(first, (lines[to] as Line).end) };
}

/** An ATX heading at `text[first]` (a `#`); undefined when the line is not one, null when not modelled. */
function atxHeading(text: string, first: number, lineEnd: number): Heading | undefined | null {
  let at = first;
  while (at < lineEnd && text.charCodeAt(at) === numberSign) at++;
  const depth = at - first;
  if (depth > 6 || (at < lineEnd && text.charCodeAt(at) !== space)) return undefined;
  while (at < lineEnd && text.charCodeAt(at) === space) at++;
  let end = lineEnd;
  while (end > at && text.charCodeAt(end - 1) === space) end--;
  // a closing sequence: `#`s after a space (or the whole content)
  let hashes = end;
  while (hashes > at && text.charCodeAt(hashes - 1) === numberSign) hashes--;
  if (hashes < end && (hashes === at || text.charCodeAt(hashes - 1) === space)) {
    end = hashes;
    while (end > at && text.charCodeAt(end - 1) === space) end--;
  }
  const children = end > at ? phrasing(text, [{ from: at, to: end }]) : [];
  if (children === undefined) return null;
  return { type: 'heading', depth: depth as Heading['depth'], children, position: offsets(first, lineEnd) };
}

/**
 * A block quote starting at `lines[from]`: its `>` lines without the marker
 * (and one space after it), and lazy continuation lines; its blocks read
 * again.
 */
function readBlockQuote(text: string, lines: Line[], from: number, depth: number): BlockRead | undefined {
  const quoteLines: Line[] = [];
  let index = from;
  for (; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (isBlank(text, line)) break;
    const indent = indentOf(text, line);
    const first = line.start + indent;
    if (!line.lazy && indent < 4 && text.charCodeAt(first) === greaterThan) {
      const start = text.charCodeAt(first + 1) === space ? first + 2 : first + 1;
      quoteLines.push({ start: Math.min(start, line.end), end: line.end, lazy: false, prefixed: true });
      continue;
    }
    // a lazy continuation line, after a line of the quote's that was not blank
    const previous = quoteLines[quoteLines.length - 1];
    if (previous === undefined || isBlank(text, previous)) break;
    if (indent < 4 && (mayInterrupt(text, first, line.end) || listMarker(text, line, indent) !== undefined)) return undefined;
    quoteLines.push({ start: line.start, end: line.end, lazy: true });
  }
  const children = readBlocks(text, quoteLines, depth + 1);
  if (children === undefined || children.length === 0) return undefined;
  const marker = (lines[from] as Line).start + indentOf(text, lines[from] as Line);
  const end = (quoteLines[quoteLines.length - 1] as Line).end;
  const quote: Blockquote = { type: 'blockquote', children, position: offsets(marker, end) };
  return { block: quote, next: index };
}

/**
 * Fenced code starting at `lines[from]` (indented `indent`): undefined when
 * the line opens none, null when not modelled (a fence left open, a lazy
 * line, an info string with an escape or a reference).
 */
function readFence(text: string, lines: Line[], from: number, indent: number): BlockRead | undefined | null {
  const open = lines[from] as Line;
  const first = open.start + indent;
  const marker = text.charCodeAt(first);
  let runEnd = first;
  while (runEnd < open.end && text.charCodeAt(runEnd) === marker) runEnd++;
  const size = runEnd - first;
  if (size < 3) return undefined;
  const info = text.slice(runEnd, open.end).trim();
  if (marker === graveAccent && info.includes('`')) return undefined;
  if (info.includes('\\') || info.includes('&')) return null;
  const content: string[] = [];
  for (let index = from + 1; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (line.lazy) return null;
    const lineIndent = indentOf(text, line);
    if (lineIndent < 4) {
      let at = line.start + lineIndent;
      while (at < line.end && text.charCodeAt(at) === marker) at++;
      if (at - (line.start + lineIndent) >= size && isBlank(text, { start: at, end: line.end, lazy: false })) {
        const space = info.search(/\s/);
        const code: Code = {
          type: 'code',
          lang: info === '' ? null : space === -1 ? info : info.slice(0, space),
          meta: space === -1 ? null : info.slice(space).trim(),
          value: content.join(''),
          position: offsets(first, line.end),
        };
        return { block: code, next: index + 1 };
      }
    }
    // a content line, less the fence's indentation, after the line ending before it
    const ending = text.slice((lines[index - 1] as Line).end, lineBreakEnd(text, (lines[index - 1] as Line).end));
    content.push(index === from + 1 ? '' : ending, text.slice(line.start + Math.min(indent, lineIndent), line.end));
  }
  // left open: not modelled
  return null;
}

/**
 * An HTML block starting at `lines[from]` (its `<` at `first`): its lines
 * from the container's content, to the line holding its end (kinds 1–5)
 * or before a blank line (kinds 6 and 7, the latter only when `kind7`);
 * undefined when the
 * line starts none of these, null when not modelled (left open, a lazy line).
 */
function readHtml(text: string, lines: Line[], from: number, first: number, kind7: boolean): BlockRead | undefined | null {
  const open = lines[from] as Line;
  const kind = kind7 ? anyHtmlBlockKind(text, first, open.end) : htmlBlockKind(text, first, open.end);
  if (kind === undefined) return undefined;
  let last = from;
  if (!kind.atBlankLine) {
    let found = endsOnFirstLine(kind, text, first, open.end);
    while (!found) {
      last++;
      const line = lines[last];
      if (line === undefined || line.lazy) return null;
      found = kind.endsIn(text, line.start, line.end);
    }
  } else {
    while (last + 1 < lines.length && !isBlank(text, lines[last + 1] as Line)) {
      if ((lines[last + 1] as Line).lazy) return null;
      last++;
    }
  }
  const parts: string[] = [];
  for (let index = from; index <= last; index++) {
    const line = lines[index] as Line;
    if (index > from) {
      const before = (lines[index - 1] as Line).end;
      parts.push(text.slice(before, lineBreakEnd(text, before)));
    }
    parts.push(text.slice(line.start, line.end));
  }
  return { block: { type: 'html', value: parts.join(''), position: offsets(open.start, (lines[last] as Line).end) }, next: last + 1 };
}

/** Where the line ending at `text[at]` ends. */
function lineBreakEnd(text: string, at: number): number {
  return text.charCodeAt(at) === carriageReturn ? at + 2 : at + 1;
}

/**
 * A GFM table whose header row is `lines[from]`: undefined when the next
 * line is no delimiter row with as many cells, null when not modelled (an
 * escaped pipe, a line after it that may start another block).
 */
function readTable(text: string, lines: Line[], from: number, indent: number): BlockRead | undefined | null {
  const head = lines[from] as Line;
  const delimiter = lines[from + 1];
  if (delimiter === undefined || delimiter.lazy || isBlank(text, delimiter)) return undefined;
  const delimiterIndent = indentOf(text, delimiter);
  if (delimiterIndent >= 4) return undefined;
  const align = delimiterRow(text, delimiter.start + delimiterIndent, trimEnd(text, delimiter.start + delimiterIndent, delimiter.end));
  if (align === undefined) return undefined;
  const first = head.start + indent;
  const headCells = splitRow(text, first, trimEnd(text, first, head.end));
  // no pipe, or nothing but pipes: not modelled
  if (headCells === null || !text.slice(first, head.end).includes('|') || headCells.every((cell) => cell.contentFrom === cell.contentTo)) return null;
  if (headCells.length !== align.length) return undefined;
  const rows: TableRow[] = [];
  const header = tableRow(text, first, head.end, headCells);
  if (header === undefined) return null;
  rows.push(header);
  let end = delimiter.end;
  let index = from + 2;
  for (; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (isBlank(text, line)) break;
    const lineIndent = indentOf(text, line);
    const start = line.start + lineIndent;
    if (line.lazy || lineIndent >= 4) return null;
    if (text.charCodeAt(start) !== verticalBar && (mayInterrupt(text, start, line.end) || startsBlockOtherThanParagraph(text, start, line.end))) return null;
    const cells = splitRow(text, start, trimEnd(text, start, line.end));
    if (cells === null) return null;
    const row = tableRow(text, start, line.end, cells);
    if (row === undefined) return null;
    rows.push(row);
    end = line.end;
  }
  const table: Table = { type: 'table', align, children: rows, position: offsets(first, end) };
  return { block: table, next: index };
}

/** A row from its cells; the last cell and the row run to the end of the line. */
function tableRow(text: string, from: number, lineEnd: number, cells: CellSpan[]): TableRow | undefined {
  const children: TableCell[] = [];
  for (const [index, cell] of cells.entries()) {
    const content = cell.contentTo > cell.contentFrom ? phrasing(text, [{ from: cell.contentFrom, to: cell.contentTo }]) : [];
    if (content === undefined) return undefined;
    const to = index === cells.length - 1 ? lineEnd : cell.to;
    children.push({ type: 'tableCell', children: content, position: offsets(cell.from, to) });
  }
  return { type: 'tableRow', children, position: offsets(from, lineEnd) };
}

/** `to` less the spaces before it. */
function trimEnd(text: string, from: number, to: number): number {
  let end = to;
  while (end > from && text.charCodeAt(end - 1) === space) end--;
  return end;
}

/** A list starting at `lines[from]` with `marker`: its items, nested blocks read again for each. */
function readList(text: string, lines: Line[], from: number, marker: Marker, depth: number): BlockRead | undefined {
  const items: ListItem[] = [];
  let index = from;
  let itemMarker: Marker | undefined = marker;
  let spread = false;
  while (itemMarker !== undefined) {
    const current: Marker = itemMarker;
    const head = lines[index] as Line;
    const itemLines: Line[] = [{ start: head.start + current.contentColumn, end: head.end, lazy: head.lazy }];
    itemMarker = undefined;
    let next = index + 1;
    for (; next < lines.length; next++) {
      const line = lines[next] as Line;
      if (isBlank(text, line)) {
        itemLines.push({ start: Math.min(line.start + current.contentColumn, line.end), end: line.end, lazy: false, prefixed: line.prefixed === true });
        continue;
      }
      const indent = indentOf(text, line);
      if (line.lazy) {
        // lazy for a container around the list: lazy here too, or the end of the list
        if (isBlank(text, lines[next - 1] as Line)) break;
        if (indent < 4 && mayInterrupt(text, line.start + indent, line.end)) return undefined;
        itemLines.push(line);
        continue;
      }
      if (indent >= current.contentColumn) {
        itemLines.push({ start: line.start + current.contentColumn, end: line.end, lazy: line.lazy });
        continue;
      }
      const afterBlank = isBlank(text, lines[next - 1] as Line);
      const following = indent < 4 && !isThematicBreak(text, line.start + indent, line.end) ? listMarker(text, line, indent) : undefined;
      if (following === null) break;
      if (following !== undefined && following.ordered === current.ordered && following.kind === current.kind) {
        itemMarker = following;
        if (afterBlank) spread = true;
        break;
      }
      if (!afterBlank && following === undefined) {
        // a block that interrupts a paragraph (a heading, a fence, a quote…) ends the list; a line that may or may not continue it: not modelled
        if (indent < 4 && mayInterrupt(text, line.start + indent, line.end)) {
          // (in a block quote, micromark ends the list after the next line's marker: not modelled)
          if (!line.lazy && line.prefixed !== true && interruptsParagraph(text, line, indent)) break;
          return undefined;
        }
        itemLines.push({ start: line.start, end: line.end, lazy: true });
        continue;
      }
      break;
    }
    const task: TaskCheck = { checked: null };
    const children = readBlocks(text, itemLines, depth + 1, task);
    if (children === undefined || children.length === 0) return undefined;
    const last = children[children.length - 1] as FlowContent;
    items.push({
      type: 'listItem',
      spread: false,
      checked: task.checked,
      children,
      position: offsets(current.at, (last.position as unknown as Offsets).end),
    });
    index = next;
    if (itemMarker === undefined) break;
  }
  // the blank lines after the list are not its own, but a block quote's marker on one ends the list after it
  let end = ((items[items.length - 1] as ListItem).position as unknown as Offsets).end;
  let blankEnd: number | undefined;
  while (index > from + 1 && isBlank(text, lines[index - 1] as Line)) {
    index--;
    const blank = lines[index] as Line;
    if (blank.prefixed === true) blankEnd ??= blank.end;
  }
  if (blankEnd !== undefined) end = Math.max(end, blankEnd);
  const list: List = { type: 'list', ordered: marker.ordered, start: marker.start, spread, children: items, position: offsets(marker.at, end) };
  return { block: list, next: index };
}

/**
 * The list item marker of `line` (indented `indent`), with at least one
 * space after it and content on the line; null for a marker this reader
 * does not model (an empty item, indented code after the marker).
 */
function listMarker(text: string, line: Line, indent: number): Marker | undefined | null {
  if (indent >= 4) return undefined;
  const at = line.start + indent;
  const code = text.charCodeAt(at);
  let after: number;
  let ordered = false;
  let kind = code;
  let start: number | null = null;
  if (code === dash || code === asterisk || code === plusSign) {
    after = at + 1;
  } else {
    let digits = at;
    while (digits < line.end && digits - at < 9 && isDigit(text.charCodeAt(digits))) digits++;
    const delimiter = text.charCodeAt(digits);
    if (digits === at || (delimiter !== dot && delimiter !== rightParenthesis)) return undefined;
    ordered = true;
    kind = delimiter;
    start = Number(text.slice(at, digits));
    after = digits + 1;
  }
  let spaces = 0;
  while (after + spaces < line.end && text.charCodeAt(after + spaces) === space) spaces++;
  // no space and something after the marker: no marker
  if (spaces === 0 && after < line.end) return undefined;
  // an empty item, or code after the marker: not modelled
  if (after + spaces >= line.end || spaces > 4) return null;
  return { at, contentColumn: after + spaces - line.start, ordered, kind, start };
}

/** Might the line whose content starts at `first` interrupt a paragraph (or start a block we do not model)? */
function mayInterrupt(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (code === numberSign || code === dash || code === asterisk || code === plusSign || code === underscore || code === equalsSign) return true;
  if (code === colon || code === verticalBar) return true;
  // a GFM footnote definition (`[^label]:`) interrupts a paragraph
  if (code === leftSquareBracket && text.charCodeAt(first + 1) === caret) return true;
  if (startsBlockOtherThanParagraph(text, first, end)) return true;
  if (isDigit(code)) {
    let at = first;
    while (at < end && isDigit(text.charCodeAt(at))) at++;
    const delimiter = text.charCodeAt(at);
    return delimiter === dot || delimiter === rightParenthesis;
  }
  return false;
}

/** Block quotes, fences, HTML blocks (of any kind), thematic breaks. */
function startsBlockOtherThanParagraph(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (code === lessThan) return anyHtmlBlockKind(text, first, end) !== undefined;
  if (code === greaterThan) return true;
  if ((code === graveAccent || code === tilde) && text.charCodeAt(first + 1) === code && text.charCodeAt(first + 2) === code) return true;
  return isThematicBreak(text, first, end);
}

/**
 * Does `line` (indented `indent`, less than 4) start a block that
 * interrupts a paragraph: an ATX heading, a fence, a block quote, an HTML
 * block of kinds 1–6, a thematic break, a list item with content (an
 * ordered one only from 1)?
 */
function interruptsParagraph(text: string, line: Line, indent: number): boolean {
  const first = line.start + indent;
  const code = text.charCodeAt(first);
  if (code === greaterThan) return true;
  if (code === numberSign) return atxHeading(text, first, line.end) !== undefined;
  if (code === lessThan) return htmlBlockKind(text, first, line.end) !== undefined;
  if (code === graveAccent || code === tilde) {
    let at = first;
    while (text.charCodeAt(at) === code) at++;
    return at - first >= 3 && !(code === graveAccent && text.slice(at, line.end).includes('`'));
  }
  if (isThematicBreak(text, first, line.end)) return true;
  const item = listMarker(text, line, indent);
  return item !== undefined && item !== null && !(item.ordered && item.start !== 1);
}

/** `[`…`]:` on the line: a definition, or not modelled. */
function mayBeDefinition(text: string, first: number, end: number): boolean {
  for (let at = first + 1; at < end; at++) {
    if (text.charCodeAt(at) === colon && text.charCodeAt(at - 1) === rightSquareBracket) return true;
  }
  return false;
}

/**
 * Is `code` in `text[from, to)`? A loop, not `indexOf`: that would search on
 * to the end of the unit, line after line.
 */
function holds(text: string, code: number, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === code) return true;
  return false;
}

/** A line of only `-`, `:`, `|` and spaces with a `:` or a `|`: it may be a table's delimiter row. */
function mayBeDelimiterRow(text: string, line: Line): boolean {
  let marked = false;
  for (let at = line.start; at < line.end; at++) {
    const code = text.charCodeAt(at);
    if (code === colon || code === verticalBar) marked = true;
    else if (code !== dash && code !== space) return false;
  }
  return marked;
}

/** A line whose content opens with a title mark. */
function startsTitle(text: string, line: Line): boolean {
  const code = text.charCodeAt(line.start + indentOf(text, line));
  return code === quotationMark || code === apostrophe || code === leftParenthesis;
}

/** The level of a setext underline at `text[first]` (`=`: 1, `-`: 2; trailing spaces allowed), or 0. */
function setextLevel(text: string, first: number, end: number): number {
  const marker = text.charCodeAt(first);
  if (marker !== equalsSign && marker !== dash) return 0;
  let at = first;
  while (at < end && text.charCodeAt(at) === marker) at++;
  while (at < end && text.charCodeAt(at) === space) at++;
  if (at < end) return 0;
  return marker === equalsSign ? 1 : 2;
}

/** Three or more `-`, `*` or `_` (the same), spaces between allowed, and nothing else. */
function isThematicBreak(text: string, first: number, end: number): boolean {
  const marker = text.charCodeAt(first);
  if (marker !== dash && marker !== asterisk && marker !== underscore) return false;
  let count = 0;
  for (let at = first; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === marker) count++;
    else if (code !== space) return false;
  }
  return count >= 3;
}

function phrasing(text: string, slices: LineSlice[]): PhrasingContent[] | undefined {
  const inline = new InlineText(slices, text);
  const read = readPhrasing(inline.text, context);
  if (read === undefined) return undefined;
  return read.map((node) => toMdast(node, inline));
}

function toMdast(node: Inline, inline: InlineText): PhrasingContent {
  const position = offsets(inline.start(node.from), inline.end(node.to));
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return { type: node.type, value: node.value, position };
    case 'break':
      return { type: 'break', position };
    case 'image':
      return { type: 'image', url: node.url, title: node.title, alt: node.alt, position };
    case 'link':
      return { type: 'link', url: node.url ?? '', title: node.title ?? null, children: node.children.map((child) => toMdast(child, inline)) as never, position };
    case 'linkReference':
      return { type: 'linkReference', identifier: node.identifier, label: node.label, referenceType: node.referenceType, children: node.children.map((child) => toMdast(child, inline)) as never, position };
    case 'imageReference':
      return { type: 'imageReference', identifier: node.identifier, label: node.label, referenceType: node.referenceType, alt: plainText(node.children), position };
    default:
      return { type: node.type, children: node.children.map((child) => toMdast(child, inline)), position };
  }
}

/** A position with offsets only, filled in by {@link withPositions}. */
function offsets(start: number, end: number): never {
  return { start, end } as never;
}

/** Every node's offsets made points (line, column, offset). */
function withPositions(root: Root, index: LineIndex, length: number): Root {
  const visit = (node: { position?: unknown; children?: unknown[] }): void => {
    const span = node.position as Offsets | undefined;
    if (span !== undefined) node.position = { start: index.point(span.start), end: index.point(span.end) };
    if (node.children !== undefined) for (const child of node.children) visit(child as never);
  };
  for (const child of root.children) visit(child as never);
  root.position = { start: index.point(0), end: index.point(length) };
  return root;
}

function isBlank(text: string, line: Line): boolean {
  for (let at = line.start; at < line.end; at++) if (text.charCodeAt(at) !== space) return false;
  return true;
}

function indentOf(text: string, line: Line): number {
  let at = line.start;
  while (at < line.end && text.charCodeAt(at) === space) at++;
  return at - line.start;
}

function isDigit(code: number): boolean {
  return code >= digit0 && code <= digit9;
}
