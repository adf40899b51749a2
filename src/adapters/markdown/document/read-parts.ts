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
 * again together with what follows, to where that block ends
 * (`part-run-on.ts`); parts that cannot run on are read in one call of
 * remark with others further on ({@link separator}). Each part
 * gets the link and footnote definitions of the rest of the document it
 * may refer to (`part-definitions.ts`): all of them when the unit reader
 * read every unit holding `]:` beforehand (checked against those found
 * while reading: else the document is read again without them); otherwise
 * those found so far, and at the end the parts that refer to a definition
 * found later are read again.
 *
 * A document whose first line is `---` or `+++` and that holds no front
 * matter is read by micromark without any block quote or list (its front
 * matter construct stays open to the end of the document, and no container
 * may start inside it): each part is read after that same line, and the
 * unit reader, which would find them, is not used.
 *
 * Budgets (`part-budgets.ts`): a part past one, or longer than
 * `maxPartSize`, or the rest of a document once reading it has taken
 * longer than its time budget, is scanned as plain text, with a note, up to
 * where no fence or HTML block opened in it is left open: never lost, and
 * reading as Markdown starts again outside any block.
 */
import type { Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { moveRecord } from '../../../records/create-record.js';
import type { UrlRecord } from '../../../records/url-record.js';
import { scanResolved } from '../../../scanner/create-scanner.js';
import { Scanner } from '../../../scanner/scanner.js';
import type { ResolvedScanOptions } from '../../../scanner/scan-options.js';
import { LineIndex } from '../../../source-map/line-index.js';
import { htmlNoteAt, type HtmlNodeNote, type Placement } from '../walk/find-urls.js';
import type { HtmlNoteCode } from '../../html/html-notes.js';
import type { OpenBlock } from '../unit-reader/read-unit-tree.js';
import { htmlKindOf } from '../unit-reader/html-kinds.js';
import { countAtOrBelow } from '../../../source-map/search.js';
import { DefinitionMarks } from './definition-marks.js';
import { normalizeLabel, PossibleLabels, type KnownDefinitions } from '../unit-reader/labels.js';
import { absent, type Absent } from '../unit-reader/answers.js';
import { afterClosingFence, afterHtmlEnd, endsOpen, openBlockEnd } from './open-block.js';
import { overBudget, type PartLimits } from './part-budgets.js';
import { afterLineEnding, endOfLine, isBlank, partBoundaries } from './part-boundaries.js';
import { runOnEnd } from './part-run-on.js';
import { Definitions, KnownDefinitionsCheck, type DefinitionsFound } from './part-definitions.js';
import { frontMatterEnd, unitAt, type QuietSettings, type Unit } from './quiet-units.js';

export { defaultPartLimits, type PartLimits } from './part-budgets.js';

/** Something a reader should know about how a document was read. */
export interface MarkdownNote {
  message: string;
  /** 1-based line where it starts. */
  line: number;
  /**
   * Set on what the HTML adapter could not read in HTML (option `html`):
   * its note code, as for an .html file (`attribute-too-long`,
   * `base-not-used`); the message starts with the line (`line 3: …`), as
   * there. Unset on a part read as plain text.
   */
  code?: HtmlNoteCode;
}

/** How a document was read. */
export interface PartsRead {
  records: UrlRecord[];
  /** UTF-8 bytes of all the text handed to remark-parse (parts read twice count twice, definitions blocks and separators count). */
  remarkBytes: number;
}

/**
 * A unit read without remark (`unit-reader/`): its tree (offsets in
 * `text`) and the plugin's records for `text` alone, made at their place in
 * the document (`place`), or undefined when the reader does not model the
 * unit.
 */
export type ReadAlone = (text: string, labels: PossibleLabels, known: KnownDefinitions, place: Placement, endsDocument: boolean) => ParsedPart | RunsOn | undefined;

/** A unit the unit reader reads no further: fenced code at its top runs on past its end. */
export interface RunsOn {
  runsOn: OpenBlock;
}

/** A part parsed: the tree remark built and the plugin's records (and notes on HTML), offsets in the part's text. */
export interface ParsedPart {
  tree: Root;
  records: UrlRecord[];
  notes?: HtmlNodeNote[] | undefined;
}

/** What reading a document needs from its caller. */
export interface PartReaders {
  /** remark-parse, remark-gfm, remark-frontmatter and the plugin on one text. */
  parse: (text: string) => ParsedPart;
  /** The unit reader. */
  readAlone: ReadAlone;
  /** The scanner's options, for what is read as plain text. */
  scanOptions: () => ResolvedScanOptions;
  /** Told how a document was read where it was not read as Markdown. */
  onNote: (note: MarkdownNote) => void;
  /** What may hold a record. */
  quiet: QuietSettings;
}

interface Part {
  start: number;
  end: number;
  /** How it was read: by the unit reader, as plain text, or by remark with this definitions block (`''` for none). */
  block: string | typeof readAlone | typeof readAsText;
  records: UrlRecord[];
  /** Read by remark (not waiting to be read with others). */
  parsed?: true | undefined;
  /** Read as plain text, its records scanned when they are given (a part of a million URLs is never held whole). */
  scanWhenGiven?: true | undefined;
  /** The HTML adapter's notes on its HTML (option `html`), told when its records are given. */
  notes?: MarkdownNote[] | undefined;
  /** The parts it was read with in one call of remark, when it was. */
  batch?: Part[] | undefined;
  /**
   * Read by the unit reader with the definitions known beforehand: where
   * the definitions of the labels it looked up end (past the one furthest
   * on; infinite when one was not known). Its records are given once every
   * known definition before that is found so.
   */
  lookedUp?: number | undefined;
}

const readAlone = Symbol('unit reader');
const readAsText = Symbol('plain text');

/**
 * What separates parts read in one call of remark: a line at column 1
 * after a blank line ends every block but fenced code and HTML blocks of
 * kinds 1–5 (never in a part read this way), and the thematic break is a
 * block of its own, which shows that nothing ran on into it (no setext
 * underline, no list item; micromark reads it at a fraction of an HTML
 * comment's cost, and it holds nothing the plugin reads).
 */
const separator = '\n\n***\n\n';
const separatorBreakAt = 2;

const { lessThan, graveAccent, tilde, dash, plusSign, lineFeed, carriageReturn } = codes;

/**
 * The records of `source` (without a byte order mark), read part by part.
 */
export function scanParts(source: string, readers: PartReaders, limits: PartLimits): PartsRead {
  const records: UrlRecord[] = [];
  const stream = partRecords(source, readers, limits);
  for (let next = stream.next(); ; next = stream.next()) {
    if (next.done === true) return { records, remarkBytes: next.value };
    for (const record of next.value) records.push(record);
  }
}

/**
 * The records of `source` (without a byte order mark), in document order,
 * in batches given as soon as they are final (a unit the unit reader read,
 * a part read as plain text; a part for remark once no definition found
 * later can change it): memory follows what is not final yet, not the
 * records of the whole document. Returns the UTF-8 bytes handed to remark.
 */
export function* partRecords(source: string, readers: PartReaders, limits: PartLimits): Generator<UrlRecord[], number> {
  const layout = layoutOf(source);
  const ahead = definitionsAhead(source, layout, readers, limits);
  let given = 0;
  if (ahead !== undefined) {
    // read with every definition known from the start; kept when the definitions found on the way are the same
    const notes: MarkdownNote[] = [];
    const reader = new DocumentReader(source, layout, { ...readers, onNote: (note) => notes.push(note) }, limits, ahead);
    const remarkBytes = yield* reader.read();
    if (remarkBytes !== undefined) {
      for (const note of notes) readers.onNote(note);
      return remarkBytes;
    }
    // records before `given` were given, read with definitions all found as known up to there
    given = reader.givenTo;
  }
  const reader = new DocumentReader(source, layout, readers, limits, undefined);
  const read = reader.read();
  for (let next = read.next(); ; next = read.next()) {
    if (next.done === true) return next.value as number;
    yield given === 0 ? next.value : next.value.filter((record) => record.start.offset >= given);
  }
}

/** What both readings of a document share, found once: where parts may start, its front matter, its lines. */
interface Layout {
  boundaries: number[];
  /** Where front matter ends (0 without). */
  frontMatter: number;
  /** Front matter passed over: what follows it cannot open front matter when read alone. */
  skipMatter: boolean;
  /** A first line that opens front matter nothing closes (`---\n` or `+++\n`), given before each part; `''` for none. */
  openMatter: string;
  lines: LineIndex;
  /** The document holds no CR: its lines are found with `indexOf`. */
  crFree: boolean;
  /** The labels the document may define. */
  labels: PossibleLabels;
  /** Where it holds `]:`. */
  marks: DefinitionMarks;
  /** Units found while the definitions were looked for beforehand, in order (a reading looks them up instead of finding them again). */
  units: UnitsFound;
}

/** Units found, in order of their starts. */
interface UnitsFound {
  starts: number[];
  units: Unit[];
  /**
   * What the unit reader made of each unit while the definitions were
   * looked for, where it looked up no label of the rest of the document
   * (its tree and records are then those of any reading), until a reading
   * takes it (once: a reading adds to the records it is given).
   */
  reads: (ParsedPart | undefined)[];
}

function layoutOf(source: string): Layout {
  const frontMatter = frontMatterEnd(source);
  const crFree = !source.includes('\r');
  return {
    boundaries: partBoundaries(source, 1, crFree),
    frontMatter,
    skipMatter: frontMatter > 0 && !mayOpenFrontMatter(source, frontMatter),
    openMatter: frontMatter === 0 ? unclosedMatterLine(source) : '',
    lines: LineIndex.ofText(source),
    crFree,
    labels: new PossibleLabels(source),
    marks: new DefinitionMarks(source),
    units: { starts: [], units: [], reads: [] },
  };
}

/**
 * The definitions of a document the unit reader reads in the units holding
 * `]:`, all of them; undefined when one such unit is not read (remark may
 * find others there); none found is an answer too. Whether they are all the
 * definitions of the document is checked as it is read.
 */
function definitionsAhead(source: string, layout: Layout, { quiet, readAlone }: PartReaders, limits: PartLimits): Definitions | undefined {
  if (layout.marks.none || layout.openMatter !== '') return undefined;
  const { frontMatter, boundaries } = layout;
  if (frontMatter > 0 && !layout.skipMatter) return undefined;
  const definitions = new Definitions();
  const { starts, units, reads } = layout.units;
  // set when the unit being read looks up a label
  let lookedUp = false;
  let keptCharacters = 0;
  const known: KnownDefinitions = (label) => {
    lookedUp = true;
    return definedNowhere(label);
  };
  for (let start = frontMatter; start < source.length; ) {
    const unit = unitAt(source, start, boundaries, quiet, layout.crFree);
    starts.push(start);
    units.push(unit);
    let kept: ParsedPart | undefined;
    // a unit past `maxPartSize` is not read by the unit reader (nor read whole by remark): the reading finds no definition there either
    if (!unit.quiet && unit.end - start <= limits.maxPartSize && layout.marks.within(start, unit.end)) {
      const text = source.slice(start, unit.end);
      // labels taken as defined nowhere: a reference changes no block, and the reading with the definitions found checks them
      lookedUp = false;
      const read = readAlone(text, layout.labels, known, { offset: start, lines: layout.lines }, unit.end === source.length);
      if (read === undefined || 'runsOn' in read) return undefined;
      definitions.collect(read.tree, 0, text.length, start);
      // no label looked up: the reading reads the unit to the same tree and records (kept up to a bound: they are held until it does)
      if (!lookedUp && keptCharacters + text.length <= maxKeptCharacters) {
        kept = read;
        keptCharacters += text.length;
      }
    }
    reads.push(kept);
    start = unit.end;
  }
  // none at all is known too: a bracket whose label only looked like one defined (`a [x]: b` in a paragraph) is text
  return definitions;
}

/**
 * Characters of a document's units whose reading beforehand is kept for
 * the reading with the definitions known, at most: each is held until that
 * reading comes to it. Held by the thousand they made V8 keep much more:
 * 10 MB of definitions (200,000 units) peaked at 507 MB with every one
 * kept, about 395 MB with 64 K characters of them, 320–331 MB with 16 K,
 * 308 MB with 8 K as with none (and took no longer). Most documents'
 * definitions are a few hundred characters.
 */
export const maxKeptCharacters = 1 << 13;

/** Every label but a footnote's (`^…`) taken as defined nowhere. */
const definedNowhere: KnownDefinitions = (label) => (label.startsWith('^') ? undefined : absent);

/** A unit met while a part was made, kept for the next step (with its records when the unit reader read it). */
interface UnitAhead extends Unit {
  start: number;
  read?: ParsedPart | undefined;
  lookedUp?: number | undefined;
}

/** A unit the unit reader read, and where it ends (past its first end when fenced code ran on). */
interface OwnRead {
  read: ParsedPart;
  end: number;
  /** See {@link Part.lookedUp}. */
  lookedUp?: number | undefined;
}

/** Characters of a part read as plain text scanned at a time. */
const textPieceSize = 1 << 14;

/** Records given at a time (fewer at the end). */
const batchSize = 4096;

/** Parts given are forgotten this many at a time at least. */
const forgetPartsFrom = 1024;

/**
 * The time budget is looked at before every this many units read (reading
 * the clock at each of a document's small units cost about 1% of the
 * reading), or sooner once this many characters were read since.
 */
export const clockUnits = 64;
export const clockCharacters = 64 * 1024;

/**
 * One reading of a document: with the labels it may define and, when known
 * beforehand (`known`), its definitions.
 */
class DocumentReader {
  private readonly parts: Part[] = [];
  /** The definitions parts are read with. */
  private readonly definitions: Definitions;
  /** Those found while reading (the same object, unless known beforehand: then held against them). */
  private readonly found: DefinitionsFound;
  private readonly check: KnownDefinitionsCheck | undefined;
  /** The first part whose records were not all given. */
  private firstKept = 0;
  /** Records final, not given yet. */
  private final: UrlRecord[] = [];
  /** Where the parts whose records were given end. */
  givenTo = 0;
  /**
   * Blocks of definitions for a first reading may leave out those of labels
   * a part may define itself (`Definitions.blockForParts`): not when every
   * definition is known beforehand (no part is read again then).
   */
  private get guessBlocks(): boolean {
    return this.known === undefined;
  }
  /** The document holds no `]:`, so no definition: no part is read again for one. */
  private readonly noDefinitions: boolean;
  /** Where front matter read with the first part ends. */
  private readonly matterEnd: number;
  private readonly began = performance.now();
  private readonly budgetMs: number;
  private remarkBytes = 0;
  /** The index of the first boundary not before the part being made. */
  private nextBoundary = 0;
  /** The first of {@link Layout.units} not before the last looked up. */
  private nextUnitFound = 0;
  /** The unit the unit reader last did not read, and where it read it to (past its end when its last block ran on). */
  private ranOn: { from: number; to: number } | undefined;
  /** The unit after the last part, met while the part was made. */
  private ahead: UnitAhead | undefined;
  /** Parts waiting to be read in one call of remark ({@link mayJoin}). */
  private waiting = new WaitingParts();
  /** Batches read together at the end (they refer to labels defined further on), and where the first of them that may hold a definition starts. */
  private readonly late: Part[][] = [];
  private lateDefinitionsFrom = Number.POSITIVE_INFINITY;

  constructor(
    private readonly source: string,
    private readonly layout: Layout,
    private readonly readers: PartReaders,
    private readonly limits: PartLimits,
    private readonly known: Definitions | undefined,
  ) {
    this.definitions = known ?? new Definitions();
    this.check = known === undefined ? undefined : new KnownDefinitionsCheck(known);
    this.found = this.check ?? this.definitions;
    this.matterEnd = layout.skipMatter ? 0 : layout.frontMatter;
    this.noDefinitions = layout.marks.none;
    this.budgetMs = limits.timeBudget.fixedMs + limits.timeBudget.perCharacterMs * source.length;
  }

  /**
   * The records in batches as they are final; returns the bytes handed to
   * remark, or undefined when the definitions found while reading are not
   * those known beforehand (then some records may have been given: those
   * before {@link givenTo}).
   */
  *read(): Generator<UrlRecord[], number | undefined> {
    const { source } = this;
    let start = this.layout.skipMatter ? this.layout.frontMatter : 0;
    /** The clock is read before the first unit, then after {@link clockUnits} units or {@link clockCharacters} characters. */
    let unitsToClock = 0;
    let clockRead = start;
    while (start < source.length) {
      if (--unitsToClock < 0 || start - clockRead >= clockCharacters) {
        unitsToClock = clockUnits - 1;
        clockRead = start;
        if (performance.now() - this.began > this.budgetMs) {
          this.readAsText(start, source.length, `reading it as Markdown took longer than its budget (${Math.round(this.budgetMs / 1000)} s)`);
          break;
        }
      }
      const unit = this.nextUnit(start);
      if (unit.quiet && start >= this.matterEnd) {
        // passed over: no part, no definition, nothing read (what is final is as it was)
        start = unit.end;
        continue;
      }
      start = this.readFrom(unit);
      // a definition found that is not known so: the reading cannot be kept (the records final before are)
      if (this.check?.differs === true) return yield* this.giveUp();
      for (let text = this.moveFinal(false); text !== undefined; text = this.moveFinal(false)) yield* this.scanAsText(text.start, text.end);
      if (this.final.length >= batchSize) yield this.takeFinal();
    }
    this.readWaiting();
    for (const batch of this.late) this.readBatch(batch, false);
    if (this.check !== undefined) {
      // every part was read with every definition, if they were all known
      if (!this.check.sameAsKnown()) return yield* this.giveUp();
    } else {
      this.readAgainWithLaterDefinitions();
    }
    yield* this.giveFinal(true);
    if (this.final.length > 0) yield this.takeFinal();
    return this.remarkBytes;
  }

  /** A reading not kept: the records final before, given (those before {@link givenTo}). */
  private *giveUp(): Generator<UrlRecord[], undefined> {
    if (this.final.length > 0) yield this.takeFinal();
    return undefined;
  }

  /** The final records not given yet, given. */
  private takeFinal(): UrlRecord[] {
    const final = this.final;
    this.final = [];
    return final;
  }

  /**
   * Move the records of the parts that are final, in document order, to
   * {@link final} (all of them at the end). The last part may grow (units
   * read by the unit reader one after the other): its records are moved,
   * the part kept. A part read as plain text is scanned here, its records
   * given in batches as they fill.
   */
  private *giveFinal(end: boolean): Generator<UrlRecord[], void> {
    for (let text = this.moveFinal(end); text !== undefined; text = this.moveFinal(end)) yield* this.scanAsText(text.start, text.end);
  }

  /**
   * {@link giveFinal} up to the first part read as plain text and not
   * scanned yet, returned (to be scanned, then this is called again); a
   * plain call, not a generator: it runs after every unit, and a part to
   * scan is rare.
   */
  private moveFinal(end: boolean): Part | undefined {
    const { parts } = this;
    while (this.firstKept < parts.length) {
      const part = parts[this.firstKept] as Part;
      if (!end && !this.isFinal(part)) break;
      if (part.scanWhenGiven === true) {
        part.scanWhenGiven = undefined;
        return part;
      }
      if (part.records.length > 0) {
        for (const record of part.records) this.final.push(record);
        part.records = [];
      }
      if (part.notes !== undefined) for (const note of part.notes) this.readers.onNote(note);
      part.notes = undefined;
      part.lookedUp = undefined;
      this.givenTo = part.end;
      if (this.firstKept === parts.length - 1 && !end) break;
      this.firstKept++;
    }
    // parts given are not looked at again (those read again at the end are parts for remark, never given before the end)
    if (this.firstKept >= forgetPartsFrom && this.firstKept * 2 >= parts.length) {
      parts.splice(0, this.firstKept);
      this.firstKept = 0;
    }
    return undefined;
  }

  /**
   * Are the records of a part final before the end? Those of a unit the
   * unit reader read and of a part read as plain text are, once the
   * definitions it looked up are surely those the document holds; those
   * of a part for remark may change when a definition is found later,
   * unless the document holds none (then once remark read it).
   */
  private isFinal(part: Part): boolean {
    // a document without `]:` holds no definition: what remark read of it stands
    if (part.block !== readAlone && part.block !== readAsText) return part.parsed === true && this.noDefinitions;
    if (this.check === undefined) return true;
    // the known definitions it may depend on were all found, and no part before them is still to be read (it could hold an earlier one)
    const upTo = Math.max(part.end, part.lookedUp ?? 0);
    return upTo <= this.unreadFrom() && this.check.foundBefore(upTo);
  }

  /** Where the first part not read yet starts (waiting, or read at the end). */
  private unreadFrom(): number {
    let from = this.waiting.parts[0]?.start ?? Number.POSITIVE_INFINITY;
    for (const batch of this.late) from = Math.min(from, batch[0]?.start ?? from);
    return from;
  }

  /** The unit starting at `start`: the one met ahead, or found. */
  private nextUnit(start: number): UnitAhead {
    const unit = this.ahead?.start === start ? this.ahead : this.unitFrom(start);
    this.ahead = undefined;
    return unit;
  }

  /** Read the unit `unit` (not passed over): by the unit reader, or in a part for remark; where the next starts. */
  private readFrom(unit: UnitAhead): number {
    const { start } = unit;
    const own = this.ownRead(unit);
    if (own !== undefined) {
      this.takeOwn(start, own.end, own.read, own.lookedUp);
      return own.end;
    }
    return this.readPart(start, this.partEnd(start, this.ranOnEnd(start, unit.end)));
  }

  /** `unit` as the unit reader reads it: its reading made beforehand when one was kept, else read now; undefined when the reader does not model it. */
  private ownRead(unit: UnitAhead): OwnRead | undefined {
    return unit.read === undefined ? this.readOwn(unit.start, unit.end) : { read: unit.read, end: unit.end, lookedUp: unit.lookedUp };
  }

  /**
   * Where a part for remark starting at `start` (its first unit ending at
   * `unitEnd`) ends: with the units after it that remark must read too, to
   * about `partSize` (front matter whole). The unit that stops it is kept.
   */
  private partEnd(start: number, unitEnd: number): number {
    const { source, matterEnd } = this;
    let end = unitEnd;
    while (end < source.length && (end - start < this.limits.partSize || end < matterEnd)) {
      const following = this.unitFrom(end);
      if (following.quiet && end >= matterEnd) {
        this.ahead = following;
        break;
      }
      const own = this.ownRead(following);
      if (own !== undefined) {
        this.ahead = { start: following.start, end: own.end, quiet: following.quiet, read: own.read, lookedUp: own.lookedUp };
        break;
      }
      end = this.ranOnEnd(following.start, following.end);
    }
    return end;
  }

  /** Read the part `source[start, end)` (past a budget as plain text; run on while its last block is left open); where the next starts. */
  private readPart(start: number, end: number): number {
    const { source, limits } = this;
    while (this.nextBoundary < this.layout.boundaries.length && (this.layout.boundaries[this.nextBoundary] as number) <= start) this.nextBoundary++;
    let ranOn = false;
    while (end - start <= limits.maxPartSize) {
      const reason = overBudget(source, start, end, limits, (offset) => this.layout.lines.point(offset).line);
      if (reason !== undefined) return this.readAsText(start, end, reason);
      if (mayJoin(source, start, end)) {
        // read later, with other parts like it, in one call of remark
        const part: Part = { start, end, block: '', records: [] };
        this.parts.push(part);
        this.waiting.add(part, source);
        if (this.waiting.size >= limits.partSize) this.readWaiting();
        return end;
      }
      const block = this.definitions.blockFor(source.slice(start, end), start, end, this.guessBlocks);
      let parsed: ReturnType<DocumentReader['parseWith']>;
      try {
        parsed = this.parseWith(start, end, block);
      } catch (error) {
        // the parser gave up (its stack): the part is read as text all the same
        return this.readAsText(start, end, `the Markdown parser failed (${describe(error)})`);
      }
      const { tree, records, offset, text } = parsed;
      if (end < source.length && endsOpen(tree, text, offset + (end - start))) {
        // a fence or HTML block runs on: read it again to where it ends and no block opened after it is left open, the first time; then at least twice as long (reading again and again stays linear)
        const closed = ranOn ? undefined : runOnEnd(tree, text, offset + (end - start), source, end);
        ranOn = true;
        end = closed === undefined ? this.boundaryAtOrAfter(start + 2 * (end - start)) : this.closedBoundaryFrom(closed);
        continue;
      }
      this.found.collect(tree, offset, offset + (end - start), start - offset);
      this.parts.push({ start, end, block, records: this.shift(records, offset, start, end), notes: this.shiftNotes(parsed.notes, offset, start, end), parsed: true });
      return end;
    }
    const cut = Math.min(end, this.boundaryAtOrAfter(start + limits.maxPartSize));
    return this.readAsText(start, cut, `${cut - start} characters without a place to cut them (a block left open, or no blank line)`);
  }

  /**
   * The unit `source[from, to)` read by the unit reader (not used where no
   * container may start, nor for a unit past `maxPartSize`). When fenced
   * code at its top runs on past its end (a fence in an HTML block is text,
   * and what was taken for its closing fence opens one), the unit is read
   * again to a boundary after the line that closes the code, and at least
   * twice as long (so that reading it again and again stays linear); when
   * no line closes it, to the end of the document (which closes it).
   */
  private readOwn(from: number, to: number): OwnRead | undefined {
    if (!this.readOwnFrom(from)) return undefined;
    // with definitions known beforehand: where those of the labels looked up end (see `Part.lookedUp`)
    let lookedUp = 0;
    const known = (label: string): string | Absent | undefined => {
      const url = this.knownUrl(label);
      // a label defined nowhere is known so only once every definition is: as far as the end
      if (this.check !== undefined) lookedUp = Math.max(lookedUp, typeof url !== 'string' ? Number.POSITIVE_INFINITY : (this.definitions.links.offsetOf(label) as number) + 1);
      return url;
    };
    for (let end = to; end - from <= this.limits.maxPartSize; ) {
      const read = this.readers.readAlone(this.source.slice(from, end), this.layout.labels, known, { offset: from, lines: this.layout.lines }, end === this.source.length);
      if (read === undefined || 'runsOn' in read) this.ranOn = { from, to: end };
      if (read === undefined) return undefined;
      if (!('runsOn' in read)) return { read, end, lookedUp };
      if (end === this.source.length) return undefined;
      const open = read.runsOn;
      const closed = 'html' in open ? afterHtmlEnd(this.source, end, open.html) : afterClosingFence(this.source, end, open.marker, open.size);
      // no line ends it: the block runs to the end of the document, which ends it
      end = closed === undefined ? this.source.length : this.firstBoundaryFrom(Math.max(closed, from + 2 * (end - from)));
    }
    return undefined;
  }

  /** May the unit reader read a unit starting at `from`? Not in front matter read with the first part, nor after a line opening front matter nothing closes. */
  private readOwnFrom(from: number): boolean {
    return from >= this.matterEnd && this.layout.openMatter === '';
  }

  /**
   * Where a part for remark starting with the unit `source[from, to)` is
   * first read to: past the unit's end when the unit reader found the
   * unit's last block left open and read it on (to where it stopped), so
   * that remark reads the part once, not alone and then again run on.
   */
  private ranOnEnd(from: number, to: number): number {
    const ranOn = this.ranOn;
    return ranOn !== undefined && ranOn.from === from && ranOn.to > to && ranOn.to - from <= this.limits.maxPartSize ? ranOn.to : to;
  }

  /** The unit starting at `start` (an object of one shape, made once a unit: no copy of what `unitAt` gives). */
  private unitFrom(start: number): UnitAhead {
    const { starts, units, reads } = this.layout.units;
    while (this.nextUnitFound < starts.length && (starts[this.nextUnitFound] as number) < start) this.nextUnitFound++;
    if (starts[this.nextUnitFound] !== start) {
      const found = unitAt(this.source, start, this.layout.boundaries, this.readers.quiet, this.layout.crFree);
      return { start, end: found.end, quiet: found.quiet, read: undefined, lookedUp: undefined };
    }
    // found when the definitions were looked for beforehand, maybe read then too (taken once)
    const found = units[this.nextUnitFound] as Unit;
    const read = this.readOwnFrom(start) ? reads[this.nextUnitFound] : undefined;
    reads[this.nextUnitFound] = undefined;
    return { start, end: found.end, quiet: found.quiet, read, lookedUp: read === undefined ? undefined : 0 };
  }

  /** The first boundary at or after `offset`, or the end of the document. */
  private firstBoundaryFrom(offset: number): number {
    const { boundaries } = this.layout;
    return boundaries[countAtOrBelow(boundaries, offset - 1)] ?? this.source.length;
  }

  /** A unit read by the unit reader: its records moved to the document, its definitions noted. */
  private takeOwn(from: number, to: number, read: ParsedPart, lookedUp: number | undefined): void {
    // a definition holds `]:` (the tree need not be walked for one otherwise)
    if (this.layout.marks.within(from, to)) this.found.collect(read.tree, 0, to - from, from);
    const records = this.within(read.records, from, to);
    // made at their place in the document, as its records are
    const notes = this.shiftNotes(read.notes, from, from, to);
    // units read one after the other are one part (a document of a million short units holds a few parts, not a million)
    const last = this.parts[this.parts.length - 1];
    if (last?.block === readAlone && last.end === from) {
      last.end = to;
      for (const record of records) last.records.push(record);
      if (notes !== undefined) last.notes = [...(last.notes ?? []), ...notes];
      if (lookedUp !== undefined) last.lookedUp = Math.max(last.lookedUp ?? 0, lookedUp);
      return;
    }
    this.parts.push({ start: from, end: to, block: readAlone, records, notes, lookedUp });
  }

  /**
   * The URL of the definition of a normalized label that wins, when surely
   * known: one found before any part waiting to be read that may hold a
   * definition; {@link absent} when every definition is known beforehand
   * and none has the label (not for `^…`, a footnote's).
   */
  private knownUrl(label: string): string | Absent | undefined {
    const definition = this.definitions.links.get(label);
    if (definition === undefined) return this.known !== undefined && !label.startsWith('^') ? absent : undefined;
    if (this.known === undefined && definition.offset >= Math.min(this.waiting.definitionsFrom, this.lateDefinitionsFrom)) return undefined;
    return definition.url;
  }

  /**
   * The parts waiting to be read together: now, or at the end of the
   * document when they refer to a label that may be defined further on
   * (read now, they would be read again once it is found).
   */
  private readWaiting(): void {
    const { parts: batch, definitionsFrom } = this.waiting;
    this.waiting = new WaitingParts();
    if (batch.length === 0) return;
    for (const part of batch) part.batch = batch;
    if (this.refersAhead(batch)) {
      this.late.push(batch);
      this.lateDefinitionsFrom = Math.min(this.lateDefinitionsFrom, definitionsFrom);
      return;
    }
    this.readBatch(batch, false);
  }

  /** Does a part of `batch` refer to a label that may be defined but is not known yet? */
  private refersAhead(batch: Part[]): boolean {
    for (const part of batch) {
      const text = this.source.slice(part.start, part.end);
      if (!text.includes(']')) continue;
      for (const match of text.matchAll(bracketed)) {
        const from = (match.index as number) + 1;
        const to = from + (match[1] as string).length;
        if (!this.layout.labels.mayBeDefined(text, from, to)) continue;
        const label = match[1] as string;
        const footnote = label.startsWith('^');
        if (!(footnote ? this.definitions.footnotes : this.definitions.links).has(normalizeLabel(footnote ? label.slice(1) : label))) return true;
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
  private readBatch(batch: Part[], again: boolean): void {
    const segments = batch.map((part) => this.source.slice(part.start, part.end));
    const block = this.definitions.blockForParts(segments.join('\n'), batch, !again && this.guessBlocks);
    if (again && block === batch[0]?.block) return;
    const starts: number[] = [];
    let text = this.layout.openMatter + (block === '' ? '' : `${block}\n\n`);
    for (const [index, segment] of segments.entries()) {
      if (index > 0) text += separator;
      starts.push(text.length);
      text += segment;
    }
    let parsed: ParsedPart | undefined;
    try {
      parsed = this.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !separated(parsed.tree, starts)) {
      if (again) return;
      for (const part of batch) this.readByItself(part);
      return;
    }
    for (const [index, part] of batch.entries()) {
      const offset = starts[index] as number;
      if (!again) this.found.collect(parsed.tree, offset, offset + (part.end - part.start), part.start - offset);
      part.block = block;
      part.records = this.shift(parsed.records, offset, part.start, part.end);
      part.parsed = true;
      part.notes = this.shiftNotes(parsed.notes, offset, part.start, part.end);
    }
  }

  /** A waiting part read alone after all (its records, or the scanner's when the parser fails). */
  private readByItself(part: Part): void {
    const block = this.definitions.blockFor(this.source.slice(part.start, part.end), part.start, part.end, this.guessBlocks);
    part.batch = undefined;
    try {
      const { tree, records, notes, offset } = this.parseWith(part.start, part.end, block);
      this.found.collect(tree, offset, offset + (part.end - part.start), part.start - offset);
      part.block = block;
      part.records = this.shift(records, offset, part.start, part.end);
      part.notes = this.shiftNotes(notes, offset, part.start, part.end);
      part.parsed = true;
    } catch (error) {
      part.block = readAsText;
      part.records = this.textRecords(part.start, part.end, `the Markdown parser failed (${describe(error)})`);
    }
  }

  /** Parts read before a definition they refer to was found: read again with it. */
  private readAgainWithLaterDefinitions(): void {
    for (const part of this.parts) {
      if (typeof part.block !== 'string') continue;
      if (part.batch !== undefined) {
        // read again together, once (from their first part)
        if (part.batch[0] === part) this.readBatch(part.batch, true);
        continue;
      }
      const block = this.definitions.blockFor(this.source.slice(part.start, part.end), part.start, part.end);
      if (block === part.block) continue;
      try {
        const { records, notes, offset } = this.parseWith(part.start, part.end, block);
        part.records = this.shift(records, offset, part.start, part.end);
        part.notes = this.shiftNotes(notes, offset, part.start, part.end);
      } catch {
        // read once already: its records stand
      }
    }
  }

  /** remark on `text`, its bytes counted. */
  private parse(text: string): ParsedPart {
    this.remarkBytes += Buffer.byteLength(text);
    return this.readers.parse(text);
  }

  /**
   * Parse `source[from, to)` with a definitions block: the first part gets
   * the block after it, the others before (after an unclosed front matter
   * line, when the document opens with one); `offset`: where the part's
   * text starts in `text`.
   */
  private parseWith(from: number, to: number, block: string): ParsedPart & { offset: number; text: string } {
    const part = this.source.slice(from, to);
    if (from === 0) {
      const text = block === '' ? part : `${part}\n\n${block}\n`;
      return { ...this.parse(text), offset: 0, text };
    }
    const before = this.layout.openMatter + (block === '' ? '' : `${block}\n\n`);
    const text = before + part;
    return { ...this.parse(text), offset: before.length, text };
  }

  /** Records made at their place in the document, kept to `[from, to)` as {@link shift} keeps a part's. */
  private within(found: UrlRecord[], from: number, to: number): UrlRecord[] {
    let inside = true;
    for (const record of found) if (record.start.offset < from || record.start.offset >= to || record.end.offset > to) inside = false;
    if (inside) return found;
    const kept: UrlRecord[] = [];
    for (const record of found) {
      if (record.start.offset < from || record.start.offset >= to) continue;
      kept.push(record.end.offset > to ? moveRecord(record, record.raw, record.start, this.layout.lines.point(to)) : record);
    }
    return kept;
  }

  /** Records of a part moved to the document; those of the text around it (definitions block) dropped. */
  private shift(found: UrlRecord[], offset: number, from: number, to: number): UrlRecord[] {
    const { lines } = this.layout;
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

  /** Tell that `source[from, to)` is read as plain text, and why. */
  private noteText(from: number, to: number, why: string): void {
    const { lines } = this.layout;
    const line = lines.point(from).line;
    const lastLine = lines.point(Math.max(from, to - 1)).line;
    const where = line === lastLine ? `line ${line}` : `lines ${line}–${lastLine}`;
    this.readers.onNote({ message: `${where} read as plain text: ${why}`, line });
  }

  /**
   * The HTML adapter's notes of a part, on HTML at `[offset, offset + to - from)`
   * of the text read (those of the text around it dropped), at their lines
   * in the document; undefined for none.
   */
  private shiftNotes(notes: HtmlNodeNote[] | undefined, offset: number, from: number, to: number): MarkdownNote[] | undefined {
    if (notes === undefined || notes.length === 0) return undefined;
    const kept: MarkdownNote[] = [];
    for (const note of notes) {
      const at = note.offset - offset + from;
      if (at < from || at >= to) continue;
      kept.push(htmlNoteAt(note, this.layout.lines.point(at).line + note.linesIn));
    }
    return kept.length === 0 ? undefined : kept;
  }

  /**
   * `source[from, to)` scanned as plain text, with a note, and on past a
   * fence or an HTML block it leaves open; where reading goes on.
   */
  private readAsText(from: number, to: number, why: string): number {
    const end = this.boundaryAtOrAfter(openBlockEnd(this.source, from, to));
    this.noteText(from, end, why);
    this.parts.push({ start: from, end, block: readAsText, records: [], scanWhenGiven: true });
    return end;
  }

  /** The records of `source[from, to)` scanned as plain text, moved to {@link final} in pieces (batches given as they fill). */
  private *scanAsText(from: number, to: number): Generator<UrlRecord[], void> {
    const { lines } = this.layout;
    const scanner = new Scanner(this.readers.scanOptions());
    const take = (found: UrlRecord[]) => {
      for (const record of found) this.final.push(moveRecord(record, record.raw, lines.point(record.start.offset + from), lines.point(record.end.offset + from)));
    };
    for (let at = from; at < to; at += textPieceSize) {
      take(scanner.write(this.source.slice(at, Math.min(to, at + textPieceSize))));
      if (this.final.length >= batchSize) yield this.takeFinal();
    }
    take(scanner.end());
  }

  /** The records of `source[from, to)` scanned as plain text, with a note. */
  private textRecords(from: number, to: number, why: string): UrlRecord[] {
    const { lines } = this.layout;
    this.noteText(from, to, why);
    const records: UrlRecord[] = [];
    for (const record of scanResolved(this.source.slice(from, to), this.readers.scanOptions())) {
      records.push(moveRecord(record, record.raw, lines.point(record.start.offset + from), lines.point(record.end.offset + from)));
    }
    return records;
  }

  /**
   * The first boundary at or after `offset` (a line start at the top level)
   * where no fence or HTML block of kinds 1–5 opened from `offset` on is
   * left open, told by lines alone (`openBlockEnd`: a fence in a list item
   * taken for one at the top only makes the part longer).
   */
  private closedBoundaryFrom(offset: number): number {
    for (let from = offset; ; ) {
      const boundary = this.boundaryAtOrAfter(from);
      const closed = openBlockEnd(this.source, from, boundary);
      if (closed <= boundary) return boundary;
      from = closed;
    }
  }

  /** The first boundary at or after `offset` (or the end of the document); none before the part being made is looked at again. */
  private boundaryAtOrAfter(offset: number): number {
    const { boundaries } = this.layout;
    while (this.nextBoundary < boundaries.length && (boundaries[this.nextBoundary] as number) < offset) this.nextBoundary++;
    return boundaries[this.nextBoundary] ?? this.source.length;
  }
}

/** Parts waiting to be read in one call of remark, their length, and where the first of them that may hold a definition starts. */
class WaitingParts {
  readonly parts: Part[] = [];
  size = 0;
  definitionsFrom = Number.POSITIVE_INFINITY;

  add(part: Part, source: string): void {
    this.parts.push(part);
    this.size += part.end - part.start;
    if (this.definitionsFrom === Number.POSITIVE_INFINITY && source.slice(part.start, part.end).includes(']:')) this.definitionsFrom = part.start;
  }
}

/** Is every separator before `starts[1…]` a block of its own (a thematic break at the top, where it was written)? */
function separated(tree: Root, starts: number[]): boolean {
  const breaks = new Set<number>();
  for (const child of tree.children) {
    const at = child.position?.start.offset;
    if (child.type === 'thematicBreak' && at !== undefined) breaks.add(at);
  }
  for (let index = 1; index < starts.length; index++) {
    if (!breaks.has((starts[index] as number) - separator.length + separatorBreakAt)) return false;
  }
  return true;
}

/**
 * May `source[from, to)` be read in one call of remark with other parts
 * (separated by {@link separator})? Not at the start of the document (front
 * matter), and only without what may run on past a blank line: fences (no
 * three backticks or tildes) and HTML blocks of kinds 1–5 (no `<` that
 * may start one, wherever it stands). Other HTML blocks end at a blank
 * line, as the separator starts; a part that ran on all the same is
 * caught by {@link separated}.
 */
function mayJoin(source: string, from: number, to: number): boolean {
  if (from === 0) return false;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === lessThan && mayStartRunningHtml(source, at)) return false;
    if ((code === graveAccent || code === tilde) && source.charCodeAt(at + 1) === code && source.charCodeAt(at + 2) === code) return false;
  }
  return true;
}

/** Characters after a `<` that tell whether it may start an HTML block of kinds 1–5 (`<textarea` and what follows the name). */
const htmlKindLookahead = '<textarea>'.length;

/**
 * May the `<` at `source[at]` start an HTML block of kinds 1–5, were it
 * at the start of a line? Told from a few characters (cut at a line
 * ending, which may end a start such as `<pre`): a cut that looks like a
 * start is taken for one.
 */
function mayStartRunningHtml(source: string, at: number): boolean {
  let end = at + 1;
  while (end < source.length && end - at < htmlKindLookahead && source.charCodeAt(end) !== lineFeed && source.charCodeAt(end) !== carriageReturn) end++;
  return htmlKindOf(source.slice(at, end)) !== undefined;
}

/** `[label]`: no brackets inside, at most 999 characters (CommonMark's limit). */
const bracketed = /\[([^[\]]{1,999})\]/g;

/** Does the line at `source[at]` start with `---` or `+++` (front matter, for a text read from there)? */
function mayOpenFrontMatter(source: string, at: number): boolean {
  const marker = source.charCodeAt(at);
  return (marker === dash || marker === plusSign) && source.charCodeAt(at + 1) === marker && source.charCodeAt(at + 2) === marker;
}

/**
 * The document's first line and a blank line, when it opens front matter
 * (`---` or `+++`, then only spaces and tabs, then a line ending) that no
 * line closes; else `''`. (The caller knows no front matter closes.)
 */
function unclosedMatterLine(source: string): string {
  if (!mayOpenFrontMatter(source, 0)) return '';
  const lineEnd = endOfLine(source, 0);
  if (lineEnd === source.length || !isBlank(source, 3, lineEnd)) return '';
  return `${source.slice(0, afterLineEnding(source, lineEnd))}\n`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
