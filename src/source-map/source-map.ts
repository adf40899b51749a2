/**
 * Decoded text and, for each of its UTF-16 code units, where it came from in
 * the source: the one map from a text the scanner reads back to the text or
 * bytes the user has (mail bodies after transfer and charset decoding,
 * quote-stripped and unwrapped mail text, Markdown node values, HTML text).
 *
 * The map is a list of segments, looked up with one binary search:
 *
 * - a *copy* maps unit `i` to source offset `offset + i` (and, when a place
 *   is given, to column `column + i` of one line): text that is its own
 *   source, the common case; consecutive copies merge into one segment;
 * - an *atom* maps all its units to one source span: `=3D` in
 *   quoted-printable (1 unit from 3 bytes), `&amp;` in HTML or Markdown, `é`
 *   from two UTF-8 bytes, a whole base64 body. A URL starting inside an atom
 *   starts at the atom's start; one ending inside it ends at its end;
 * - a *region* is a copy over several lines of bytes (a plain ASCII mail
 *   body): lines and columns are found from the bytes when first asked, so
 *   reading a body costs no per-line bookkeeping.
 *
 * ```
 *  source  h t t p : / / a = 3 D b
 *  text    h t t p : / / a   =   b
 *          └───copy────────┘└atom┘└copy┘
 * ```
 *
 * Offsets are whatever the source counts (bytes of a message, UTF-16 code
 * units of a Markdown file); places add a line and a column, counted as the
 * caller counts them (mail: 0-based line within the message), for sources
 * whose columns cannot be derived from offsets (a mail line's column counts
 * decoded characters, not bytes).
 *
 * A map may also follow a stream (HTML's runs of text, which may be as long
 * as the file): `take` gives the text appended since it was last called,
 * `release` forgets the text and segments before a unit nothing will ask
 * about again (units keep counting from the start), and `reset` empties the
 * map for reuse.
 */
import { codes } from '../character-codes.js';
import { LineIndex } from './line-index.js';
import { countAtOrBelow } from './search.js';

/** A place in the source: offset, line and column, counted as the caller counts them. */
export interface SourcePlace {
  offset: number;
  line: number;
  column: number;
}

/** Line and column of segments appended without a place. */
const unplaced = -1;

export class SourceMap {
  /** The text (from unit `released` on: all of it unless `release` was called). */
  text = '';
  /** Units forgotten by `release`: `text` starts at this unit. */
  private released = 0;
  /** Units given by `take`. */
  private taken = 0;
  /** First segment held (those before it were released). */
  private head = 0;
  /** Atom segments appended. */
  private atoms = 0;
  /** Segments in use: the arrays are kept for reuse beyond it (overwriting costs less than truncating). */
  private count = 0;
  // Segments, struct-of-arrays: first unit, source span, places at start and end, kind.
  private t0: number[] = [];
  private s0: number[] = [];
  private s1: number[] = [];
  private l0: number[] = [];
  private c0: number[] = [];
  private l1: number[] = [];
  private c1: number[] = [];
  private linear: boolean[] = [];
  /** Region segments by index, with their bytes and, once asked for, their lines. */
  private readonly regions = new Map<number, { bytes: Uint8Array; lines?: LineIndex }>();
  /** Index of the last region segment (a copy never merges into a region). */
  private lastRegion = -1;

  /** Units mapped so far (the length of `text` when nothing was released). */
  get length(): number {
    return this.released + this.text.length;
  }

  /** Is the map empty (nothing appended since it was made or reset)? */
  get empty(): boolean {
    return this.count === 0;
  }

  /** Is every segment a copy (no atom), and the map not empty? */
  get copiesOnly(): boolean {
    return this.atoms === 0 && this.count > 0;
  }

  /** Source offset where the first segment held starts; `undefined` when empty. */
  get sourceStart(): number | undefined {
    return this.head < this.count ? this.s0[this.head] : undefined;
  }

  /**
   * Append `text` whose unit `i` came from source offset `offset + i`; with
   * `line` and `column`, from column `column + i` of that line.
   */
  copy(text: string, offset: number, line: number = unplaced, column: number = unplaced): void {
    const units = text.length;
    if (units === 0) return;
    const n = this.count - 1;
    const columnEnd = line === unplaced ? unplaced : column + units;
    if (
      n >= 0 &&
      this.linear[n] === true &&
      this.s1[n] === offset &&
      this.l0[n] === line &&
      this.l1[n] === line &&
      this.c1[n] === column &&
      n !== this.lastRegion
    ) {
      this.s1[n] = offset + units;
      this.c1[n] = columnEnd;
    } else {
      this.addSegment(true, offset, offset + units, line, column, line, columnEnd);
    }
    this.text += text;
  }

  /** Append `text`, all of whose units stand for source `[start, end)` as a whole. */
  atom(text: string, start: number, end: number): void {
    if (text.length === 0) return;
    this.addSegment(false, start, end, unplaced, unplaced, unplaced, unplaced);
    this.atoms++;
    this.text += text;
  }

  /** `atom` with places: all units of `text` stand for the source from `start` to `end`. */
  atomAt(text: string, start: SourcePlace, end: SourcePlace): void {
    if (text.length === 0) return;
    this.addSegment(false, start.offset, end.offset, start.line, start.column, end.line, end.column);
    this.atoms++;
    this.text += text;
  }

  /**
   * Append `text` whose unit `i` is byte `offset + i` of `bytes`, over any
   * number of lines (one byte per unit: no byte above 0x7F); the first line
   * is `line` and starts at `column`, each LF starts the next.
   */
  region(text: string, bytes: Uint8Array, offset: number, line: number, column: number): void {
    if (text.length === 0) return;
    this.addSegment(true, offset, offset + text.length, line, column, line, column + text.length);
    this.lastRegion = this.count - 1;
    this.regions.set(this.lastRegion, { bytes });
    this.text += text;
  }

  /** The text appended since the last `take` (all of it the first time). */
  take(): string {
    const text = this.taken === this.released ? this.text : this.text.slice(this.taken - this.released);
    this.taken = this.length;
    return text;
  }

  /**
   * Forget the text and the segments before unit `unit` (not past what was
   * taken): nothing before it will be asked for. A copy holding the unit is
   * cut there (a text of copies only is one segment); an atom is kept whole.
   * Text is dropped in batches of at least half of what is held, so each
   * unit is copied a bounded number of times. Not for maps with regions.
   */
  release(unit: number): void {
    const at = Math.min(unit, this.taken);
    const keep = countAtOrBelow(this.t0, at, this.count) - 1;
    if (keep < this.head) return;
    const first = this.t0[keep] as number;
    if (this.linear[keep] === true && at > first && !this.regions.has(keep)) {
      this.t0[keep] = at;
      (this.s0[keep] as number) += at - first;
      if (this.c0[keep] !== unplaced) (this.c0[keep] as number) += at - first;
    } else if (keep === this.head) {
      return;
    }
    this.head = keep;
    const from = this.t0[keep] as number;
    if ((from - this.released) * 2 < this.text.length) return;
    this.text = this.text.slice(from - this.released);
    this.released = from;
    for (const name of ['t0', 's0', 's1', 'l0', 'c0', 'l1', 'c1'] as const) this[name] = this[name].slice(keep, this.count);
    this.linear = this.linear.slice(keep, this.count);
    this.count -= keep;
    this.head = 0;
  }

  /** Empty the map for reuse. */
  reset(): void {
    this.text = '';
    this.released = 0;
    this.taken = 0;
    this.head = 0;
    this.atoms = 0;
    this.count = 0;
    if (this.regions.size > 0) this.regions.clear();
    this.lastRegion = -1;
  }

  /** The text (so a map reads as its text where a string is expected). */
  toString(): string {
    return this.text;
  }

  /** Source offset where unit `unit` starts (past the end: where the text ends). */
  start(unit: number): number {
    if (this.count === 0) return 0;
    if (unit >= this.length) return this.end(this.length);
    const s = this.segmentAt(unit);
    return this.linear[s] === true ? (this.s0[s] as number) + (unit - (this.t0[s] as number)) : (this.s0[s] as number);
  }

  /** Source offset (exclusive) where text ending (exclusive) at `unit` ends. */
  end(unit: number): number {
    const at = Math.min(unit, this.length);
    if (at <= (this.t0[this.head] ?? 0)) return this.start(at);
    const s = this.segmentAt(at - 1);
    return this.linear[s] === true ? (this.s0[s] as number) + (at - (this.t0[s] as number)) : (this.s1[s] as number);
  }

  /** `start(unit)` as a place: offset, line and column (for segments appended with places). */
  startPlace(unit: number): SourcePlace {
    if (this.count === 0) return { offset: 0, line: 0, column: 1 };
    if (unit >= this.length) return this.endPlace(this.length);
    const s = this.segmentAt(unit);
    if (this.linear[s] !== true) return { offset: this.s0[s] as number, line: this.l0[s] as number, column: this.c0[s] as number };
    const delta = unit - (this.t0[s] as number);
    const offset = (this.s0[s] as number) + delta;
    if (this.regions.has(s)) return this.inRegion(s, offset);
    return { offset, line: this.l0[s] as number, column: (this.c0[s] as number) + delta };
  }

  /** `end(unit)` as a place. */
  endPlace(unit: number): SourcePlace {
    const at = Math.min(unit, this.length);
    if (at <= (this.t0[this.head] ?? 0)) return this.startPlace(at);
    const s = this.segmentAt(at - 1);
    if (this.linear[s] !== true) return { offset: this.s1[s] as number, line: this.l1[s] as number, column: this.c1[s] as number };
    const delta = at - (this.t0[s] as number);
    const offset = (this.s0[s] as number) + delta;
    if (this.regions.has(s)) return this.inRegion(s, offset);
    return { offset, line: this.l0[s] as number, column: (this.c0[s] as number) + delta };
  }

  /** Line and column of `offset` in region segment `s`. */
  private inRegion(s: number, offset: number): SourcePlace {
    const region = this.regions.get(s) as { bytes: Uint8Array; lines?: LineIndex };
    const s0 = this.s0[s] as number;
    region.lines ??= LineIndex.ofBytes(region.bytes, s0, this.s1[s] as number);
    const index = region.lines.lineOf(offset);
    const column = index === 0 ? (this.c0[s] as number) + (offset - s0) : offset - region.lines.lineStart(index) + 1;
    return { offset, line: (this.l0[s] as number) + index, column };
  }

  private addSegment(linear: boolean, s0: number, s1: number, l0: number, c0: number, l1: number, c1: number): void {
    const n = this.count++;
    this.t0[n] = this.length;
    this.s0[n] = s0;
    this.s1[n] = s1;
    this.l0[n] = l0;
    this.c0[n] = c0;
    this.l1[n] = l1;
    this.c1[n] = c1;
    this.linear[n] = linear;
  }

  /** Index of the segment holding `unit` (the last one past the end, the first held before the start); the map is not empty. */
  private segmentAt(unit: number): number {
    return Math.max(this.head, countAtOrBelow(this.t0, unit, this.count) - 1);
  }
}

/**
 * Where `bytes[start, end)` ends, given where it starts: its last line (each
 * LF starts one) and the column after its last byte.
 */
export function endOfRange(bytes: Uint8Array, start: SourcePlace, end: number): SourcePlace {
  // counted, not indexed: a base64 body has many lines and only its end is asked for
  let lines = 0;
  let lineStart = start.offset;
  for (let lf = bytes.indexOf(codes.lineFeed, start.offset); lf !== -1 && lf < end; lf = bytes.indexOf(codes.lineFeed, lf + 1)) {
    lines++;
    lineStart = lf + 1;
  }
  const column = lines === 0 ? start.column + (end - start.offset) : end - lineStart + 1;
  return { offset: end, line: start.line + lines, column };
}
