/**
 * A reader of one unit of a Markdown document (a stretch that remark reads
 * standalone, see `part-boundaries.ts`) that gives the mdast tree remark
 * (remark-parse, remark-gfm, remark-frontmatter) builds for it, or
 * {@link notModelled} when the unit holds something it does not model; the
 * caller then hands the unit to remark.
 *
 * Blocks modelled: paragraphs, ATX and setext headings, thematic breaks,
 * fenced code (closed), indented code, HTML blocks of every kind, GFM
 * tables, bullet and ordered lists and block quotes holding these (nested,
 * lazy continuation lines included), link reference definitions (their
 * label, destination and title on at most three lines); tabs in a line's
 * indentation (see `Line.virtual`). Anything else —
 * empty list items, a tab after a line's first character, a `\r` without
 * `\n` — is not modelled. What a line may start is told by `line-kinds.ts`; the
 * phrasing content is read by `phrasing.ts`.
 *
 * One {@link UnitReader} reads one unit: it holds the unit's text, what its
 * references resolve against and the definitions met so far.
 */
import type { BlockContent, DefinitionContent, Nodes, Blockquote, Code, Heading, Table, TableCell, TableRow, List, ListItem, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { LineIndex } from '../../../source-map/line-index.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';
import { readDefinition, readSplitDefinition } from './definitions.js';
import { anyHtmlBlockKind, htmlBlockKind } from './html-blocks.js';
import { endsOnFirstLine, type HtmlKind } from './html-kinds.js';
import type { Inline } from './inline-nodes.js';
import { InlineText, type LineSlice } from './inline-text.js';
import { normalizeLabel, PossibleLabels, type KnownDefinitions } from './labels.js';
import {
  afterColumns,
  lineOf,
  contentStart,
  holds,
  indentOf,
  lineText,
  tabsModelled,
  continuesAsOrderedItem,
  continuesParagraph,
  interruptsParagraph,
  isBlank,
  isDigit,
  isThematicBreak,
  emptyItemMarker,
  lineBreakEnd,
  listMarker,
  mayBeDefinition,
  mayBeDelimiterRow,
  mayInterrupt,
  setextLevel,
  startsBlockAfterTable,
  startsBlockOtherThanParagraph,
  startsTitle,
  taskCheck,
  trimEnd,
  type Line,
  type Marker,
} from './line-kinds.js';
import { decodeString, readTitle, skipSpaces } from './link-tail.js';
import { plainText, readPhrasing, type InlineLines, type ReferenceContext } from './phrasing.js';
import { delimiterRow, splitRow, type CellSpan } from './table-rows.js';

const { space, tab, carriageReturn, lineFeed, numberSign, greaterThan, graveAccent, tilde, lessThan, leftSquareBracket, verticalBar } = codes;

/** What a container holds. */
type FlowContent = BlockContent | DefinitionContent;

/** A position while a unit is read: offsets only (lines and columns are filled in at the end, when asked for). */
type Offsets = { start: { offset: number }; end: { offset: number } };

/** Lists nested deeper than this: not modelled (remark reads them, within its own budget). */
const maxDepth = 16;

/** Blocks no line continues lazily: a line after one that leaves its list item ends the list. */
const closedBlocks: ReadonlySet<string> = new Set(['code', 'html', 'thematicBreak', 'heading']);

/** Blocks after which a lazy line ends the block quote (see `readBlockQuote`). */
const endsBeforeLazyLine: ReadonlySet<string> = new Set(['code', 'heading', 'thematicBreak']);

/** Where a block quote's blocks ended, before a lazy line (see `readBlockQuote`). */
interface LazyStop {
  at: number | undefined;
}

/** Columns of indentation that make indented code (and that it loses). */
const codeIndent = 4;

/** mdast-util-from-markdown drops one line ending at the end of indented code. */
const finalLineEnding = /(?:\r?\n|\r)$/;

/** Does `text[first, end)` open with an ordered list marker from other than 1 (`2.`, `10)`, `01.`)? */
function opensOrderedNotFromOne(text: string, first: number, end: number): boolean {
  // (most lines start with no digit: no slice made for them)
  return isDigit(text.charCodeAt(first)) && markerNotFromOne.test(text.slice(first, Math.min(end, first + 10)));
}

const markerNotFromOne = /^(?!1[.)])\d{1,9}[.)]/;

/**
 * A block at the top of a unit (in no container) left open at its end, so
 * that it runs on past it: fenced code (its marker, `` ` `` or `~`, and how
 * many), or an HTML block of kinds 1–5 (its kind).
 */
export type OpenBlock = { marker: number; size: number } | { html: HtmlKind };

/** How to read a unit. */
export interface UnitReading {
  /** Positions with lines and columns (else offsets only: `{ start: { offset }, end: { offset } }`, all the walk reads). @default true */
  points?: boolean;
  /** Told, when the unit is not modelled because it ends inside fenced code or an HTML block of kinds 1–5 at its top (not in a container): the block runs on past it. */
  runsOn?: (block: OpenBlock) => void;
  /** The unit ends where the document ends: fenced code at its top left open ends there too (the code is every line after its fence). @default false */
  endsDocument?: boolean;
}

/** A unit read: remark's tree for it, and the URL of the definition each of its references resolves to. */
export interface UnitTree {
  tree: Root;
  /** The URL of the definition the reference with `identifier` resolves to (one the unit or the rest of the document defines). */
  referenceUrl(identifier: string): string | undefined;
}

/**
 * The tree remark builds for `text` (one unit), or {@link notModelled}.
 * `documentLabels`: the labels the whole document may define (brackets are
 * references where one is); by default the unit's own. `known`: the
 * definitions of the rest of the document surely known (those of the unit
 * itself are added as it is read); a reference to a label that may be
 * defined but is not known is not modelled.
 */
// rule: markdown-unit-reader
export function readUnitTree(text: string, documentLabels?: PossibleLabels, known?: KnownDefinitions, reading: UnitReading = {}): UnitTree | NotModelled {
  return new UnitReader(text, documentLabels ?? new PossibleLabels(text), known, reading.runsOn, reading.endsDocument ?? false).read(reading.points ?? true);
}

/** The reading of one unit. */
class UnitReader {
  /** The definitions of the unit read so far, by normalized label (the first wins). */
  private readonly definitions = new Map<string, string>();
  /** Fenced code in a list item ended by a line that may open a container, until the list reading it takes it (see {@link UnitReader.fenceClosedBefore}). */
  private openFence: { code: Code; lineStart: number } | undefined;
  private readonly context: ReferenceContext;

  constructor(
    private readonly text: string,
    labels: PossibleLabels,
    known: KnownDefinitions | undefined,
    private readonly runsOn: ((fence: OpenBlock) => void) | undefined,
    private readonly endsDocument: boolean,
  ) {
    this.context = { labels, known: (label) => known?.(label) ?? this.definitions.get(label), resolved: new Map() };
  }

  read(points: boolean): UnitTree | NotModelled {
    const { text } = this;
    if (text.includes('\0')) return notModelled;
    // tabs in a line's indentation (see `Line.virtual`), after a list marker and in text are modelled, anywhere else not
    const tabbed = text.includes('\t');
    if (tabbed && !tabsModelled(text)) return notModelled;
    // where front matter may open, remark-frontmatter changes what follows even when it is left open
    if (text.startsWith('---') || text.startsWith('+++')) return notModelled;
    const lines: Line[] = [];
    const returns = text.includes('\r');
    for (let start = 0; start <= text.length; ) {
      let next = text.indexOf('\n', start);
      if (next === -1) next = text.length;
      // a line ends before `\r\n` or `\n`; a `\r` alone is not modelled
      const end = next > start && text.charCodeAt(next - 1) === carriageReturn ? next - 1 : next;
      if (returns && holds(text, carriageReturn, start, end)) return notModelled;
      lines.push(lineOf(start, end, false, false, undefined, undefined, tabbed ? holds(text, tab, start, end) : undefined));
      start = next + 1;
    }
    const children = this.readBlocks(lines, 0);
    if (children === notModelled || this.openFence !== undefined) return notModelled;
    const root: Root = { type: 'root', children: children as RootContent[] };
    const resolved = this.context.resolved;
    const referenceUrl = (identifier: string) => resolved.get(identifier);
    if (!points) {
      root.position = offsets(0, text.length);
      return { tree: root, referenceUrl };
    }
    return { tree: withPositions(root, LineIndex.ofText(text), text.length), referenceUrl };
  }

  /**
   * The blocks of a container's `lines`, `depth` lists deep. `interrupted`:
   * the container opened on a line that interrupts (see
   * {@link UnitReader.interrupts}), and so did any container its first line
   * opens.
   */
  private readBlocks(lines: Line[], depth: number, task?: TaskCheck, interrupted = false, stop?: LazyStop): FlowContent[] | NotModelled {
    const { text } = this;
    if (depth > maxDepth) return notModelled;
    const blocks: FlowContent[] = [];
    let index = 0;
    /** The block before ends on the line before, and is a definition (micromark's content: no HTML block of kind 7 interrupts it). */
    let afterDefinition = false;
    /** The block before is indented code (blank lines since allowed): micromark still counts it as open. */
    let afterIndentedCode = false;
    /** The block before is a paragraph ending on the line before. */
    let afterParagraph = false;
    /**
     * The block before is a list or a block quote ending on the line before
     * (the line continues none of its containers: micromark closes them and
     * starts its reading of blocks again there), or a paragraph that
     * started on such a line: what is open for the next line is not
     * modelled.
     */
    let afterContainer = false;
    let paragraphAfterContainer = false;
    while (index < lines.length) {
      const line = lines[index] as Line;
      if (isBlank(text, line)) {
        afterDefinition = false;
        afterParagraph = false;
        afterContainer = false;
        paragraphAfterContainer = false;
        index++;
        continue;
      }
      if (line.lazy && stop !== undefined && line.lazyHtml !== true && endsBeforeLazyLine.has(blocks[blocks.length - 1]?.type ?? '') && indentOf(text, line) < codeIndent) {
        // a lazy line after a block no line continues: micromark closes the block quote before it (`> # a⏎b`, `> ```⏎b`)
        stop.at = index;
        return blocks;
      }
      if (line.lazy) {
        // (see `itemLines`): a one-line HTML block right after a paragraph of this container
        if (line.lazyHtml !== true || blocks[blocks.length - 1]?.type !== 'paragraph' || index === 0 || isBlank(text, lines[index - 1] as Line)) return notModelled;
        blocks.push({ type: 'html', value: lineText(text, line), position: offsets(line.start, line.end) });
        afterDefinition = false;
        afterParagraph = false;
        index++;
        continue;
      }
      const indent = indentOf(text, line);
      const followsContainer = afterContainer;
      const followsParagraphAfterContainer = paragraphAfterContainer;
      afterContainer = false;
      paragraphAfterContainer = false;
      if (indent >= 4) {
        // after a definition, an indented line is text (micromark's content); right after a container, see `afterContainer`; after a list whose items' content is indented more (`-    a`, blank lines between), micromark splits the code at blank lines: not modelled
        if (afterDefinition || followsContainer || blocks[blocks.length - 1]?.type === 'list') return notModelled;
        const code = this.readIndentedCode(lines, index);
        if (code === notModelled) return notModelled;
        blocks.push(code.block);
        afterIndentedCode = true;
        afterParagraph = false;
        index = code.next;
        continue;
      }
      // a line that interrupts (see `readBlockAt`) starts no list item from other than 1: a paragraph
      const interrupts: boolean = (index === 0 && interrupted) || afterIndentedCode || afterParagraph || afterDefinition;
      afterIndentedCode = false;
      afterParagraph = false;
      const first = contentStart(text, line, indent);
      if (followsParagraphAfterContainer && (text.charCodeAt(first) === greaterThan || listMarker(text, line, indent) !== absent)) return notModelled;
      const asParagraph: boolean = interrupts && opensOrderedNotFromOne(text, first, line.end);
      // right after a definition, micromark is still in the content the definition opened: a list item from other than 1 cannot interrupt it (not modelled)
      if (afterDefinition && opensOrderedNotFromOne(text, first, line.end)) return notModelled;
      const read: BlockRead | Absent | NotModelled = asParagraph ? absent : this.readBlockAt(lines, index, indent, depth, afterDefinition, interrupts);
    if (read === notModelled) return notModelled;
      if (read !== absent) {
        blocks.push(read.block);
        afterDefinition = read.block.type === 'definition';
        afterContainer = read.block.type === 'list' || read.block.type === 'blockquote';
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
        const nextFirst = contentStart(text, next, nextIndent);
        const level = nextIndent < 4 && !next.lazy ? setextLevel(text, nextFirst, next.end) : 0;
        if (level > 0) {
          if (followsDefinition) return notModelled;
          underline = level;
          break;
        }
        // a table's header and delimiter rows interrupt the paragraph (rows of other widths: not modelled)
        const afterNext = lines[last + 2];
        if (nextIndent < 4 && !next.lazy && afterNext !== undefined && !afterNext.lazy && mayBeDelimiterRow(text, afterNext) && this.isDelimiterRow(afterNext)) {
          const table = this.readTable(lines, last + 1, nextIndent);
          if (table === absent || table === notModelled) return notModelled;
          break;
        }
        if (nextIndent < 4 && mayInterrupt(text, nextFirst, next.end)) {
          if (interruptsParagraph(text, next, nextIndent)) break;
          // an HTML block of kind 7 cannot interrupt a paragraph, nor can `**a**`, `#tag`, `-flag`: the line goes on with it (a lazy one may start the block: not modelled)
          if (next.lazyHtml === true) break;
          if (text.charCodeAt(nextFirst) === lessThan ? next.lazy : !continuesParagraph(text, next, nextIndent) && !continuesAsOrderedItem(text, next, nextIndent)) return notModelled;
        }
        last++;
      }
      // a list item's first paragraph may open with a GFM task list check (`[ ]`, `[x]`)
      const check = task !== undefined && index === 0 ? taskCheck(text, first, line.end) : absent;
      if (check === notModelled || (check !== absent && underline !== undefined)) return notModelled;
      const paragraph = this.readParagraph(lines, index, last, check === absent ? first : first + 3);
      if (paragraph === notModelled) return notModelled;
      if (check !== absent && task !== undefined) {
        task.checked = check;
        dropCheckSpace(paragraph, first);
      }
      if (underline === undefined) {
        blocks.push(paragraph);
        afterParagraph = true;
        paragraphAfterContainer = followsContainer;
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

  /**
   * The block other than a paragraph that starts at `lines[index]`
   * (indented `indent`): undefined when the line starts a paragraph, null
   * when not modelled.
   */
  /**
   * `interrupts`: the line continues every container and comes right after
   * a paragraph or a definition, or after indented code (blank lines
   * allowed), or it is the first line of a container opened on such a
   * line: micromark opens the containers on it as interrupting the block
   * before (its `interrupt`), so no list item from other than 1 (nor an
   * empty one).
   *
   * ```markdown
   * > | a
   * > | - 3. b     ← a list item holding the paragraph `3. b`
   * ```
   */
  private readBlockAt(lines: Line[], index: number, indent: number, depth: number, afterDefinition: boolean, interrupts: boolean): BlockRead | Absent | NotModelled {
    const { text } = this;
    const line = lines[index] as Line;
    const first = contentStart(text, line, indent);
    const code = text.charCodeAt(first);
    if (code === numberSign) {
      const heading = this.readAtxHeading(first, line.end);
      if (heading === notModelled) return notModelled;
      if (heading !== absent) return { block: heading, next: index + 1 };
    }
    if (code === greaterThan) return this.readBlockQuote(lines, index, depth, interrupts);
    if (code === graveAccent || code === tilde) {
      const fence = this.readFence(lines, index, indent, depth);
      if (fence !== absent) return fence;
    }
    if (code === lessThan) {
      const html = this.readHtml(lines, index, first, !afterDefinition, depth);
      if (html !== absent) return html;
    }
    if (isThematicBreak(text, first, line.end)) return { block: { type: 'thematicBreak', position: offsets(first, line.end) }, next: index + 1 };
    if (code === leftSquareBracket && mayBeDefinition(text, first, line.end)) {
      // a table's header row first
      const table = this.readTable(lines, index, indent);
      if (table !== absent) return table;
      // a delimiter row without pipes may follow (`-:`: the line is a table's header): not modelled
      const next = lines[index + 1];
      let definition = readDefinition(text, first, line.end);
      // (surely none: a paragraph's line)
      if (definition === absent) return absent;
      let last = index;
      if (definition === null && next !== undefined && !next.lazy && !isBlank(text, next)) {
        // the label alone on its line, the destination on the next (a line that starts a block, even a list item that interrupts nothing, or may be a setext underline or a delimiter row: not modelled)
        const nextIndent = indentOf(text, next);
        const nextFirst = contentStart(text, next, nextIndent);
        const goesOn = nextIndent >= codeIndent || (!interruptsParagraph(text, next, nextIndent) && listMarker(text, next, nextIndent) === absent);
        if (goesOn && setextLevel(text, nextFirst, next.end) === 0 && !mayBeDelimiterRow(text, next)) {
          definition = readSplitDefinition(text, first, line.end, nextFirst, next.end);
          last = index + 1;
        }
      }
      if (definition === null) return notModelled;
      let after = lines[last + 1];
      if (definition.title === null && after !== undefined && !after.lazy && !isBlank(text, after) && startsTitle(text, after)) {
        // its title on the next line, closed there, nothing after it: part of the definition (a title read on across lines, or text after it: not modelled)
        const title = readTitle(text, contentStart(text, after, indentOf(text, after)));
        if (title === undefined || skipSpaces(text, title.end) < after.end) return notModelled;
        definition = { ...definition, title: title.title };
        last++;
        after = lines[last + 1];
      }
      if (after !== undefined && !isBlank(text, after) && (startsTitle(text, after) || mayBeDelimiterRow(text, after))) return notModelled;
      const normalized = normalizeLabel(definition.label ?? '');
      if (!this.definitions.has(normalized)) this.definitions.set(normalized, definition.url);
      return { block: { ...definition, position: offsets(first, (lines[last] as Line).end) }, next: last + 1 };
    }
    // a `<` that starts no HTML block here starts a paragraph
    if (code !== lessThan && startsBlockOtherThanParagraph(text, first, line.end)) return notModelled;
    const marker = listMarker(text, line, indent);
    if (marker === notModelled) return notModelled;
    if (marker !== absent) return this.readList(lines, index, marker, depth, interrupts);
    return this.readTable(lines, index, indent);
  }

  private readParagraph(lines: Line[], from: number, to: number, first: number): Paragraph | NotModelled {
    const { text } = this;
    const slices: LineSlice[] = [];
    /** Lines whose indentation holds a tab: read from their content, which only text may run across (see {@link UnitReader.phrasing}). */
    let tabbedLines: number[] | undefined;
    for (let index = from; index <= to; index++) {
      const line = lines[index] as Line;
      let lineFrom = index === from ? first : line.start;
      if (index > from && line.tabbed === true) {
        const content = contentStart(text, line, 0);
        if (line.virtual || holds(text, tab, line.start, content)) {
          lineFrom = content;
          (tabbedLines ??= []).push(index - from);
        }
      }
      slices.push({ from: lineFrom, to: line.end });
    }
    const lastSlice = slices[slices.length - 1] as LineSlice;
    while (lastSlice.to > lastSlice.from && text.charCodeAt(lastSlice.to - 1) === space) lastSlice.to--;
    const children = this.phrasing(slices, tabbedLines);
    if (children === notModelled) return notModelled;
    return { type: 'paragraph', children, position: offsets(first, (lines[to] as Line).end) };
  }

  /** An ATX heading at `text[first]` (a `#`); undefined when the line is not one, null when not modelled. */
  private readAtxHeading(first: number, lineEnd: number): Heading | Absent | NotModelled {
    const { text } = this;
    let at = first;
    while (at < lineEnd && text.charCodeAt(at) === numberSign) at++;
    const depth = at - first;
    if (depth > 6 || (at < lineEnd && text.charCodeAt(at) !== space)) return absent;
    while (at < lineEnd && text.charCodeAt(at) === space) at++;
    let end = lineEnd;
    while (end > at && text.charCodeAt(end - 1) === space) end--;
    // a closing sequence: `#`s after a space or a tab (or the whole content)
    let hashes = end;
    while (hashes > at && text.charCodeAt(hashes - 1) === numberSign) hashes--;
    if (hashes < end && (hashes === at || text.charCodeAt(hashes - 1) === space || text.charCodeAt(hashes - 1) === tab)) {
      end = hashes;
      while (end > at && (text.charCodeAt(end - 1) === space || text.charCodeAt(end - 1) === tab)) end--;
    }
    const children = end > at ? this.phrasing([{ from: at, to: end }]) : [];
    if (children === notModelled) return notModelled;
    return { type: 'heading', depth: depth as Heading['depth'], children, position: offsets(first, lineEnd) };
  }

  /**
   * A block quote starting at `lines[from]`: its `>` lines without the marker
   * (and one space after it), and lazy continuation lines; its blocks read
   * again.
   */
  private readBlockQuote(lines: Line[], from: number, depth: number, interrupts: boolean): BlockRead | NotModelled {
    const { text } = this;
    const quoteLines: Line[] = [];
    let index = from;
    for (; index < lines.length; index++) {
      const line = lines[index] as Line;
      if (isBlank(text, line)) break;
      const indent = indentOf(text, line);
      const first = contentStart(text, line, indent);
      if (!line.lazy && indent < 4 && text.charCodeAt(first) === greaterThan) {
        const start = text.charCodeAt(first + 1) === space ? first + 2 : first + 1;
        quoteLines.push(lineOf(Math.min(start, line.end), line.end, false, true, undefined, undefined, undefined));
        continue;
      }
      // a lazy continuation line, after a line of the quote's that was not blank
      const previous = quoteLines[quoteLines.length - 1];
      if (previous === undefined || isBlank(text, previous)) break;
      // a line that starts a block interrupting a paragraph continues none in the quote: the quote ends before it (a fence after a quoted note; not on a line that continues a block quote around it, where micromark ends the inner one after the marker)
      if (line.lazyHtml !== true && line.prefixed !== true && indent < 4 && interruptsParagraph(text, line, indent)) break;
      if (line.lazyHtml !== true && indent < 4 && (mayInterrupt(text, first, line.end) || listMarker(text, line, indent) !== absent) && !continuesParagraph(text, line, indent)) return notModelled;
      quoteLines.push(lineOf(line.start, line.end, true, false, line.lazyHtml, line.virtual, line.tabbed));
    }
    const stop: LazyStop = { at: undefined };
    const children = this.readBlocks(quoteLines, depth + 1, undefined, interrupts, stop);
    if (children === notModelled || children.length === 0 || this.openFence !== undefined) return notModelled;
    const marker = contentStart(text, lines[from] as Line, indentOf(text, lines[from] as Line));
    // (a lazy line after a block no line continues: the quote ends before it, and the line is the container's again)
    const last = stop.at === undefined ? quoteLines.length - 1 : stop.at - 1;
    let end = (quoteLines[last] as Line).end;
    const closer = lines[index];
    if (stop.at === undefined && closer !== undefined) {
      const until = this.closedAfterPrefixes(closer);
      if (until === notModelled) return notModelled;
      if (until !== absent) {
        extendOpen(children, end, until);
        end = until;
      }
    }
    const quote: Blockquote = { type: 'blockquote', children, position: offsets(marker, end) };
    return { block: quote, next: stop.at === undefined ? index : from + stop.at };
  }

  /**
   * Fenced code starting at `lines[from]` (indented `indent`): undefined when
   * the line opens none, null when not modelled (a fence left open, a lazy
   * line, an info string with a reference micromark decodes otherwise).
   */
  /**
   * Indented code starting at `lines[from]` (indented 4 or more), as
   * micromark reads it: on over lines indented as much and blank lines, up
   * to the last line that still has 4 columns of indentation (one of only
   * spaces counts: its spaces past the fourth are code); each line less 4
   * columns; one line ending at the end dropped. A lazy line after it is not
   * modelled.
   *
   * ```markdown
   * > |     foo
   * > |        (6 spaces: "  " is code)
   *   |   (2 spaces: not code, the code ended above)
   * ```
   */
  private readIndentedCode(lines: Line[], from: number): BlockRead | NotModelled {
    const { text } = this;
    let last = from;
    for (let index = from + 1; index < lines.length; index++) {
      const line = lines[index] as Line;
      if (isBlank(text, line)) {
        if (indentOf(text, line) >= codeIndent) last = index;
        continue;
      }
      if (line.lazy) return notModelled;
      if (indentOf(text, line) < codeIndent) break;
      last = index;
    }
    let value = '';
    for (let index = from; index <= last; index++) {
      const line = lines[index] as Line;
      if (index > from) {
        const before = (lines[index - 1] as Line).end;
        value += text.slice(before, lineBreakEnd(text, before));
      }
      value += lineText(text, afterColumns(text, line, codeIndent));
    }
    const first = lines[from] as Line;
    const code: Code = { type: 'code', lang: null, meta: null, value: value.replace(finalLineEnding, ''), position: offsets(first.start, (lines[last] as Line).end) };
    return { block: code, next: last + 1 };
  }

  private readFence(lines: Line[], from: number, indent: number, depth: number): BlockRead | Absent | NotModelled {
    const { text } = this;
    const open = lines[from] as Line;
    const first = contentStart(text, open, indent);
    const marker = text.charCodeAt(first);
    let runEnd = first;
    while (runEnd < open.end && text.charCodeAt(runEnd) === marker) runEnd++;
    const size = runEnd - first;
    if (size < 3) return absent;
    const info = text.slice(runEnd, open.end).trim();
    if (marker === graveAccent && info.includes('`')) return absent;
    // its first word and the rest, split before escapes and references are decoded (`&#32;` splits none)
    const space = info.search(/\s/);
    const lang = info === '' ? null : decodeString(space === -1 ? info : info.slice(0, space));
    const meta = space === -1 ? null : decodeString(info.slice(space).trim());
    if (lang === notModelled || meta === notModelled) return notModelled;
    const content: string[] = [];
    for (let index = from + 1; index < lines.length; index++) {
      const line = lines[index] as Line;
      if (line.lazy) return this.fenceClosedBefore(line.start, depth, lines, from, index, lang, meta, first, content);
      const lineIndent = indentOf(text, line);
      if (lineIndent < 4) {
        const lineFirst = contentStart(text, line, lineIndent);
        let at = lineFirst;
        while (at < line.end && text.charCodeAt(at) === marker) at++;
        if (at - lineFirst >= size && isBlank(text, lineOf(at, line.end, false, false, undefined, undefined, undefined))) {
          const code: Code = {
            type: 'code',
            lang,
            meta,
            value: content.join(''),
            position: offsets(first, line.end),
          };
          return { block: code, next: index + 1 };
        }
      }
      // a content line, less the fence's indentation, after the line ending before it
      const ending = text.slice((lines[index - 1] as Line).end, lineBreakEnd(text, (lines[index - 1] as Line).end));
      content.push(index === from + 1 ? '' : ending, lineText(text, afterColumns(text, line, Math.min(indent, lineIndent))));
    }
    if (depth === 0 && this.endsDocument) {
      // left open at the document's end: the code is every line after the fence, to the end (less one final line ending)
      const last = lines[lines.length - 1] as Line;
      const value = (content.join('') + (lines.length - 1 > from ? text.slice(last.end) : '')).replace(finalLineEnding, '');
      const code: Code = { type: 'code', lang, meta, value, position: offsets(first, text.length) };
      return { block: code, next: lines.length };
    }
    // left open: not modelled (at the top, the caller may read the unit again with the rest of the code)
    if (depth === 0) {
      this.runsOn?.({ marker, size });
      return notModelled;
    }
    // in a container, ended by the line after it (when the unit has one)
    const end = (lines[lines.length - 1] as Line).end;
    return end < text.length ? this.fenceClosedBefore(lineBreakEnd(text, end), depth, lines, from, lines.length, lang, meta, first, content) : notModelled;
  }

  /**
   * Fenced code in a container (from `lines[from]`, its `content` read up
   * to `lines[next]`), which the line at `text[lineStart]` continues not
   * and opens no container on: as micromark reads it (a lazy line), the
   * code ends with the line before (its value less one final line ending).
   * On a line that may open a container (a list item, a block quote; a
   * new item of the list holding the code), micromark ends the code after
   * the line ending before, and a list item elsewhere: not modelled.
   *
   * ```markdown
   * > | > ```
   * > | > a
   *   | b        ← the code ends after `a`, the quote too
   * ```
   */
  private fenceClosedBefore(lineStart: number, depth: number, lines: Line[], from: number, next: number, lang: string | null, meta: string | null, first: number, content: string[]): BlockRead | NotModelled {
    const { text } = this;
    if (depth === 0) return notModelled;
    if (mayOpenContainer(text, lineStart)) {
      // the code ends after the line ending before (its value keeps the line ending of its last line, blank or not); its list item elsewhere (the list reading it places it, see `readList`)
      if (this.openFence !== undefined) return notModelled;
      const code: Code = { type: 'code', lang, meta, value: content.join(''), position: offsets(first, lineStart) };
      this.openFence = { code, lineStart };
      return { block: code, next };
    }
    const value = content.join('').replace(finalLineEnding, '');
    const code: Code = { type: 'code', lang, meta, value, position: offsets(first, (lines[next - 1] as Line).end) };
    return { block: code, next };
  }

  /**
   * An HTML block starting at `lines[from]` (its `<` at `first`): its lines
   * from the container's content, to the line holding its end (kinds 1–5)
   * or before a blank line (kinds 6 and 7, the latter only when `kind7`);
   * undefined when the
   * line starts none of these, null when not modelled (left open, a lazy line).
   */
  private readHtml(lines: Line[], from: number, first: number, kind7: boolean, depth: number): BlockRead | Absent | NotModelled {
    const { text } = this;
    const open = lines[from] as Line;
    const kind = kind7 ? anyHtmlBlockKind(text, first, open.end) : htmlBlockKind(text, first, open.end);
    if (kind === undefined) return absent;
    let last = from;
    if (!kind.atBlankLine) {
      let found = endsOnFirstLine(kind, text, first, open.end);
      while (!found) {
        last++;
        const line = lines[last];
        if (line === undefined && depth === 0) return this.htmlLeftOpen(lines, from, kind);
        if (line === undefined || line.lazy) return notModelled;
        found = kind.endsIn(text, line.start, line.end);
      }
    } else {
      while (last + 1 < lines.length && !isBlank(text, lines[last + 1] as Line)) {
        if ((lines[last + 1] as Line).lazy) return notModelled;
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
      parts.push(lineText(text, line));
    }
    return { block: { type: 'html', value: parts.join(''), position: offsets(open.start, (lines[last] as Line).end) }, next: last + 1 };
  }

  /**
   * An HTML block of kinds 1–5 at the top of the unit (`lines[from]`) that
   * no line of the unit ends: at the document's end it ends there (every
   * character to the end is its value, trailing line endings too, as
   * micromark reads it); else it runs on past the unit (told to
   * `runsOn`), not modelled.
   */
  private htmlLeftOpen(lines: Line[], from: number, kind: HtmlKind): BlockRead | NotModelled {
    const open = lines[from] as Line;
    if (!this.endsDocument) {
      this.runsOn?.({ html: kind });
      return notModelled;
    }
    // (a tab in the indentation of a line at the top is no virtual space: the text is its value as it is)
    for (let index = from; index < lines.length; index++) if ((lines[index] as Line).virtual) return notModelled;
    const { text } = this;
    return { block: { type: 'html', value: text.slice(open.start), position: offsets(open.start, text.length) }, next: lines.length };
  }

  /**
   * A GFM table whose header row is `lines[from]`: undefined when the next
   * line is no delimiter row with as many cells, null when not modelled (an
   * escaped pipe, a line after it that may start another block).
   */
  private readTable(lines: Line[], from: number, indent: number): BlockRead | Absent | NotModelled {
    const { text } = this;
    const head = lines[from] as Line;
    const delimiter = lines[from + 1];
    if (delimiter === undefined || delimiter.lazy || isBlank(text, delimiter)) return absent;
    const delimiterIndent = indentOf(text, delimiter);
    if (delimiterIndent >= 4) return absent;
    const delimiterFirst = contentStart(text, delimiter, delimiterIndent);
    const align = delimiterRow(text, delimiterFirst, trimEnd(text, delimiterFirst, delimiter.end));
    if (align === undefined) return absent;
    // a delimiter row that opens a list item (`- | -`) is one: micromark opens containers before it reads the line (an empty item: not modelled)
    const item = listMarker(text, delimiter, delimiterIndent);
    if (item === notModelled && delimiterFirst + 1 < delimiter.end) return notModelled;
    if (item !== absent && item !== notModelled) return absent;
    const first = contentStart(text, head, indent);
    const headCells = splitRow(text, first, trimEnd(text, first, head.end));
    // no pipe, or nothing but pipes: not modelled
    if (headCells === null || !text.slice(first, head.end).includes('|') || headCells.every((cell) => cell.contentFrom === cell.contentTo)) return notModelled;
    if (headCells.length !== align.length) return absent;
    const rows: TableRow[] = [];
    const header = this.tableRow(first, head.end, headCells);
    if (header === notModelled) return notModelled;
    rows.push(header);
    let end = delimiter.end;
    let index = from + 2;
    for (; index < lines.length; index++) {
      const line = lines[index] as Line;
      if (isBlank(text, line)) break;
      const lineIndent = indentOf(text, line);
      const start = contentStart(text, line, lineIndent);
      if (line.lazy) return notModelled;
      // any block but a paragraph ends the table (indented code, an HTML block of any kind, a list item, even an empty one or one from 2), as micromark reads GFM tables
      if (lineIndent >= 4 || (text.charCodeAt(start) !== verticalBar && startsBlockAfterTable(text, line, lineIndent))) break;
      const cells = splitRow(text, start, trimEnd(text, start, line.end));
      if (cells === null) return notModelled;
      const row = this.tableRow(start, line.end, cells);
      if (row === notModelled) return notModelled;
      rows.push(row);
      end = line.end;
    }
    const table: Table = { type: 'table', align, children: rows, position: offsets(first, end) };
    return { block: table, next: index };
  }

  /** Is `line` a table's delimiter row (`| - | :-: |`)? */
  private isDelimiterRow(line: Line): boolean {
    const { text } = this;
    const indent = indentOf(text, line);
    if (indent >= codeIndent) return false;
    const first = contentStart(text, line, indent);
    return delimiterRow(text, first, trimEnd(text, first, line.end)) !== undefined;
  }

  /** A row from its cells; the last cell and the row run to the end of the line. */
  private tableRow(from: number, lineEnd: number, cells: CellSpan[]): TableRow | NotModelled {
    const children: TableCell[] = [];
    for (let index = 0; index < cells.length; index++) {
      const cell = cells[index] as CellSpan;
      const content = cell.contentTo > cell.contentFrom ? this.phrasing([{ from: cell.contentFrom, to: cell.contentTo }]) : [];
      if (content === notModelled) return notModelled;
      const to = index === cells.length - 1 ? lineEnd : cell.to;
      children.push({ type: 'tableCell', children: content, position: offsets(cell.from, to) });
    }
    return { type: 'tableRow', children, position: offsets(from, lineEnd) };
  }

  /** A list starting at `lines[from]` with `marker`: its items, nested blocks read again for each. */
  private readList(lines: Line[], from: number, marker: Marker, depth: number, interrupts: boolean): BlockRead | NotModelled {
    const { text } = this;
    const items: ListItem[] = [];
    let index = from;
    let itemMarker: Marker | undefined = marker;
    let spread = false;
    while (itemMarker !== undefined) {
      const current: Marker = itemMarker;
      if (current.empty === true) {
        // an empty item: its marker line alone, then blank lines and the next item, or the end of the list (any other line right after it: not modelled)
        let after = index + 1;
        while (after < lines.length && isBlank(text, lines[after] as Line) && (lines[after] as Line).prefixed !== true) after++;
        const line = lines[after];
        let following: Marker | Absent | NotModelled | undefined = absent;
        if (line !== undefined) {
          if (line.lazy) return notModelled;
          const indent = indentOf(text, line);
          following = listMarker(text, line, indent);
          if (following === notModelled) following = emptyItemMarker(text, line, indent);
          // (after blank lines, a line less indented than the item's content that starts no item ends the list)
          if ((following === undefined || following === absent) && after > index + 1 && indent < current.contentColumn) following = absent;
          else if (following === undefined || following === absent || following.ordered !== current.ordered || following.kind !== current.kind) return notModelled;
        }
        if (following !== absent && after > index + 1) spread = true;
        items.push({ type: 'listItem', spread: false, checked: null, children: [], position: offsets(current.at, (lines[index] as Line).end) });
        itemMarker = following === absent ? undefined : following;
        index = following === absent ? index + 1 : after;
        continue;
      }
      let item = this.itemLines(lines, index, current, false);
      if (item === notModelled) return notModelled;
      const task: TaskCheck = { checked: null };
      // (the first item opens on the list's first line; a later one continues no container: it interrupts nothing)
      const opened = interrupts && index === from;
      let children = this.readBlocks(item.lines, depth + 1, task, opened);
      if (children === notModelled || children.length === 0) return notModelled;
      if (item.endsUnlessParagraph) {
        // a line that cannot interrupt a paragraph ends the list after a block no line continues; after a paragraph, the item is read again with it (`</Steps>`)
        const innermost = lastOpenBlock(children);
        if (innermost === undefined) return notModelled;
        if (innermost.type === 'paragraph') {
          item = this.itemLines(lines, index, current, true);
          if (item === notModelled || item.endsUnlessParagraph) return notModelled;
          task.checked = null;
          this.openFence = undefined;
          children = this.readBlocks(item.lines, depth + 1, task, opened);
          if (children === notModelled || children.length === 0) return notModelled;
        }
      }
      if (item.itemMarker !== undefined && item.afterBlank) spread = true;
      itemMarker = item.itemMarker;
      const last = children[children.length - 1] as FlowContent;
      let itemEnd = (last.position as unknown as Offsets).end.offset;
      const fence = this.openFence;
      if (fence !== undefined) {
        // fenced code, the item's last block, ended by the next item of the list: the item ends where that item's content starts (else not modelled)
        this.openFence = undefined;
        if (last !== fence.code || item.itemMarker === undefined || lines[item.next]?.start !== fence.lineStart) return notModelled;
        itemEnd = item.itemMarker.contentStart;
      }
      items.push({
        type: 'listItem',
        spread: false,
        checked: task.checked,
        children,
        position: offsets(current.at, itemEnd),
      });
      index = item.next;
    }
    // the blank lines after the list are not its own, but a block quote's marker on one ends the list after it, and when the line after them opens a container (a list item, a block quote), where that line's content starts
    let end = ((items[items.length - 1] as ListItem).position as unknown as Offsets).end.offset;
    let blankEnd: number | undefined;
    const after = lines[index];
    while (index > from + 1 && isBlank(text, lines[index - 1] as Line)) {
      index--;
      const blank = lines[index] as Line;
      if (blank.prefixed === true) blankEnd ??= blank.end;
    }
    if ((blankEnd !== undefined || after?.prefixed === true) && after !== undefined && !after.lazy) {
      // (and so does a line of the block quote right after the list, with no blank line between)
      const opens = this.opensContainer(after);
      if (opens === notModelled) return notModelled;
      if (opens) {
        // (a list or quote at the end of the last item: micromark ends some of them there too, not all: not modelled)
        const lastChild = (items[items.length - 1] as ListItem).children.at(-1);
        if (lastChild?.type === 'list' || lastChild?.type === 'blockquote') return notModelled;
        blankEnd = after.start;
      }
    }
    if (blankEnd !== undefined) end = Math.max(end, blankEnd);
    const list: List = { type: 'list', ordered: marker.ordered, start: marker.start, spread, children: items, position: offsets(marker.at, end) };
    return { block: list, next: index };
  }

  /**
   * Where the containers a `line` closes end, when that is after the prefixes
   * of the containers it continues, one of them a block quote's `>`
   * (micromark closes them there, and moves the end back before the line
   * ending only over whitespace prefixes): when nothing follows those
   * prefixes at the end of the unit, or a container opens after them.
   * {@link absent} where they end as usual, with their last line.
   *
   * ```markdown
   * > | > > a
   * > | > >
   * > | > - x     ← the inner block quote ends before `-`
   * ```
   */
  private closedAfterPrefixes(line: Line): number | Absent | NotModelled {
    const { text } = this;
    if (line.prefixed !== true || line.lazy) return absent;
    if (isBlank(text, line)) return line.start === line.end && (line.virtual ?? 0) === 0 && line.end === text.length ? line.end : absent;
    const opens = this.opensContainer(line);
    if (opens === notModelled) return notModelled;
    return opens ? line.start : absent;
  }

  /** Does `line` open a container: a block quote, or a list item (one with no content: not modelled)? */
  private opensContainer(line: Line): boolean | NotModelled {
    const { text } = this;
    const indent = indentOf(text, line);
    if (indent >= codeIndent) return false;
    const first = contentStart(text, line, indent);
    if (text.charCodeAt(first) === greaterThan) return true;
    if (isThematicBreak(text, first, line.end)) return false;
    const marker = listMarker(text, line, indent);
    return marker === notModelled ? notModelled : marker !== absent;
  }

  /**
   * The lines of the list item starting at `lines[from]` with `current`,
   * and where it ends: before the next item of the list (`itemMarker`), or
   * at the end of the list. `endsUnlessParagraph`: a line that cannot
   * interrupt a paragraph (an HTML block of kind 7, `</Steps>`) ended it;
   * with `lazyHtml`, such a line is taken as a lazy line instead: after a
   * paragraph, micromark makes it an HTML block of one line in the
   * innermost container holding that paragraph, its value the line less
   * the prefixes of the containers it continues, and the list goes on.
   *
   * ```markdown
   * > | 1. Install it:
   * > |    [the guide](https://a.example/)
   * > | </Steps>       ← an HTML block in item 1
   * ```
   */
  private itemLines(lines: Line[], from: number, current: Marker, lazyHtml: boolean): ItemLines | NotModelled {
    const { text } = this;
    const head = lines[from] as Line;
    const itemLines: Line[] = [lineOf(current.contentStart, head.end, head.lazy, false, undefined, undefined, undefined)];
    let next = from + 1;
    for (; next < lines.length; next++) {
      const line = lines[next] as Line;
      if (isBlank(text, line)) {
        const content = afterColumns(text, line, current.contentColumn);
        itemLines.push(lineOf(content.start, content.end, false, line.prefixed === true, undefined, content.virtual, content.tabbed));
        continue;
      }
      const indent = indentOf(text, line);
      if (line.lazy) {
        // lazy for a container around the list: lazy here too, or the end of the list
        if (isBlank(text, lines[next - 1] as Line)) break;
        if (line.lazyHtml !== true && indent < 4 && mayInterrupt(text, contentStart(text, line, indent), line.end) && !continuesParagraph(text, line, indent)) return notModelled;
        itemLines.push(line);
        continue;
      }
      if (indent >= current.contentColumn) {
        itemLines.push(afterColumns(text, line, current.contentColumn));
        continue;
      }
      const afterBlank = isBlank(text, lines[next - 1] as Line);
      const first = contentStart(text, line, indent);
      let following = indent < 4 && !isThematicBreak(text, first, line.end) ? listMarker(text, line, indent) : absent;
      // an empty item of the list (micromark opens it, even after a paragraph)
      if (following === notModelled) following = emptyItemMarker(text, line, indent) ?? notModelled;
      if (following === notModelled) break;
      if (following !== absent && following.ordered === current.ordered && following.kind === current.kind) {
        return { lines: itemLines, next, itemMarker: following, afterBlank, endsUnlessParagraph: false };
      }
      if (!afterBlank && following === absent) {
        // a block that interrupts a paragraph (a heading, a fence, a quote…) ends the list; a line that may or may not continue it: not modelled
        if (indent < 4 && mayInterrupt(text, first, line.end)) {
          // (in a block quote, micromark ends the list after the next line's marker: not modelled)
          if (line.prefixed === true) return notModelled;
          if (interruptsParagraph(text, line, indent)) break;
          // `**a**`, `#tag`: the paragraph's lazy continuation (or, after any other block, not modelled)
          if (continuesParagraph(text, line, indent)) {
            itemLines.push(lineOf(line.start, line.end, true, false, undefined, line.virtual, line.tabbed));
            continue;
          }
          // (a line ending after it: at the end of the text, micromark places the block after the list; then a blank line, or the block runs on)
          const after = lines[next + 1];
          if (lazyHtml && text.charCodeAt(first) === lessThan && line.end < text.length && (after === undefined || isBlank(text, after))) {
            itemLines.push(lineOf(line.start, line.end, true, false, true, line.virtual, line.tabbed));
            continue;
          }
          // (then a line that continues the containers around the list but not its item, and starts no item: the item and the list end with the tag; that line is read after them, `</p>` after `<Since />` an HTML block)
          if (lazyHtml && text.charCodeAt(first) === lessThan && after !== undefined && !after.lazy && this.endsListAfterTag(after, current)) {
            itemLines.push(lineOf(line.start, line.end, true, false, true, line.virtual, line.tabbed));
            return { lines: itemLines, next: next + 1, itemMarker: undefined, afterBlank: false, endsUnlessParagraph: false };
          }
          return { lines: itemLines, next, itemMarker: undefined, afterBlank, endsUnlessParagraph: true };
        }
        itemLines.push(lineOf(line.start, line.end, true, false, undefined, line.virtual, line.tabbed));
        continue;
      }
      break;
    }
    return { lines: itemLines, next, itemMarker: undefined, afterBlank: false, endsUnlessParagraph: false };
  }

  /** Is `line` (not blank) less indented than the content of the list item with `marker`, and no list item? */
  private endsListAfterTag(line: Line, marker: Marker): boolean {
    const { text } = this;
    if (isBlank(text, line)) return false;
    const indent = indentOf(text, line);
    return indent < marker.contentColumn && indent < codeIndent && listMarker(text, line, indent) === absent;
  }

  /**
   * The phrasing content of `slices`. `tabbedLines`: the slices (by index)
   * that start after their line's indentation, which holds a tab: where the
   * line ending before one is in a text or a break, micromark drops that
   * indentation too; elsewhere (a code span, inline HTML, a link's
   * destination or title) it keeps some or all of it: not modelled.
   */
  private phrasing(slices: LineSlice[], tabbedLines?: number[]): PhrasingContent[] | NotModelled {
    const inline = new InlineText(slices, this.text);
    const lines: InlineLines = { indented: indentedLines(this.text, slices), crossedFrom: -1 };
    const read = readPhrasing(inline.text, this.context, lines);
    if (read === notModelled) return notModelled;
    if (tabbedLines !== undefined) {
      // (a line ending read across, see `InlineLines`, before such a line: not modelled)
      if (lines.crossedFrom !== -1) return notModelled;
      for (const index of tabbedLines) if (!inTextOrBreak(read, inline.segmentStart(index) - 1)) return notModelled;
    }
    return read.map((node) => toMdast(node, inline, lines.crossedFrom));
  }
}

/**
 * The last block of `children`, down through the lists and block quotes
 * that end them, when it is a paragraph or a block no line continues
 * lazily ({@link closedBlocks}); undefined for any other.
 */
function lastOpenBlock(children: FlowContent[]): Nodes | undefined {
  let blocks: Nodes[] = children;
  for (;;) {
    const last = blocks[blocks.length - 1];
    if (last === undefined) return undefined;
    if (last.type === 'paragraph' || closedBlocks.has(last.type)) return last;
    if (last.type === 'list') {
      const item = last.children[last.children.length - 1];
      if (item === undefined) return undefined;
      blocks = item.children;
    } else if (last.type === 'blockquote') {
      blocks = last.children;
    } else {
      return undefined;
    }
  }
}

/**
 * The block quotes and lists that end `blocks` at `from`, down through
 * the last item of each list and the children of each quote, made to end
 * at `to` (see {@link UnitReader.closedAfterPrefixes}); a list item ends
 * with its last block. Whether the last of `blocks` was one.
 */
function extendOpen(blocks: Nodes[], from: number, to: number): boolean {
  const last = blocks[blocks.length - 1];
  if (last === undefined || (last.type !== 'blockquote' && last.type !== 'list')) return false;
  const span = last.position as unknown as Offsets;
  if (span.end.offset !== from) return false;
  if (last.type === 'blockquote') extendOpen(last.children, from, to);
  else {
    const item = last.children[last.children.length - 1];
    if (item !== undefined && extendOpen(item.children, from, to)) (item.position as unknown as Offsets).end = { offset: to };
  }
  span.end = { offset: to };
  return true;
}

/** Is `text[at]` (of the inline text) in a text or a break of `nodes`, down through their children? */
function inTextOrBreak(nodes: Inline[], at: number): boolean {
  for (const node of nodes) {
    if (at < node.from || at >= node.to) continue;
    if (node.type === 'text' || node.type === 'break') return true;
    return 'children' in node && inTextOrBreak(node.children, at);
  }
  return false;
}

/** Does a slice after the first start after a container's prefix (not at its line's start) or with a space or a tab? */
function indentedLines(text: string, slices: LineSlice[]): boolean {
  for (let index = 1; index < slices.length; index++) {
    const from = (slices[index] as LineSlice).from;
    const before = text.charCodeAt(from - 1);
    const code = text.charCodeAt(from);
    if ((before !== lineFeed && before !== carriageReturn) || code === space || code === tab) return true;
  }
  return false;
}

/** Might the line at `text[lineStart]` open a container: its first character other than a space or a tab `>`, or a list item's marker? */
function mayOpenContainer(text: string, lineStart: number): boolean {
  let at = lineStart;
  while (text.charCodeAt(at) === space || text.charCodeAt(at) === tab) at++;
  return text.charCodeAt(at) === greaterThan || bulletOrNumber.test(text.slice(at, at + 11));
}

/** A bullet or an ordered list's marker, then a space, a tab or the line's end. */
const bulletOrNumber = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t\r\n]|$)/;

/** A list item's lines (see {@link UnitReader.itemLines}). */
interface ItemLines {
  lines: Line[];
  /** The index of the line after the item. */
  next: number;
  /** The marker of the next item of the list, if one follows. */
  itemMarker: Marker | undefined;
  /** A blank line before the next item. */
  afterBlank: boolean;
  endsUnlessParagraph: boolean;
}

/** Whether a list item's first paragraph opened with a task list check, and which. */
interface TaskCheck {
  checked: boolean | null;
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
    span.start = { offset: check };
    return;
  }
  head.value = head.value.slice(1);
  const headSpan = head.position as unknown as Offsets;
  headSpan.start = { offset: headSpan.start.offset + 1 };
  span.start = headSpan.start;
}

/** A block read from `lines[index]` on, and the index of the line after it. */
interface BlockRead {
  block: FlowContent;
  next: number;
}

/**
 * `node` as mdast. `crossedFrom`: line endings from there on were read
 * across (see `InlineLines`): a text or a break ending with one ends where
 * the next line's content starts.
 */
function toMdast(node: Inline, inline: InlineText, crossedFrom: number): PhrasingContent {
  const crossed = crossedFrom !== -1 && (node.type === 'text' || node.type === 'break') && node.to > crossedFrom && inline.text.charCodeAt(node.to - 1) === lineFeed;
  const position = offsets(inline.start(node.from), crossed ? inline.start(node.to) : inline.end(node.to));
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
      return { type: 'link', url: node.url ?? '', title: node.title ?? null, children: node.children.map((child) => toMdast(child, inline, crossedFrom)) as never, position };
    case 'linkReference':
      return { type: 'linkReference', identifier: node.identifier, label: node.label, referenceType: node.referenceType, children: node.children.map((child) => toMdast(child, inline, crossedFrom)) as never, position };
    case 'imageReference':
      return { type: 'imageReference', identifier: node.identifier, label: node.label, referenceType: node.referenceType, alt: plainText(node.children), position };
    default:
      return { type: node.type, children: node.children.map((child) => toMdast(child, inline, crossedFrom)), position };
  }
}

/** A position with offsets only (see {@link withPositions}). */
function offsets(start: number, end: number): never {
  return { start: { offset: start }, end: { offset: end } } as never;
}

/** Every node's offsets made points (line, column, offset). */
function withPositions(root: Root, index: LineIndex, length: number): Root {
  const visit = (node: { position?: unknown; children?: unknown[] }): void => {
    const span = node.position as Offsets | undefined;
    if (span !== undefined) node.position = { start: index.point(span.start.offset), end: index.point(span.end.offset) };
    if (node.children !== undefined) for (const child of node.children) visit(child as never);
  };
  for (const child of root.children) visit(child as never);
  root.position = { start: index.point(0), end: index.point(length) };
  return root;
}
