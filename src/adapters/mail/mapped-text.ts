/**
 * Decoded text whose UTF-16 code units map back to the raw message: byte
 * offset, line and column in the message as stored.
 *
 * The map is a list of segments. A *linear* segment maps unit `i` to byte
 * `b0 + i` and column `c0 + i` on one line (plain ASCII, the common case).
 * An *atomic* segment maps all its units to one source span: `=3D` in
 * quoted-printable (1 unit from 3 bytes), `é` in UTF-8 (1 unit from 2
 * bytes), or a whole base64 part. A URL starting inside an atomic segment
 * starts at the segment's start; one ending inside it ends at its end. A
 * *region* is linear over several lines (a plain ASCII body): lines and
 * columns are found from its bytes when asked, so reading a body costs no
 * per-line bookkeeping.
 *
 * ```
 *  source  h t t p : / / a = 3 D b
 *  text    h t t p : / / a   =   b
 *          └──linear───────┘└atom┘└lin┘
 * ```
 */
import { codes } from '../../character-codes.js';

/** A place in the raw message: byte offset, 0-based line index, 1-based column. */
export interface SourcePlace {
  byte: number;
  line: number;
  column: number;
}

export class MappedText {
  private readonly chunks: string[] = [];
  private joined: string | undefined;
  /** Units appended so far. */
  length = 0;
  // Segments, struct-of-arrays: text start/end, bytes, lines, columns.
  private readonly t0: number[] = [];
  private readonly t1: number[] = [];
  private readonly b0: number[] = [];
  private readonly b1: number[] = [];
  private readonly l0: number[] = [];
  private readonly l1: number[] = [];
  private readonly c0: number[] = [];
  private readonly c1: number[] = [];
  private readonly linear: boolean[] = [];
  /** Region segments by index, with the line starts found in them (lazily). */
  private readonly regions = new Map<number, { bytes: Uint8Array; lineStarts?: number[] }>();

  /** The text. */
  toString(): string {
    if (this.joined === undefined) {
      this.joined = this.chunks.join('');
      this.chunks.length = 0;
      this.chunks.push(this.joined);
    }
    return this.joined;
  }

  /** Append `text` whose unit `i` came from byte `byte + i`, column `column + i` of `line`. */
  appendLinear(text: string, byte: number, line: number, column: number): void {
    if (text.length === 0) return;
    const n = this.t0.length - 1;
    if (
      n >= 0 &&
      this.linear[n] &&
      this.t1[n] === this.length &&
      this.b1[n] === byte &&
      this.l0[n] === line &&
      this.c1[n] === column
    ) {
      this.t1[n] = this.length + text.length;
      this.b1[n] = byte + text.length;
      this.c1[n] = column + text.length;
    } else {
      this.push(true, text.length, byte, byte + text.length, line, column, line, column + text.length);
    }
    this.add(text);
  }

  /** Append `text`, all of whose units came from the source span given. */
  appendAtomic(
    text: string,
    start: SourcePlace,
    end: SourcePlace,
  ): void {
    if (text.length === 0) return;
    this.push(false, text.length, start.byte, end.byte, start.line, start.column, end.line, end.column);
    this.add(text);
  }

  /**
   * Append `text` whose unit `i` came from byte `byte + i` of `bytes`, over
   * any number of lines (no byte above 0x7F, one byte per unit); the first
   * line starts at `column`.
   */
  appendRegion(text: string, bytes: Uint8Array, byte: number, line: number, column: number): void {
    if (text.length === 0) return;
    this.push(true, text.length, byte, byte + text.length, line, column, line, column + text.length);
    this.regions.set(this.t0.length - 1, { bytes });
    this.add(text);
  }

  /** Where the unit at `unit` starts in the source. */
  start(unit: number): SourcePlace {
    const s = this.find(unit);
    if (this.regions.has(s)) return this.inRegion(s, this.b0[s]! + (unit - this.t0[s]!));
    const linear = this.linear[s]!;
    const delta = linear ? unit - this.t0[s]! : 0;
    return { byte: this.b0[s]! + delta, line: this.l0[s]!, column: this.c0[s]! + delta };
  }

  /** Where the text ending (exclusive) at `unit` ends in the source. */
  end(unit: number): SourcePlace {
    const s = this.find(Math.max(0, unit - 1));
    if (this.regions.has(s)) return this.inRegion(s, this.b0[s]! + (Math.max(unit, this.t0[s]! + 1) - this.t0[s]!));
    if (this.linear[s]) {
      const delta = this.t1[s]! - Math.max(unit, this.t0[s]! + 1);
      return { byte: this.b1[s]! - delta, line: this.l1[s]!, column: this.c1[s]! - delta };
    }
    return { byte: this.b1[s]!, line: this.l1[s]!, column: this.c1[s]! };
  }

  /** Line and column of `byte` in region segment `s`. */
  private inRegion(s: number, byte: number): SourcePlace {
    const region = this.regions.get(s)!;
    const b0 = this.b0[s]!;
    if (region.lineStarts === undefined) {
      const starts = [b0];
      for (let i = b0; i < this.b1[s]!; i++) if (region.bytes[i] === codes.lineFeed) starts.push(i + 1);
      region.lineStarts = starts;
    }
    const starts = region.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= byte) low = mid;
      else high = mid - 1;
    }
    const column = low === 0 ? this.c0[s]! + (byte - b0) : byte - starts[low]! + 1;
    return { byte, line: this.l0[s]! + low, column };
  }

  private push(
    linear: boolean,
    units: number,
    b0: number,
    b1: number,
    l0: number,
    c0: number,
    l1: number,
    c1: number,
  ): void {
    this.t0.push(this.length);
    this.t1.push(this.length + units);
    this.b0.push(b0);
    this.b1.push(b1);
    this.l0.push(l0);
    this.c0.push(c0);
    this.l1.push(l1);
    this.c1.push(c1);
    this.linear.push(linear);
  }

  private add(text: string): void {
    this.chunks.push(text);
    this.joined = undefined;
    this.length += text.length;
  }

  /** Index of the segment holding `unit` (the last one for units past the end). */
  private find(unit: number): number {
    let low = 0;
    let high = this.t0.length - 1;
    if (high < 0) throw new RangeError('Empty mapped text');
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.t0[mid]! <= unit) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
