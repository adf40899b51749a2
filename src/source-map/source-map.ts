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
import { codes } from '../decode/character-codes.js';
import { LineIndex } from './line-index.js';
import { countAtOrBelow } from './search.js';

/** A place in the source: offset, line and column, counted as the caller counts them. */
export interface SourcePlace {
  offset: number;
  line: number;
  column: number;
}

export interface SourceMapOptions {
  /**
   * Every offset, line and column stays below 2^31 (a mail message, whose
   * size is bounded): a map of many segments takes half the memory.
   * @default false
   */
  narrow?: boolean;
  /**
   * Keep the text given by `take` (so `text` holds it until `release`).
   * `false` for a map read only as a stream: what was taken is forgotten at
   * once and `text` holds only what was not taken yet; places are kept.
   * @default true
   */
  keepTaken?: boolean;
}

/** Line and column of segments appended without a place. */
const unplaced = -1;

/**
 * A segment's fields, one segment after another in one array: a plain array
 * grown by `push` up to `plainSegments` segments (most maps: a header value,
 * a part of a message), then a typed array of doubles (offsets of a stream
 * may pass 2^31), or of 32-bit integers for a `narrow` map, which holds a
 * long stream's segments in a half or a quarter of a plain array's memory.
 * (Typed arrays from the second segment on made 17,000 buffers off the
 * JavaScript heap, 69 MB, for 60 MB of mail, each slow to make.)
 */
const field = { t0: 0, s0: 1, s1: 2, l0: 3, c0: 4, l1: 5, c1: 6, linear: 7 } as const;
const stride = 8;
/** Released segments are moved out once at least this many, and a quarter of those in use, lie before the first kept one. */
const minCompacted = 64;
/** Segments held in a plain array; a map that needs more moves them to a typed array. */
const plainSegments = 256;

interface Region {
  bytes: Uint8Array;
  lines?: LineIndex;
}

// rule: source-positions
export class SourceMap {
  private readonly narrow: boolean;
  private readonly keepTaken: boolean;

  constructor(options: SourceMapOptions = {}) {
    this.narrow = options.narrow ?? false;
    this.keepTaken = options.keepTaken ?? true;
  }

  /**
   * The text is kept as the strings appended (joined when read), so that
   * appending and `take` cost what is appended, not what is held.
   */
  private pieces: string[] = [];
  /** First piece held, and the unit it starts at. */
  private first = 0;
  private firstStart = 0;
  /** First piece not yet given by `take` (pieces before it are). */
  private takenPiece = 0;
  /** Units appended. */
  private units = 0;
  /** Units forgotten by `release`: `text` starts at this unit. */
  private released = 0;
  /** Units given by `take`. */
  private taken = 0;
  /** First segment held (those before it were released). */
  private head = 0;
  /** Atom segments appended. */
  private atoms = 0;
  /** Segments in use: the array is kept for reuse beyond it. */
  private count = 0;
  /** Segments: `stride` numbers each, see `field`; kept beyond `count` for reuse. */
  private segments: number[] | Float64Array | Int32Array = [];
  /** Region segments by index, with their bytes and, once asked for, their lines. */
  private regions: Map<number, Region> | undefined;
  /** Index of the last region segment (a copy never merges into a region). */
  private lastRegion = -1;

  /** The text (from unit `released` on: all of it unless `release` was called). */
  get text(): string {
    const { pieces, first } = this;
    const n = pieces.length - first;
    if (n === 0) return '';
    let all = pieces[first] as string;
    for (let i = first + 1; i < pieces.length; i++) all += pieces[i] as string;
    if (n > 1 && (this.takenPiece === first || this.taken === this.units)) {
      // held as one piece from now on; `take` still starts at a piece
      this.pieces = [all];
      this.takenPiece = this.taken === this.units ? 1 : 0;
      this.first = 0;
    }
    return this.released > this.firstStart ? all.slice(this.released - this.firstStart) : all;
  }

  /** Units mapped so far (the length of `text` when nothing was released). */
  get length(): number {
    return this.units;
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
    return this.head < this.count ? this.get(this.head, field.s0) : undefined;
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
    const at = n * stride;
    const segments = this.segments;
    if (
      n >= 0 &&
      segments[at + field.linear] === 1 &&
      segments[at + field.s1] === offset &&
      segments[at + field.l0] === line &&
      segments[at + field.l1] === line &&
      segments[at + field.c1] === column &&
      n !== this.lastRegion
    ) {
      segments[at + field.s1] = offset + units;
      segments[at + field.c1] = columnEnd;
    } else {
      this.addSegment(true, offset, offset + units, line, column, line, columnEnd);
    }
    this.append(text);
  }

  /** Append `text`, all of whose units stand for source `[start, end)` as a whole. */
  atom(text: string, start: number, end: number): void {
    if (text.length === 0) return;
    this.addSegment(false, start, end, unplaced, unplaced, unplaced, unplaced);
    this.atoms++;
    this.append(text);
  }

  /** `atom` with places: all units of `text` stand for the source from `start` to `end`. */
  atomAt(text: string, start: SourcePlace, end: SourcePlace): void {
    this.atomBetween(text, start.offset, start.line, start.column, end.offset, end.line, end.column);
  }

  /** `atomAt` with each place's offset, line and column given apart (no objects for a decoder making one atom a character). */
  atomBetween(text: string, startOffset: number, startLine: number, startColumn: number, endOffset: number, endLine: number, endColumn: number): void {
    if (text.length === 0) return;
    this.addSegment(false, startOffset, endOffset, startLine, startColumn, endLine, endColumn);
    this.atoms++;
    this.append(text);
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
    (this.regions ??= new Map()).set(this.lastRegion, { bytes });
    this.append(text);
  }

  /** The text appended since the last `take` (all of it the first time). */
  take(): string {
    const { pieces } = this;
    const from = this.takenPiece;
    this.taken = this.units;
    const n = pieces.length - from;
    if (n <= 0) return '';
    let text: string;
    if (n === 1) text = pieces[from] as string;
    else {
      // joined once, flat: the scanner reads it unit by unit
      text = pieces.slice(from).join('');
      pieces.length = from;
      pieces.push(text);
    }
    this.takenPiece = pieces.length;
    if (!this.keepTaken) {
      // nothing asks for taken text again: only places, which segments keep
      pieces.length = 0;
      this.first = 0;
      this.firstStart = this.units;
      this.takenPiece = 0;
    }
    return text;
  }

  /**
   * Forget the text and the segments before unit `unit` (not past what was
   * taken): nothing before it will be asked for. A copy holding the unit is
   * cut there (a text of copies only is one segment); an atom or a region
   * is kept whole. What is held follows what is still asked for, and each
   * segment is moved a bounded number of times.
   */
  release(unit: number): void {
    const at = Math.min(unit, this.taken);
    const keep = countAtOrBelow(this.segments, at, this.count, stride) - 1;
    if (keep < this.head) return;
    const first = this.get(keep, field.t0);
    const base = keep * stride;
    if (this.segments[base + field.linear] === 1 && at > first && this.regions?.has(keep) !== true) {
      const cut = at - first;
      const segments = this.segments;
      segments[base + field.t0] = at;
      segments[base + field.s0] = (segments[base + field.s0] as number) + cut;
      const column = segments[base + field.c0] as number;
      if (column !== unplaced) segments[base + field.c0] = column + cut;
    } else if (keep === this.head) {
      return;
    }
    this.head = keep;
    this.releaseText(this.get(keep, field.t0));
    if (this.head >= minCompacted && this.head * 4 >= this.count) this.compact();
  }

  /** Empty the map for reuse. */
  reset(): void {
    this.pieces = [];
    this.first = 0;
    this.firstStart = 0;
    this.takenPiece = 0;
    this.units = 0;
    this.released = 0;
    this.taken = 0;
    this.head = 0;
    this.atoms = 0;
    this.count = 0;
    if (this.regions !== undefined && this.regions.size > 0) this.regions.clear();
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
    const at = this.segmentAt(unit) * stride;
    const segments = this.segments;
    return segments[at + field.linear] === 1
      ? (segments[at + field.s0] as number) + (unit - (segments[at + field.t0] as number))
      : (segments[at + field.s0] as number);
  }

  /** Source offset (exclusive) where text ending (exclusive) at `unit` ends. */
  end(unit: number): number {
    const at = Math.min(unit, this.length);
    if (this.count === 0 || at <= this.get(this.head, field.t0)) return this.start(at);
    const s = this.segmentAt(at - 1) * stride;
    const segments = this.segments;
    return segments[s + field.linear] === 1
      ? (segments[s + field.s0] as number) + (at - (segments[s + field.t0] as number))
      : (segments[s + field.s1] as number);
  }

  /** `start(unit)` as a place: offset, line and column (for segments appended with places). */
  startPlace(unit: number): SourcePlace {
    if (this.count === 0) return { offset: 0, line: 0, column: 1 };
    if (unit >= this.length) return this.endPlace(this.length);
    return this.placeIn(this.segmentAt(unit), unit, false);
  }

  /** `end(unit)` as a place. */
  endPlace(unit: number): SourcePlace {
    const at = Math.min(unit, this.length);
    if (this.count === 0 || at <= this.get(this.head, field.t0)) return this.startPlace(at);
    return this.placeIn(this.segmentAt(at - 1), at, true);
  }

  /**
   * The place of text unit `unit` in segment `s`: in a linear segment, its
   * distance from the segment's start; an atom has only its two ends (the
   * end when `atEnd`).
   */
  private placeIn(s: number, unit: number, atEnd: boolean): SourcePlace {
    const at = s * stride;
    const segments = this.segments;
    if (segments[at + field.linear] !== 1) {
      return atEnd
        ? { offset: segments[at + field.s1] as number, line: segments[at + field.l1] as number, column: segments[at + field.c1] as number }
        : { offset: segments[at + field.s0] as number, line: segments[at + field.l0] as number, column: segments[at + field.c0] as number };
    }
    const delta = unit - (segments[at + field.t0] as number);
    const offset = (segments[at + field.s0] as number) + delta;
    if (this.regions?.has(s) === true) return this.inRegion(s, offset);
    return { offset, line: segments[at + field.l0] as number, column: (segments[at + field.c0] as number) + delta };
  }

  /** Line and column of `offset` in region segment `s`. */
  private inRegion(s: number, offset: number): SourcePlace {
    const region = this.regions?.get(s) as Region;
    const s0 = this.get(s, field.s0);
    region.lines ??= LineIndex.ofBytes(region.bytes, s0, this.get(s, field.s1));
    const index = region.lines.lineOf(offset);
    const column = index === 0 ? this.get(s, field.c0) + (offset - s0) : offset - region.lines.lineStart(index) + 1;
    return { offset, line: this.get(s, field.l0) + index, column };
  }

  private get(segment: number, name: number): number {
    return this.segments[segment * stride + name] as number;
  }

  private append(text: string): void {
    this.pieces.push(text);
    this.units += text.length;
  }

  /** Forget the pieces of text wholly before unit `from` (only pieces already taken). */
  private releaseText(from: number): void {
    this.released = Math.max(this.released, from);
    const { pieces } = this;
    while (this.first < this.takenPiece && this.firstStart + (pieces[this.first] as string).length <= this.released) {
      this.firstStart += (pieces[this.first] as string).length;
      pieces[this.first] = '';
      this.first++;
    }
    if (this.first >= minCompacted && this.first * 2 >= pieces.length) {
      pieces.splice(0, this.first);
      this.takenPiece -= this.first;
      this.first = 0;
    }
  }

  /** Move the segments held to the front of the array. */
  private compact(): void {
    const head = this.head;
    const segments = this.segments;
    const from = head * stride;
    const to = this.count * stride;
    if (Array.isArray(segments)) {
      // a loop: `copyWithin` on a plain array is a generic builtin, many times slower
      for (let i = from; i < to; i++) segments[i - from] = segments[i] as number;
    } else {
      segments.copyWithin(0, from, to);
    }
    this.count -= head;
    this.head = 0;
    if (this.regions !== undefined && this.regions.size > 0) {
      const moved = new Map<number, Region>();
      for (const [index, region] of this.regions) if (index >= head) moved.set(index - head, region);
      this.regions = moved;
    }
    this.lastRegion = this.lastRegion >= head ? this.lastRegion - head : -1;
  }

  private addSegment(linear: boolean, s0: number, s1: number, l0: number, c0: number, l1: number, c1: number): void {
    if (this.count * stride === this.segments.length && this.head >= minCompacted) this.compact();
    const n = this.count++;
    let at = n * stride;
    let segments = this.segments;
    if (at === segments.length) {
      if (Array.isArray(segments) && n < plainSegments) {
        segments.push(this.units, s0, s1, l0, c0, l1, c1, linear ? 1 : 0);
        return;
      }
      const size = 2 * n * stride;
      const grown = this.narrow ? new Int32Array(size) : new Float64Array(size);
      for (let i = 0; i < at; i++) grown[i] = segments[i] as number;
      this.segments = segments = grown;
    }
    // a slot kept from before a `reset` or `compact`, or made room for
    segments[at++] = this.units;
    segments[at++] = s0;
    segments[at++] = s1;
    segments[at++] = l0;
    segments[at++] = c0;
    segments[at++] = l1;
    segments[at++] = c1;
    segments[at] = linear ? 1 : 0;
  }

  /** Index of the segment holding `unit` (the last one past the end, the first held before the start); the map is not empty. */
  private segmentAt(unit: number): number {
    return Math.max(this.head, countAtOrBelow(this.segments, unit, this.count, stride) - 1);
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
