/**
 * What a line of a unit may start, told from the line alone (no state):
 * list item markers, setext underlines, thematic breaks, task list checks,
 * and whether a line may interrupt a paragraph. The unit reader
 * (`read-unit-tree.ts`) reads the blocks these start.
 */
import { codes } from '../../../decode/character-codes.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';
import { caret, checkMarks } from './characters.js';
import { anyHtmlBlockKind, htmlBlockKind } from './html-blocks.js';

const {
  space,
  tab,
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

/** A line as a container sees it. */
export interface Line {
  /** Where the container's content of the line starts. */
  start: number;
  /** Where the line ends (before its line ending). */
  end: number;
  /** A lazy continuation line (less indented than its list item's content). */
  lazy: boolean;
  /** A block quote's marker starts it (a blank line with one ends a list before it at its end, as micromark counts). */
  prefixed?: boolean;
  /** A lazy line that starts an HTML block of kind 7 right after a list item's paragraph (`</Steps>`: see `itemLines`). */
  lazyHtml?: boolean | undefined;
  /**
   * Columns of a tab before `start` that the containers left over (a tab
   * runs to the next multiple of 4 columns; micromark's virtual spaces):
   * indentation, and spaces in code.
   */
  virtual?: number | undefined;
  /** A tab is on the line (see `tabsModelled` for where the unit reader models one). */
  tabbed?: boolean | undefined;
}

/**
 * A line, every one made here with the same fields in the same order: one
 * object shape, so that reading a field is one look-up before V8 optimizes
 * the code reading it (objects of several shapes cost more each time).
 */
export function lineOf(start: number, end: number, lazy: boolean, prefixed: boolean, lazyHtml: boolean | undefined, virtual: number | undefined, tabbed: boolean | undefined): Line {
  return { start, end, lazy, prefixed, lazyHtml, virtual, tabbed };
}

/** Columns from one tab stop to the next. */
const tabSize = 4;

/** A list item's marker. */
export interface Marker {
  /** Where the marker is. */
  at: number;
  /** Columns from the line's start to its content. */
  contentColumn: number;
  /** Where its content starts (after the spaces after the marker). */
  contentStart: number;
  ordered: boolean;
  /** The bullet, or the ordered list's delimiter (`.` or `)`). */
  kind: number;
  start: number | null;
  /** An item with nothing on its line after the marker (see `emptyItemMarker`). */
  empty?: boolean;
}

/**
 * The marker of `line` (indented `indent`, less than 4) when it opens an
 * empty item: the marker, then spaces or nothing to the line's end;
 * undefined for any other line.
 */
export function emptyItemMarker(text: string, line: Line, indent: number): Marker | undefined {
  if (indent >= 4) return undefined;
  const at = contentStart(text, line, indent);
  const marker = markerAt(text, at, line.end);
  if (marker === undefined) return undefined;
  const { after, ordered, kind, start } = marker;
  for (let rest = after; rest < line.end; rest++) if (text.charCodeAt(rest) !== space) return undefined;
  return { at, contentColumn: indent + after - at + 1, contentStart: after, ordered, kind, start, empty: true };
}

/** A list item's marker at `text[at]`: a bullet (`-`, `*`, `+`) or 1 to 9 digits then `.` or `)`; where its content may start (`after`), its kind (the bullet or the delimiter) and an ordered list's start. */
function markerAt(text: string, at: number, lineEnd: number): { after: number; ordered: boolean; kind: number; start: number | null } | undefined {
  const code = text.charCodeAt(at);
  if (code === dash || code === asterisk || code === plusSign) return { after: at + 1, ordered: false, kind: code, start: null };
  let digits = at;
  while (digits < lineEnd && digits - at < 9 && isDigit(text.charCodeAt(digits))) digits++;
  const delimiter = text.charCodeAt(digits);
  if (digits === at || (delimiter !== dot && delimiter !== rightParenthesis)) return undefined;
  return { after: digits + 1, ordered: true, kind: delimiter, start: Number(text.slice(at, digits)) };
}

/** Does the line at `text[first]` (a `#`) open an ATX heading: 1 to 6 `#`, then a space or its end? */
export function opensAtxHeading(text: string, first: number, lineEnd: number): boolean {
  let at = first;
  while (at < lineEnd && text.charCodeAt(at) === numberSign) at++;
  return at - first <= 6 && (at === lineEnd || text.charCodeAt(at) === space);
}

/**
 * A GFM task list check at `text[first]` (`[ ]`, `[x]`, `[X]`, then one
 * space and more on the line): whether it is checked; {@link absent} when
 * there is none; {@link notModelled} for more spaces, or none before the
 * line's end, or a `[` right before the line ending (micromark's check
 * then reads on across it, and places the text before the next node
 * elsewhere when it fails).
 */
export function taskCheck(text: string, first: number, lineEnd: number): boolean | Absent | NotModelled {
  if (text.charCodeAt(first) === leftSquareBracket && first + 1 === lineEnd && lineEnd < text.length) return notModelled;
  if (text.charCodeAt(first) !== leftSquareBracket || text.charCodeAt(first + 2) !== rightSquareBracket) return absent;
  const value = text.charCodeAt(first + 1);
  if (value !== space && value !== checkMarks.lowercaseX && value !== checkMarks.uppercaseX) return absent;
  const after = first + 3;
  if (after >= lineEnd) return notModelled;
  if (text.charCodeAt(after) !== space) return absent;
  if (after + 1 >= lineEnd || text.charCodeAt(after + 1) === space) return notModelled;
  return value !== space;
}

/**
 * The list item marker of `line` (indented `indent`), with at least one
 * space after it and content on the line; {@link absent} when the line
 * starts with none; {@link notModelled} for an empty item, or indented code
 * after the marker.
 */
export function listMarker(text: string, line: Line, indent: number): Marker | Absent | NotModelled {
  if (indent >= 4) return absent;
  const at = contentStart(text, line, indent);
  const marker = markerAt(text, at, line.end);
  if (marker === undefined) return absent;
  const { after, ordered, kind, start } = marker;
  // the spaces and tabs after the marker, in columns (a tab runs to the next tab stop of the line)
  let gapEnd = after;
  let columns = 0;
  for (; gapEnd < line.end && columns <= 4; gapEnd++) {
    const gap = text.charCodeAt(gapEnd);
    if (gap === space) columns++;
    else if (gap === tab) columns += tabSize - (columnAt(text, gapEnd) % tabSize);
    else break;
  }
  // no space and something after the marker: no marker
  if (gapEnd === after && after < line.end) return absent;
  // an empty item, or code after the marker: not modelled
  if (gapEnd >= line.end || columns > 4) return notModelled;
  return { at, contentColumn: indent + after - at + columns, contentStart: gapEnd, ordered, kind, start };
}

/** Might the line whose content starts at `first` interrupt a paragraph (or start a block we do not model)? */
export function mayInterrupt(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (code === numberSign || code === dash || code === asterisk || code === plusSign || code === underscore || code === equalsSign) return true;
  // a table's rows: a line starting `|`, or `:` with a `-` or a `|` on it (`:::`, `::: note` are text)
  if (code === verticalBar) return true;
  if (code === colon) return holds(text, dash, first, end) || holds(text, verticalBar, first, end);
  // a GFM footnote definition (`[^label]:`) interrupts a paragraph
  if (code === leftSquareBracket && text.charCodeAt(first + 1) === caret) return true;
  if (startsBlockOtherThanParagraph(text, first, end)) return true;
  if (isDigit(code)) {
    let at = first;
    while (at < end && isDigit(text.charCodeAt(at))) at++;
    const delimiter = text.charCodeAt(at);
    if (delimiter !== dot && delimiter !== rightParenthesis) return false;
    // an ordered list marker is followed by a space, a tab or the line's end: `5.0.0 of`, `3.x`, `2)b` start none
    const after = text.charCodeAt(at + 1);
    return at + 1 >= end || after === space || after === tab;
  }
  return false;
}

/** Block quotes, fences, HTML blocks (of any kind), thematic breaks. */
export function startsBlockOtherThanParagraph(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (code === lessThan) return anyHtmlBlockKind(text, first, end) !== undefined;
  if (code === greaterThan) return true;
  if (code === graveAccent || code === tilde) return opensFence(text, first, end);
  return isThematicBreak(text, first, end);
}

/**
 * Does the line `text[first, end)` open fenced code: three or more
 * backticks or tildes, no backtick after a backtick run on the line (else
 * the line is a paragraph's, `` ``` ``` `` a code span)?
 */
export function opensFence(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (code !== graveAccent && code !== tilde) return false;
  let at = first;
  while (text.charCodeAt(at) === code) at++;
  return at - first >= 3 && !(code === graveAccent && text.slice(at, end).includes('`'));
}

/**
 * Does `line` (indented `indent`, less than 4) start a block that
 * interrupts a paragraph: an ATX heading, a fence, a block quote, an HTML
 * block of kinds 1–6, a thematic break, a list item with content (an
 * ordered one only from 1)?
 */
export function interruptsParagraph(text: string, line: Line, indent: number): boolean {
  const first = contentStart(text, line, indent);
  const code = text.charCodeAt(first);
  if (code === greaterThan) return true;
  if (code === numberSign) return opensAtxHeading(text, first, line.end);
  if (code === lessThan) return htmlBlockKind(text, first, line.end) !== undefined;
  if (code === graveAccent || code === tilde) return opensFence(text, first, line.end);
  if (isThematicBreak(text, first, line.end)) return true;
  const item = listMarker(text, line, indent);
  return typeof item === 'object' && !(item.ordered && !opensFromOne(text, item.at));
}

/**
 * Does the ordered list marker at `text[at]` read `1.` or `1)`? Only such
 * an item interrupts a paragraph (micromark: one digit, a 1; `01.` and
 * `10.` interrupt nothing).
 */
export function opensFromOne(text: string, at: number): boolean {
  return text.startsWith('1.', at) || text.startsWith('1)', at);
}

/**
 * Is `line` (indented `indent`, less than 4) an ordered list item from
 * other than 1 with content, which interrupts no paragraph: on a line
 * that continues every container (not a lazy one), it goes on with the
 * paragraph before (`a⏎7. b`).
 */
export function continuesAsOrderedItem(text: string, line: Line, indent: number): boolean {
  if (line.lazy) return false;
  const item = listMarker(text, line, indent);
  return typeof item === 'object' && item.ordered && !opensFromOne(text, item.at);
}

/**
 * Is `line` (indented `indent`, less than 4, after a paragraph's line; one
 * {@link interruptsParagraph} said interrupts nothing) text that goes on
 * with the paragraph, though it opens with a marker: `**a**`, `*a*`,
 * `__init__`, `+1`, `-flag`, `#tag`, `=x`? Not a line that may be a
 * list item of any kind (an empty one, one starting with indented code, an
 * ordered one), nor one of only `-`, `:`, `|` and spaces (a table's
 * delimiter row, which makes the paragraph's last line a table's header).
 */
export function continuesParagraph(text: string, line: Line, indent: number): boolean {
  const first = contentStart(text, line, indent);
  const code = text.charCodeAt(first);
  if (code === numberSign) return !opensAtxHeading(text, first, line.end);
  if (code === equalsSign) return setextLevel(text, first, line.end) === 0;
  if (code !== asterisk && code !== plusSign && code !== underscore && code !== dash) return false;
  if (listMarker(text, line, indent) !== absent || isThematicBreak(text, first, line.end) || setextLevel(text, first, line.end) > 0) return false;
  return !mayBeDelimiterRow(text, lineOf(first, line.end, false, false, undefined, undefined, undefined));
}

/**
 * Does `line` (indented `indent`, less than 4), after a table's row, start
 * a block other than a paragraph, which ends the table: a block quote, an
 * ATX heading, a fence, an HTML block of any kind, a thematic break, a
 * list item of any kind, a footnote definition? (Any other line is a row.)
 */
export function startsBlockAfterTable(text: string, line: Line, indent: number): boolean {
  const first = contentStart(text, line, indent);
  const code = text.charCodeAt(first);
  if (code === leftSquareBracket) return text.charCodeAt(first + 1) === caret && mayBeDefinition(text, first, line.end);
  if (code === numberSign && !opensAtxHeading(text, first, line.end)) return false;
  return startsBlockOtherThanParagraph(text, first, line.end) || code === numberSign || listMarker(text, line, indent) !== absent;
}

/** `[`…`]:` on the line: a definition, or not modelled. */
export function mayBeDefinition(text: string, first: number, end: number): boolean {
  for (let at = first + 1; at < end; at++) {
    if (text.charCodeAt(at) === colon && text.charCodeAt(at - 1) === rightSquareBracket) return true;
  }
  return false;
}

/**
 * Is `code` in `text[from, to)`? A loop, not `indexOf`: that would search on
 * to the end of the unit, line after line.
 */
export function holds(text: string, code: number, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === code) return true;
  return false;
}

/** A line of only `-`, `:`, `|`, spaces and tabs with a `:` or a `|`: it may be a table's delimiter row. */
export function mayBeDelimiterRow(text: string, line: Line): boolean {
  let marked = false;
  for (let at = line.start; at < line.end; at++) {
    const code = text.charCodeAt(at);
    if (code === colon || code === verticalBar) marked = true;
    else if (code !== dash && code !== space && code !== tab) return false;
  }
  return marked;
}

/** A line whose content opens with a title mark. */
export function startsTitle(text: string, line: Line): boolean {
  const code = text.charCodeAt(contentStart(text, line, indentOf(text, line)));
  return code === quotationMark || code === apostrophe || code === leftParenthesis;
}

/** The level of a setext underline at `text[first]` (`=`: 1, `-`: 2; trailing spaces allowed), or 0. */
export function setextLevel(text: string, first: number, end: number): number {
  const marker = text.charCodeAt(first);
  if (marker !== equalsSign && marker !== dash) return 0;
  let at = first;
  while (at < end && text.charCodeAt(at) === marker) at++;
  while (at < end && text.charCodeAt(at) === space) at++;
  if (at < end) return 0;
  return marker === equalsSign ? 1 : 2;
}

/** Three or more `-`, `*` or `_` (the same), spaces between allowed, and nothing else. */
export function isThematicBreak(text: string, first: number, end: number): boolean {
  const marker = text.charCodeAt(first);
  if (marker !== dash && marker !== asterisk && marker !== underscore) return false;
  let count = 0;
  for (let at = first; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === marker) count++;
    else if (code !== space && code !== tab) return false;
  }
  return count >= 3;
}

export function isBlank(text: string, line: Line): boolean {
  for (let at = line.start; at < line.end; at++) {
    const code = text.charCodeAt(at);
    if (code !== space && code !== tab) return false;
  }
  return true;
}

/** The columns of indentation of `line` (a tab runs to the next tab stop, see {@link Line.virtual}). */
export function indentOf(text: string, line: Line): number {
  let at = line.start;
  while (at < line.end && text.charCodeAt(at) === space) at++;
  if (line.tabbed !== true) return at - line.start;
  let columns = (line.virtual ?? 0) + at - line.start;
  if (at === line.end || text.charCodeAt(at) !== tab) return columns;
  let column = columnAt(text, at);
  for (; at < line.end; at++) {
    const code = text.charCodeAt(at);
    if (code !== space && code !== tab) break;
    const width = code === space ? 1 : tabSize - (column % tabSize);
    columns += width;
    column += width;
  }
  return columns;
}

/** Where the content of `line` (indented `indent`, see {@link indentOf}) starts: after its spaces and tabs. */
export function contentStart(text: string, line: Line, indent: number): number {
  if (line.tabbed !== true) return line.start + indent;
  let at = line.start;
  while (at < line.end && (text.charCodeAt(at) === space || text.charCodeAt(at) === tab)) at++;
  return at;
}

/** The column of `text[at]` in its line of the unit (from 0; tabs to the next multiple of 4). */
function columnAt(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let column = 0;
  for (let index = lineStart; index < at; index++) column += text.charCodeAt(index) === tab ? tabSize - (column % tabSize) : 1;
  return column;
}

/**
 * `line` less `columns` of indentation (a container's prefix; never more
 * than its indentation, except on a blank line, which ends up empty): a
 * tab partly taken leaves its other columns as {@link Line.virtual}.
 */
export function afterColumns(text: string, line: Line, columns: number): Line {
  if (line.tabbed !== true) return lineOf(Math.min(line.start + columns, line.end), line.end, line.lazy, false, undefined, undefined, undefined);
  let left = columns;
  let virtual = line.virtual ?? 0;
  let at = line.start;
  if (virtual >= left) return lineOf(at, line.end, line.lazy, false, undefined, virtual - left, true);
  left -= virtual;
  virtual = 0;
  let column = columnAt(text, at);
  while (left > 0 && at < line.end) {
    const width = text.charCodeAt(at) === tab ? tabSize - (column % tabSize) : 1;
    at++;
    column += width;
    if (width > left) {
      virtual = width - left;
      left = 0;
    } else left -= width;
  }
  return lineOf(at, line.end, line.lazy, false, undefined, virtual, true);
}

/** The text of `line` from `text[line.start]`, after the spaces a tab left over (see {@link Line.virtual}). */
export function lineText(text: string, line: Line): string {
  const rest = text.slice(line.start, line.end);
  return line.virtual ? ' '.repeat(line.virtual) + rest : rest;
}

/**
 * Does every tab of `text` stand where the unit reader models it: in the
 * indentation of its line, between a list item's marker and its content
 * (`-\tfoo`, after indentation, block quote markers and other markers with
 * their spaces), or after a character of the line that starts no block
 * syntax (a letter: the tab is then in text, code, a table's cell, HTML),
 * and never with only spaces and tabs after it on its line (trailing
 * whitespace, which micromark drops in more ways) but on a line of a
 * fence's marker run alone.
 */
export function tabsModelled(text: string): boolean {
  for (let at = text.indexOf('\t'); at !== -1; ) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    // a fence of only its marker run, spaces and tabs after it (closing fenced code, or opening it without an info string)
    if (bareFence.test(text.slice(lineStart, lineEnd))) {
      at = text.indexOf('\t', lineEnd);
      continue;
    }
    let syntaxEnd = lineStart;
    while (syntaxEnd < lineEnd && isBlockSyntax(text.charCodeAt(syntaxEnd))) syntaxEnd++;
    const prefixEnd = lineStart + (markerPrefix.exec(text.slice(lineStart, syntaxEnd)) as RegExpExecArray)[0].length;
    let lastContent = lineEnd - 1;
    while (lastContent >= lineStart && isLineSpace(text.charCodeAt(lastContent))) lastContent--;
    for (; at !== -1 && at < lineEnd; at = text.indexOf('\t', at + 1)) {
      // before the first other character: only in indentation and in the gaps after list markers
      if (at >= prefixEnd && at < syntaxEnd) return false;
      // trailing whitespace
      if (at > lastContent && lastContent >= lineStart) return false;
    }
  }
  return true;
}

/** A space, a tab or a `\r` (of a `\r\n`). */
function isLineSpace(code: number): boolean {
  return code === space || code === tab || code === carriageReturn;
}

/** A line of a fence's marker run and whitespace, indented less than code (at the top: in a container it may be a paragraph's). */
const bareFence = /^ {0,3}(?:`{3,}|~{3,})[ \t]*\r?$/;

/** Indentation, block quote markers, list markers each with the spaces and tabs after it. */
const markerPrefix = /^[ \t]*(?:>[ ]*)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*/;

/** Characters that may start or shape a block at the start of a line (`- [x]`, `1.`, `#`, `|:-`, `~~~`, `[^a]:`), spaces and tabs. */
function isBlockSyntax(code: number): boolean {
  return code < blockSyntax.length && blockSyntax[code] === 1;
}

const blockSyntax = new Uint8Array(128);
for (const character of ' \t>-*+#=_~`|:.)0123456789[]^xX!<') blockSyntax[character.charCodeAt(0)] = 1;

export function isDigit(code: number): boolean {
  return code >= digit0 && code <= digit9;
}

/** Where the line ending at `text[at]` ends. */
export function lineBreakEnd(text: string, at: number): number {
  return text.charCodeAt(at) === carriageReturn ? at + 2 : at + 1;
}

/** `to` less the spaces before it. */
export function trimEnd(text: string, from: number, to: number): number {
  let end = to;
  while (end > from && text.charCodeAt(end - 1) === space) end--;
  return end;
}
