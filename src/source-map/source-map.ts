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
  /** The text. */
  text = '';
  // Segments, struct-of-arrays: first unit, source span, places at start and end, kind.
  private readonly t0: number[] = [];
  private readonly s0: number[] = [];
  private readonly s1: number[] = [];
  private readonly l0: number[] = [];
  private readonly c0: number[] = [];
  private readonly l1: number[] = [];
  private readonly c1: number[] = [];
  private readonly linear: boolean[] = [];
  /** Region segments by index, with their bytes and, once asked for, their lines. */
  private readonly regions = new Map<number, { bytes: Uint8Array; lines?: LineIndex }>();
  /** Index of the last region segment (a copy never merges into a region). */
  private lastRegion = -1;

  /** Units mapped so far (the length of `text`). */
  get length(): number {
    return this.text.length;
  }

  /**
   * Append `text` whose unit `i` came from source offset `offset + i`; with
   * `line` and `column`, from column `column + i` of that line.
   */
  copy(text: string, offset: number, line: number = unplaced, column: number = unplaced): void {
    const units = text.length;
    if (units === 0) return;
    const n = this.t0.length - 1;
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
    this.text += text;
  }

  /** `atom` with places: all units of `text` stand for the source from `start` to `end`. */
  atomAt(text: string, start: SourcePlace, end: SourcePlace): void {
    if (text.length === 0) return;
    this.addSegment(false, start.offset, end.offset, start.line, start.column, end.line, end.column);
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
    this.lastRegion = this.t0.length - 1;
    this.regions.set(this.lastRegion, { bytes });
    this.text += text;
  }

  /** The text (so a map reads as its text where a string is expected). */
  toString(): string {
    return this.text;
  }

  /** Source offset where unit `unit` starts (past the end: where the text ends). */
  start(unit: number): number {
    if (this.t0.length === 0) return 0;
    if (unit >= this.text.length) return this.end(this.text.length);
    const s = this.segmentAt(unit);
    return this.linear[s] === true ? (this.s0[s] as number) + (unit - (this.t0[s] as number)) : (this.s0[s] as number);
  }

  /** Source offset (exclusive) where text ending (exclusive) at `unit` ends. */
  end(unit: number): number {
    const at = Math.min(unit, this.text.length);
    if (at <= 0) return this.start(0);
    const s = this.segmentAt(at - 1);
    return this.linear[s] === true ? (this.s0[s] as number) + (at - (this.t0[s] as number)) : (this.s1[s] as number);
  }

  /** `start(unit)` as a place: offset, line and column (for segments appended with places). */
  startPlace(unit: number): SourcePlace {
    if (this.t0.length === 0) return { offset: 0, line: 0, column: 1 };
    if (unit >= this.text.length) return this.endPlace(this.text.length);
    const s = this.segmentAt(unit);
    if (this.linear[s] !== true) return { offset: this.s0[s] as number, line: this.l0[s] as number, column: this.c0[s] as number };
    const delta = unit - (this.t0[s] as number);
    const offset = (this.s0[s] as number) + delta;
    if (this.regions.has(s)) return this.inRegion(s, offset);
    return { offset, line: this.l0[s] as number, column: (this.c0[s] as number) + delta };
  }

  /** `end(unit)` as a place. */
  endPlace(unit: number): SourcePlace {
    const at = Math.min(unit, this.text.length);
    if (at <= 0) return this.startPlace(0);
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
    this.t0.push(this.text.length);
    this.s0.push(s0);
    this.s1.push(s1);
    this.l0.push(l0);
    this.c0.push(c0);
    this.l1.push(l1);
    this.c1.push(c1);
    this.linear.push(linear);
  }

  /** Index of the segment holding `unit` (the last one past the end); the map is not empty. */
  private segmentAt(unit: number): number {
    return Math.max(0, countAtOrBelow(this.t0, unit) - 1);
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
