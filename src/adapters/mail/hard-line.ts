/**
 * One hard line of decoded bytes, each with the source bytes it came from,
 * charset-decoded into a mapped text: shared by the 7bit/8bit and the
 * quoted-printable decoders.
 */
import { asciiTransparent, decodeBytes, streamDecoder } from '../../decode/charset.js';
import { isUtf8 } from '../../decode/eight-bit.js';
import type { SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';

/** Is `text` exactly `bytes` read as ISO-8859-1 (so one unit per byte)? */
export function isIdentity(text: string, bytes: Uint8Array): boolean {
  if (text.length !== bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[i]) return false;
  return true;
}

/** Is `encoding` UTF-8 (whose units follow the sequences its lead bytes announce)? */
export function isUtf8Name(encoding: string): boolean {
  return /^utf-?8$/i.test(encoding);
}

const noBytes = new Uint8Array(0);
/** Hard lines kept for reuse (more are in use only while parts are read side by side). */
const maxSpareLines = 4;
/** Bytes a spare hard line may hold room for. */
const maxSpareUnits = 1 << 16;
const noNumbers = new Int32Array(0);

/**
 * Decoded bytes of one hard line, each with the source bytes it came from,
 * kept in typed arrays that grow and are reused (no object per byte).
 * `flush` charset-decodes them and appends to a mapped text: runs of bytes
 * that map one to one onto consecutive source bytes of one line become one
 * linear segment; any other unit (an escape, a multi-byte character) gets
 * the span of the bytes that made it. Where the charset does not say how
 * many bytes make a unit, the decoder is fed one byte at a time.
 */
export class HardLine {
  /** Lines not in use, for the next part: their arrays have grown already. */
  private static readonly spare: HardLine[] = [];

  /** A hard line to decode a part with, empty; `giveBack` it when the part is done. */
  static acquire(): HardLine {
    return HardLine.spare.pop() ?? new HardLine();
  }

  static giveBack(line: HardLine): void {
    line.n = 0;
    // one that grew for a very long line is left to the collector
    if (HardLine.spare.length < maxSpareLines && line.data.length <= maxSpareUnits) HardLine.spare.push(line);
  }

  private n = 0;
  // made on the first push: most parts are plain ASCII and never need them
  private data = noBytes;
  private byte = noNumbers;
  private span = noNumbers;
  private line = noNumbers;
  private column = noNumbers;
  private columnSpan = noNumbers;

  get empty(): boolean {
    return this.n === 0;
  }

  push(value: number, byte: number, span: number, line: number, column: number, columnSpan = span): void {
    if (this.n === this.data.length) this.grow();
    const k = this.n++;
    this.data[k] = value;
    this.byte[k] = byte;
    this.span[k] = span;
    this.line[k] = line;
    this.column[k] = column;
    this.columnSpan[k] = columnSpan;
  }

  /** Forget the bytes pushed for `line` (the fallback path redoes them). */
  dropLine(line: number): void {
    while (this.n > 0 && this.line[this.n - 1] === line) this.n--;
  }

  /**
   * Append to `out`. Columns are the source columns (QP) unless
   * `unitColumn` is given: then they count decoded units from it (8bit).
   */
  flush(out: SourceMap, encoding: string, unitColumn?: number): void {
    const n = this.n;
    if (n === 0) return;
    this.n = 0;
    const bytes = this.data.subarray(0, n);
    const whole = decodeBytes(bytes, encoding);
    const utf8 = isUtf8Name(encoding);
    if (whole.length === n && (isIdentity(whole, bytes) || (!utf8 && asciiTransparent(encoding)))) {
      // One unit per byte: ASCII, or a single-byte charset.
      this.emitRuns(out, whole, 0, n, 0, unitColumn);
    } else if (utf8 && isUtf8(bytes)) {
      // Valid UTF-8: the library's units follow the sequences the lead bytes announce.
      let unit = 0;
      let column = unitColumn;
      for (let k = 0; k < n; ) {
        let ascii = k;
        while (ascii < n && bytes[ascii]! < codes.asciiEnd) ascii++;
        if (ascii > k) {
          this.emitRuns(out, whole, k, ascii, unit, column);
          if (column !== undefined) column += ascii - k;
          unit += ascii - k;
          k = ascii;
          continue;
        }
        const lead = bytes[k]!;
        const length = lead < codes.utf8ThreeByteLead ? 2 : lead < codes.utf8FourByteLead ? 3 : 4;
        const units = length === 4 ? 2 : 1;
        this.emit(out, whole.slice(unit, unit + units), k, k + length - 1, column);
        if (column !== undefined) column += units;
        unit += units;
        k += length;
      }
    } else {
      const decoder = streamDecoder(encoding);
      let column = unitColumn;
      let first = 0;
      for (let k = 0; k < n; k++) {
        const units = decoder.write(bytes.subarray(k, k + 1));
        if (units.length === 0) continue;
        this.emit(out, units, first, k, column);
        if (column !== undefined) column += units.length;
        first = k + 1;
      }
      const tail = decoder.end();
      if (tail.length > 0) this.emit(out, tail, Math.min(first, n - 1), n - 1, column);
    }
  }

  /**
   * Bytes `from`…`to` made one unit each, units `unit`… of `whole`:
   * consecutive one-byte spans on one line go out as one linear segment.
   */
  private emitRuns(out: SourceMap, whole: string, from: number, to: number, unit: number, unitColumn: number | undefined): void {
    let column = unitColumn;
    for (let k = from; k < to; ) {
      const u = unit + (k - from);
      if (this.span[k] !== 1 || this.columnSpan[k] !== 1) {
        this.emit(out, whole[u]!, k, k, column);
        if (column !== undefined) column++;
        k++;
        continue;
      }
      let end = k + 1;
      while (
        end < to &&
        this.span[end] === 1 &&
        this.columnSpan[end] === 1 &&
        this.line[end] === this.line[k] &&
        this.byte[end] === this.byte[end - 1]! + 1 &&
        this.column[end] === this.column[end - 1]! + 1
      ) {
        end++;
      }
      out.copy(whole.slice(u, u + (end - k)), this.byte[k]!, this.line[k]!, column ?? this.column[k]!);
      if (column !== undefined) column += end - k;
      k = end;
    }
  }

  private emit(out: SourceMap, units: string, a: number, b: number, unitColumn: number | undefined): void {
    const byte = this.byte[a]!;
    const byteEnd = this.byte[b]! + this.span[b]!;
    const line = this.line[a]!;
    const column = unitColumn ?? this.column[a]!;
    const columnEnd = unitColumn === undefined ? this.column[b]! + this.columnSpan[b]! : unitColumn + units.length;
    if (units.length === 1 && byteEnd - byte === 1 && columnEnd - column === 1 && this.line[b] === line) {
      out.copy(units, byte, line, column);
    } else {
      out.atomBetween(units, byte, line, column, byteEnd, this.line[b]!, columnEnd);
    }
  }

  private grow(): void {
    const size = Math.max(256, this.data.length * 2);
    const grown = <T extends Uint8Array | Int32Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.data = grown(this.data, new Uint8Array(size));
    this.byte = grown(this.byte, new Int32Array(size));
    this.span = grown(this.span, new Int32Array(size));
    this.line = grown(this.line, new Int32Array(size));
    this.column = grown(this.column, new Int32Array(size));
    this.columnSpan = grown(this.columnSpan, new Int32Array(size));
  }
}
