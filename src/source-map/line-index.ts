/**
 * Offsets to lines and columns, for text held whole: lines and columns
 * 1-based, offsets 0-based. A text index counts UTF-16 code units and ends a
 * line at CR, LF or CRLF (as unist does); a byte index (mail) ends a line at
 * LF only, the CR before it being part of the line. The scanner, which sees
 * text chunk by chunk, counts lines as it goes instead
 * (`scanner/line-counter.ts`).
 */
import { codes } from '../character-codes.js';
import type { Point } from '../url-record.js';
import { countAtOrBelow } from './search.js';

const { lineFeed, carriageReturn } = codes;

export class LineIndex {
  /**
   * @param starts Offsets where lines start, ascending; `starts[0]` is where the indexed range starts.
   * @param end Offset where the indexed range ends: offsets are clamped to `[starts[0], end]`.
   */
  private constructor(
    private readonly starts: readonly number[],
    readonly end: number,
  ) {}

  /** The lines of `text`: CR, LF and CRLF each end one. */
  static ofText(text: string): LineIndex {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === lineFeed) {
        starts.push(i + 1);
      } else if (code === carriageReturn) {
        if (text.charCodeAt(i + 1) === lineFeed) i++;
        starts.push(i + 1);
      }
    }
    return new LineIndex(starts, text.length);
  }

  /** The lines of `bytes[from, to)`: each LF ends one. */
  static ofBytes(bytes: Uint8Array, from: number, to: number): LineIndex {
    const starts = [from];
    for (let lf = bytes.indexOf(lineFeed, from); lf !== -1 && lf < to; lf = bytes.indexOf(lineFeed, lf + 1)) {
      starts.push(lf + 1);
    }
    return new LineIndex(starts, to);
  }

  /** Number of lines (a range ending with a line break has an empty last line). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** 0-based index of the line holding `offset`. */
  lineOf(offset: number): number {
    return Math.max(0, countAtOrBelow(this.starts, offset) - 1);
  }

  /** Offset where line `index` (0-based) starts. */
  lineStart(index: number): number {
    return this.starts[index] as number;
  }

  /** The point at `offset`, clamped to the indexed range. */
  point(offset: number): Point {
    const at = Math.max(this.starts[0] as number, Math.min(offset, this.end));
    const index = this.lineOf(at);
    return { line: index + 1, column: at - (this.starts[index] as number) + 1, offset: at };
  }
}
