/**
 * A big Markdown document read part by part, so that time grows with its
 * size and memory with its largest part (remark-parse alone is superlinear
 * on one big document and holds the whole tree).
 *
 * The document is cut at every boundary of `part-boundaries.ts` into
 * units; a unit no record can come from (`quiet-units.ts`) is never parsed,
 * a unit the unit reader models (`unit-reader/`) is read by it, without
 * remark, and the others are read by remark in parts of about `partSize`.
 * Front matter holds no record and is passed over (or, when what follows
 * it starts with `---` or `+++`, read whole with the first part). A part
 * whose last block is left open (fenced code, HTML kinds 1–5) is read
 * again together with what follows; parts that cannot run on are read in
 * one call of remark with others further on ({@link separator}). Each part
 * gets the link and footnote definitions of the rest of the document it
 * may refer to (`part-definitions.ts`): all of them when the unit reader
 * read every unit holding `]:` beforehand (checked against those found
 * while reading: else the document is read again without them); otherwise
 * those found so far, and at the end the parts that refer to a definition
 * found later are read again.
 *
 * Budgets: a part that stays longer than `maxPartSize`, or nested deeper
 * than `maxNesting` columns of container markers (`> > - >`…), or with
 * more than `maxOpenBrackets` `[` left without a `]`, or the rest
 * of a document once reading it has taken longer than its time budget, is
 * scanned as plain text, with a note: never lost.
 */
import type { Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { scanResolved } from '../../../scanner/create-scanner.js';
import type { ResolvedScanOptions } from '../../../scanner/scan-options.js';
import type { UrlRecord } from '../../../records/url-record.js';
import { moveRecord } from '../../../records/create-record.js';
import { LineIndex } from '../../../source-map/line-index.js';
import { endsOpen } from './open-block.js';
import { afterLineEnding, endOfLine, partBoundaries } from './part-boundaries.js';
import { Definitions } from './part-definitions.js';
import { frontMatterEnd, readUnit, type QuietSettings, type Unit } from './quiet-units.js';
import { normalizeLabel, PossibleLabels, type KnownDefinitions } from '../unit-reader/labels.js';

/** How a document is cut and how much one part may cost. */
export interface PartLimits {
  /** Units remark must read are joined into parts of at least this many characters (where the next unit needs reading too). */
  partSize: number;
  /** A part longer than this (no boundary, or a block left open) is read as plain text. */
  maxPartSize: number;
  /** A line whose container markers (`>`, list markers, indentation) span more columns: its part is read as plain text. */
  maxNesting: number;
  /** More `[` than `]` in a part by this many (the parser slows and holds memory for each): read as plain text. */
  maxOpenBrackets: number;
  /** Time for a document: a fixed allowance plus this many milliseconds per character. */
  timeBudget: { fixedMs: number; perCharacterMs: number };
}

export const defaultPartLimits: PartLimits = {
  partSize: 8 * 1024,
  maxPartSize: 1024 * 1024,
  maxNesting: 256,
  maxOpenBrackets: 1000,
  timeBudget: { fixedMs: 30_000, perCharacterMs: 0.05 },
};

/** Something a reader should know about how a document was read. */
export interface MarkdownNote {
  message: string;
  /** 1-based line where it starts. */
  line: number;
}

/** How a document was read. */
export interface PartsRead {
  records: UrlRecord[];
  /** UTF-8 bytes of the document handed to remark-parse (each byte counted once; definitions blocks not counted). */
  remarkBytes: number;
}

/**
 * A unit read without remark (`unit-reader/`): its tree and the plugin's
 * records for `text` alone, offsets in it, or undefined when the reader does
 * not model the unit.
 */
export type ReadAlone = (text: string, labels: PossibleLabels, known: KnownDefinitions) => ParsedPart | undefined;

/** A part parsed: the tree remark built and the plugin's records, offsets in the part's text. */
export interface ParsedPart {
  tree: Root;
  records: UrlRecord[];
}

interface Part {
  start: number;
  end: number;
  /** The definitions block it was read with; undefined when read as plain text. */
  block: string | undefined;
  records: UrlRecord[];
  /** The parts it was read with in one call of remark, when it was. */
  batch?: Part[] | undefined;
}

/**
 * What separates parts read in one call of remark: a line at column 1
 * after a blank line ends every block but fenced code and HTML blocks of
 * kinds 1–5 (never in a part read this way), and the comment is a block of
 * its own, which shows that nothing ran on into it.
 */
const separator = '\n\n<!---->\n\n';
const separatorComment = '<!---->';
const separatorCommentAt = 2;

const { space, tab, greaterThan, lessThan, graveAccent, tilde, dash, asterisk, plusSign, dot, rightParenthesis, digit0, digit9, leftSquareBracket, rightSquareBracket } = codes;

/**
 * The records of `source` (without a byte order mark), read part by part
 * with `parse` (remark-parse, remark-gfm, remark-frontmatter and the plugin
 * on one text).
 */
export function scanParts(
  source: string,
  parse: (text: string) => ParsedPart,
  scanOptions: () => ResolvedScanOptions,
  limits: PartLimits,
  onNote: (note: MarkdownNote) => void,
  quiet: QuietSettings,
  readAlone: ReadAlone,
): PartsRead {
  const document: PartsDocument = { source, layout: layoutOf(source), labels: new PossibleLabels(source), parse, scanOptions, limits, quiet, readAlone };
  const ahead = definitionsAhead(document);
  if (ahead !== undefined) {
    // read with every definition known from the start; kept when the definitions found on the way are the same
    const notes: MarkdownNote[] = [];
    const read = readParts(document, (note) => notes.push(note), ahead);
    if (read !== undefined) {
      for (const note of notes) onNote(note);
      return read;
    }
  }
  return readParts(document, onNote, undefined) as PartsRead;
}

/** A document and how its parts are read: what both readings of it share. */
interface PartsDocument {
  source: string;
  layout: Layout;
  /** The labels the document may define. */
  labels: PossibleLabels;
  parse: (text: string) => ParsedPart;
  scanOptions: () => ResolvedScanOptions;
  limits: PartLimits;
  quiet: QuietSettings;
  readAlone: ReadAlone;
}

/** What both readings of a document share, found once: where parts may start, its front matter, its lines. */
interface Layout {
  boundaries: number[];
  /** Where front matter ends (0 without). */
  frontMatter: number;
  /** Front matter passed over: what follows it cannot open front matter when read alone. */
  skipMatter: boolean;
  lines: LineIndex;
}

function layoutOf(source: string): Layout {
  const frontMatter = frontMatterEnd(source);
  return {
    boundaries: partBoundaries(source, 1),
    frontMatter,
    skipMatter: frontMatter > 0 && !mayOpenFrontMatter(source, frontMatter),
    lines: LineIndex.ofText(source),
  };
}

/**
 * The definitions of a document the unit reader reads in the units holding
 * `]:`, all of them; undefined when one such unit is not read (remark may
 * find others there) or there are none. Whether they are all the
 * definitions of the document is checked as it is read.
 */
function definitionsAhead({ source, layout, quiet, labels, readAlone }: PartsDocument): Definitions | undefined {
  if (!source.includes(']:')) return undefined;
  const { frontMatter, boundaries } = layout;
  if (frontMatter > 0 && !layout.skipMatter) return undefined;
  const definitions = new Definitions();
  for (let start = frontMatter; start < source.length; ) {
    const unit = readUnit(source, start, boundaries, quiet);
    const text = source.slice(start, unit.end);
    if (!unit.quiet && text.includes(']:')) {
      const read = readAlone(text, labels, () => undefined);
      if (read === undefined) return undefined;
      definitions.collect(read.tree, 0, text.length, start);
    }
    start = unit.end;
  }
  return definitions.size > 0 ? definitions : undefined;
}

/**
 * {@link scanParts} with the labels the document may define and, when
 * known beforehand (`known`), its definitions: undefined when the
 * definitions found while reading are not those.
 */
function readParts(document: PartsDocument, onNote: (note: MarkdownNote) => void, known: Definitions | undefined): PartsRead | undefined {
  const { source, layout, parse, scanOptions, limits, quiet, readAlone, labels } = document;
  // front matter holds no record (the plugin skips YAML and TOML): passed over, unless what follows may open front matter when read alone
  const { lines, boundaries, frontMatter, skipMatter } = layout;
  /** Where front matter read with the first part ends. */
  const matterEnd = skipMatter ? 0 : frontMatter;
  /** The definitions parts are read with, and those found while reading (the same, unless known beforehand). */
  const definitions = known ?? new Definitions();
  const found = known === undefined ? definitions : new Definitions();
  const parts: Part[] = [];
  const began = performance.now();
  const budget = limits.timeBudget.fixedMs + limits.timeBudget.perCharacterMs * source.length;
  let next = 0;
  let start = skipMatter ? frontMatter : 0;
  let remarkBytes = 0;
  /** Parts waiting to be read in one call of remark ({@link mayJoin}), and their length. */
  let waiting: Part[] = [];
  let waitingSize = 0;
  /** Where the first waiting part that may hold a definition starts (its definitions are not known yet). */
  let waitingDefinitionsFrom = Number.POSITIVE_INFINITY;
  /** Parts read together at the end (they refer to labels defined further on), and where the first of them that may hold a definition starts. */
  const late: Part[][] = [];
  let lateDefinitionsFrom = Number.POSITIVE_INFINITY;
  /** The unit after the last part, read while the part was made (`own`: its records, when read without remark). */
  let ahead: (Unit & { start: number; own?: UrlRecord[] | undefined }) | undefined;

  while (start < source.length) {
    if (performance.now() - began > budget) {
      asText(start, source.length, `reading it as Markdown took longer than its budget (${Math.round(budget / 1000)} s)`);
      break;
    }
    const unit: Unit & { own?: UrlRecord[] | undefined } = ahead?.start === start ? ahead : readUnit(source, start, boundaries, quiet);
    ahead = undefined;
    if (unit.quiet && start >= matterEnd) {
      start = unit.end;
      continue;
    }
    const own = start < matterEnd ? undefined : (unit.own ?? readOwn(start, unit.end));
    if (own !== undefined) {
      parts.push({ start, end: unit.end, block: undefined, records: own });
      start = unit.end;
      continue;
    }
    // a part: this unit and the next ones remark must read, about `partSize` long (front matter whole)
    let end = unit.end;
    while (end < source.length && (end - start < limits.partSize || end < matterEnd)) {
      const following = readUnit(source, end, boundaries, quiet);
      if (following.quiet && end >= matterEnd) {
        ahead = { ...following, start: end };
        break;
      }
      const followingOwn = end < matterEnd ? undefined : readOwn(end, following.end);
      if (followingOwn !== undefined) {
        ahead = { ...following, start: end, own: followingOwn };
        break;
      }
      end = following.end;
    }
    while (next < boundaries.length && (boundaries[next] as number) <= start) next++;
    let done = false;
    while (!done && end - start <= limits.maxPartSize) {
      const deep = deepestLine(source, start, end, limits.maxNesting);
      if (deep !== undefined) {
        asText(start, end, `nested more than ${limits.maxNesting} columns deep (line ${lines.point(deep).line})`);
        done = true;
        break;
      }
      const open = openBrackets(source, start, end);
      if (open > limits.maxOpenBrackets) {
        asText(start, end, `${open} more \`[\` than \`]\` (more than ${limits.maxOpenBrackets})`);
        done = true;
        break;
      }
      if (mayJoin(source, start, end)) {
        // read later, with other parts like it, in one call of remark
        const part: Part = { start, end, block: '', records: [] };
        parts.push(part);
        waiting.push(part);
        waitingSize += end - start;
        if (waitingDefinitionsFrom === Number.POSITIVE_INFINITY && source.slice(start, end).includes(']:')) waitingDefinitionsFrom = start;
        remarkBytes += Buffer.byteLength(source.slice(start, end));
        if (waitingSize >= limits.partSize) readWaiting();
        done = true;
        break;
      }
      const block = definitions.blockFor(source.slice(start, end), start, end);
      let parsed: ReturnType<typeof parseWith>;
      try {
        parsed = parseWith(start, end, block);
      } catch (error) {
        // the parser gave up (its stack): the part is read as text all the same
        asText(start, end, `the Markdown parser failed (${error instanceof Error ? error.message : String(error)})`);
        done = true;
        break;
      }
      const { tree, records, offset, text } = parsed;
      if (end < source.length && endsOpen(tree, text, offset + (end - start))) {
        // a fence or HTML block runs on: read it with more of what follows
        end = boundaryAtOrAfter(start + 2 * (end - start));
        continue;
      }
      found.collect(tree, offset, offset + (end - start), start - offset);
      parts.push({ start, end, block, records: shift(records, offset, start, end) });
      remarkBytes += Buffer.byteLength(source.slice(start, end));
      done = true;
    }
    if (!done) {
      end = Math.min(end, boundaryAtOrAfter(start + limits.maxPartSize));
      asText(start, end, `${end - start} characters without a place to cut them (a block left open, or no blank line)`);
    }
    start = end;
  }
  readWaiting();
  for (const batch of late) readBatch(batch, false);

  if (known !== undefined) {
    // every part was read with every definition, if they were all known
    if (!found.sameAs(known)) return undefined;
  }
  // parts that refer to a definition found after them
  for (const part of known === undefined ? parts : []) {
    if (part.block === undefined) continue;
    if (part.batch !== undefined) {
      // read again together, once (from their first part)
      if (part.batch[0] === part) readBatch(part.batch, true);
      continue;
    }
    const block = definitions.blockFor(source.slice(part.start, part.end), part.start, part.end);
    if (block === part.block) continue;
    try {
      const { records, offset } = parseWith(part.start, part.end, block);
      part.records = shift(records, offset, part.start, part.end);
    } catch {
      // read once already: its records stand
    }
  }

  const records: UrlRecord[] = [];
  for (const part of parts) for (const record of part.records) records.push(record);
  return { records, remarkBytes };

  /**
   * The URL of the definition of a normalized label that wins, when surely
   * known: one found before any waiting part that may hold a definition.
   */
  function knownUrl(label: string): string | undefined {
    const definition = definitions.links.get(label);
    if (definition === undefined || (known === undefined && definition.offset >= Math.min(waitingDefinitionsFrom, lateDefinitionsFrom))) return undefined;
    return definition.url;
  }

  /**
   * The parts waiting to be read together: now, or at the end of the
   * document when they refer to a label that may be defined further on
   * (read now, they would be read again once it is found).
   */
  function readWaiting(): void {
    const batch = waiting;
    const from = waitingDefinitionsFrom;
    waiting = [];
    waitingSize = 0;
    waitingDefinitionsFrom = Number.POSITIVE_INFINITY;
    if (batch.length === 0) return;
    for (const part of batch) part.batch = batch;
    if (refersAhead(batch)) {
      late.push(batch);
      lateDefinitionsFrom = Math.min(lateDefinitionsFrom, from);
      return;
    }
    readBatch(batch, false);
  }

  /** Does a part of `batch` refer to a label that may be defined but is not known yet? */
  function refersAhead(batch: Part[]): boolean {
    for (const part of batch) {
      const text = source.slice(part.start, part.end);
      if (!text.includes(']')) continue;
      for (const match of text.matchAll(bracketed)) {
        const from = (match.index as number) + 1;
        const to = from + (match[1] as string).length;
        if (!labels.mayBeDefined(text, from, to)) continue;
        const label = match[1] as string;
        const footnote = label.startsWith('^');
        if (!(footnote ? definitions.footnotes : definitions.links).has(normalizeLabel(footnote ? label.slice(1) : label))) return true;
      }
    }
    return false;
  }

  /**
   * Parts read in one call of remark, separated by {@link separator}, with
   * the definitions they may refer to from elsewhere. When a separator is
   * not a block of its own, or the parser fails, each part is read alone.
   * `again`: a second reading, after every definition is known (its
   * records stand when the block is the same, or the reading fails).
   */
  function readBatch(batch: Part[], again: boolean): void {
    const segments = batch.map((part) => source.slice(part.start, part.end));
    const block = definitions.blockForParts(segments.join('\n'), batch);
    if (again && block === batch[0]?.block) return;
    const starts: number[] = [];
    let text = block === '' ? '' : `${block}\n\n`;
    for (const [index, segment] of segments.entries()) {
      if (index > 0) text += separator;
      starts.push(text.length);
      text += segment;
    }
    let parsed: ParsedPart | undefined;
    try {
      parsed = parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !separated(parsed.tree, starts)) {
      if (again) return;
      for (const part of batch) readByItself(part);
      return;
    }
    for (const [index, part] of batch.entries()) {
      const offset = starts[index] as number;
      if (!again) found.collect(parsed.tree, offset, offset + (part.end - part.start), part.start - offset);
      part.block = block;
      part.records = shift(parsed.records, offset, part.start, part.end);
    }
  }

  /** Is every separator before `starts[1…]` a block of its own? */
  function separated(tree: Root, starts: number[]): boolean {
    const comments = new Set<number>();
    for (const child of tree.children) {
      const at = child.position?.start.offset;
      if (child.type === 'html' && child.value === separatorComment && at !== undefined) comments.add(at);
    }
    for (let index = 1; index < starts.length; index++) {
      if (!comments.has((starts[index] as number) - separator.length + separatorCommentAt)) return false;
    }
    return true;
  }

  /** A waiting part read alone after all (its records, or the scanner's when the parser fails). */
  function readByItself(part: Part): void {
    const block = definitions.blockFor(source.slice(part.start, part.end), part.start, part.end);
    part.batch = undefined;
    try {
      const { tree, records, offset } = parseWith(part.start, part.end, block);
      found.collect(tree, offset, offset + (part.end - part.start), part.start - offset);
      part.block = block;
      part.records = shift(records, offset, part.start, part.end);
    } catch (error) {
      part.block = undefined;
      part.records = textRecords(part.start, part.end, `the Markdown parser failed (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** The records of the unit `source[from, to)` read without remark, moved to the document (its definitions noted); undefined when not modelled. */
  function readOwn(from: number, to: number): UrlRecord[] | undefined {
    const text = source.slice(from, to);
    const read = readAlone(text, labels, knownUrl);
    if (read === undefined) return undefined;
    // a definition holds `]:` (the tree need not be walked for one otherwise)
    if (text.includes(']:')) found.collect(read.tree, 0, to - from, from);
    return shift(read.records, 0, from, to);
  }

  /** The text handed to remark for `source[from, to)`: the first part gets the block after it, the others before. */
  function textOf(from: number, to: number, block: string): string {
    if (block === '') return source.slice(from, to);
    return from === 0 ? `${source.slice(from, to)}\n\n${block}\n` : `${block}\n\n${source.slice(from, to)}`;
  }

  /** Parse `source[from, to)` with a definitions block; `offset`: where the part's text starts in `text`. */
  function parseWith(from: number, to: number, block: string): ParsedPart & { offset: number; text: string } {
    const text = textOf(from, to, block);
    const offset = block === '' || from === 0 ? 0 : block.length + 2;
    return { ...parse(text), offset, text };
  }

  /** Records of a part moved to the document; those of the definitions block dropped. */
  function shift(found: UrlRecord[], offset: number, from: number, to: number): UrlRecord[] {
    const kept: UrlRecord[] = [];
    const length = to - from;
    for (const record of found) {
      const at = record.start.offset - offset;
      if (at < 0 || at >= length) continue;
      const startOffset = at + from;
      const endOffset = Math.min(record.end.offset - offset, length) + from;
      kept.push(moveRecord(record, record.raw, lines.point(startOffset), lines.point(endOffset)));
    }
    return kept;
  }

  /** `source[from, to)` scanned as plain text, with a note. */
  function asText(from: number, to: number, why: string): void {
    parts.push({ start: from, end: to, block: undefined, records: textRecords(from, to, why) });
  }

  /** The records of `source[from, to)` scanned as plain text, with a note. */
  function textRecords(from: number, to: number, why: string): UrlRecord[] {
    const line = lines.point(from).line;
    const lastLine = lines.point(Math.max(from, to - 1)).line;
    const where = line === lastLine ? `line ${line}` : `lines ${line}–${lastLine}`;
    onNote({ message: `${where} read as plain text: ${why}`, line });
    const found = scanResolved(source.slice(from, to), scanOptions());
    const records: UrlRecord[] = [];
    for (const record of found) {
      records.push(moveRecord(record, record.raw, lines.point(record.start.offset + from), lines.point(record.end.offset + from)));
    }
    return records;
  }

  function boundaryAtOrAfter(offset: number): number {
    while (next < boundaries.length && (boundaries[next] as number) < offset) next++;
    return boundaries[next] ?? source.length;
  }
}

/**
 * The first line of `source[from, to)` whose container prefix (block-quote
 * markers, list markers, indentation) spans more than `limit` columns.
 */
function deepestLine(source: string, from: number, to: number, limit: number): number | undefined {
  for (let at = from; at < to; ) {
    let column = at;
    for (;;) {
      const code = source.charCodeAt(column);
      if (code === space || code === tab || code === greaterThan) {
        column++;
      } else if ((code === dash || code === asterisk || code === plusSign) && isSpaceOrTab(source.charCodeAt(column + 1))) {
        column += 2;
      } else if (code >= digit0 && code <= digit9) {
        let digits = column;
        while (source.charCodeAt(digits) >= digit0 && source.charCodeAt(digits) <= digit9 && digits - column < 9) digits++;
        const marker = source.charCodeAt(digits);
        if ((marker === dot || marker === rightParenthesis) && isSpaceOrTab(source.charCodeAt(digits + 1))) column = digits + 2;
        else break;
      } else {
        break;
      }
    }
    const end = endOfLine(source, column);
    // a line of only spaces is blank, not deep
    if (column - at > limit && column < end) return at;
    at = afterLineEnding(source, end);
  }
  return undefined;
}

/** How many more `[` than `]` `source[from, to)` holds (a loop: `indexOf` would search on past `to`). */
function openBrackets(source: string, from: number, to: number): number {
  let open = 0;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === leftSquareBracket) open++;
    else if (code === rightSquareBracket) open--;
  }
  return open;
}

/**
 * May `source[from, to)` be read in one call of remark with other parts
 * (separated by {@link separator})? Not at the start of the document (front
 * matter), and only without what may run on past a blank line: fences and
 * HTML blocks (no `<`, no three backticks or tildes).
 */
function mayJoin(source: string, from: number, to: number): boolean {
  if (from === 0) return false;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === lessThan) return false;
    if ((code === graveAccent || code === tilde) && source.charCodeAt(at + 1) === code && source.charCodeAt(at + 2) === code) return false;
  }
  return true;
}

/** `[label]`: no brackets inside, at most 999 characters (CommonMark's limit). */
const bracketed = /\[([^[\]]{1,999})\]/g;

/** Does the line at `source[at]` start with `---` or `+++` (front matter, for a text read from there)? */
function mayOpenFrontMatter(source: string, at: number): boolean {
  const marker = source.charCodeAt(at);
  return (marker === dash || marker === plusSign) && source.charCodeAt(at + 1) === marker && source.charCodeAt(at + 2) === marker;
}

function isSpaceOrTab(code: number): boolean {
  return code === space || code === tab;
}
