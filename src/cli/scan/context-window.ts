/**
 * `--context N` on a stream: the decoded text is kept only as far back as a
 * record still to come can start, and a row leaves once the text after its
 * URL is there (or the input ended). So context costs a window of text, not
 * the whole input: a 200 MB file, or one line of a gigabyte, scans in bounded
 * memory.
 */
import { maxBareUrlLength } from '../../scanner/recognizers/recognition.js';
import type { CliRow } from '../output/cli-row.js';

/** Text kept behind the end of the decoded text: more than any record can reach back. */
const reachBack = 2 * maxBareUrlLength;

/** The context of `size` characters on each side of [from, to) in `text` (line breaks as spaces). */
export function contextOf(text: string, from: number, to: number, size: number): string {
  return text.slice(Math.max(0, from - size), to + size).replace(lineBreaks, ' ');
}

/** Line breaks, each shown as one space. */
const lineBreaks = /\r\n|[\r\n]/g;

/** A piece of decoded text as it came, and where it starts in the input. */
interface Piece {
  start: number;
  text: string;
}

export class ContextWindow {
  /**
   * The text kept, as the pieces it came in: a string grown by `+=` would be
   * a rope that every slice of it copies whole.
   */
  private pieces: Piece[] = [];
  private decodedEnd = 0;
  private waiting: CliRow[] = [];

  constructor(private readonly size: number) {}

  /** More decoded text, in order. */
  addText(text: string): void {
    this.pieces.push({ start: this.decodedEnd, text });
    this.decodedEnd += text.length;
    this.trim();
  }

  /** Rows found so far; returns those whose context is complete, in order. */
  take(rows: readonly CliRow[]): CliRow[] {
    for (const row of rows) this.waiting.push(row);
    let ready = 0;
    while (ready < this.waiting.length && (this.waiting[ready] as CliRow).record.end.offset + this.size <= this.decodedEnd) ready++;
    const out = this.finish(ready);
    this.trim();
    return out;
  }

  /** The input ended: every row waiting, with what context there is. */
  end(): CliRow[] {
    return this.finish(this.waiting.length);
  }

  /** The text kept between offsets `from` and `to`. */
  private slice(from: number, to: number): string {
    let text = '';
    for (const piece of this.pieces) {
      const pieceEnd = piece.start + piece.text.length;
      if (pieceEnd <= from) continue;
      if (piece.start >= to) break;
      text += piece.text.slice(Math.max(0, from - piece.start), Math.min(piece.text.length, to - piece.start));
    }
    return text;
  }

  private finish(count: number): CliRow[] {
    const out = this.waiting.splice(0, count);
    for (const row of out) {
      const { start, end } = row.record;
      row.context = this.slice(start.offset - this.size, end.offset + this.size).replace(lineBreaks, ' ');
    }
    return out;
  }

  /** Drop the pieces no row to come can reach. */
  private trim(): void {
    let keepFrom = this.decodedEnd - reachBack - this.size;
    const first = this.waiting[0];
    if (first !== undefined) keepFrom = Math.min(keepFrom, first.record.start.offset - this.size);
    let drop = 0;
    while (drop < this.pieces.length - 1) {
      const piece = this.pieces[drop] as Piece;
      if (piece.start + piece.text.length > keepFrom) break;
      drop++;
    }
    if (drop > 0) this.pieces.splice(0, drop);
  }
}
