/**
 * Offsets in the Markdown source to `{line, column, offset}`, counted as
 * unist does: lines and columns 1-based, offsets 0-based, UTF-16 code units;
 * CR, LF and CRLF each end a line.
 */
import type { Point } from '../../url-record.js';

export class LineIndex {
  /** Offsets where lines start; `lineStarts[0]` is 0. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) {
      const code = source.charCodeAt(i);
      if (code === 10) {
        this.lineStarts.push(i + 1);
      } else if (code === 13) {
        if (source.charCodeAt(i + 1) === 10) i++;
        this.lineStarts.push(i + 1);
      }
    }
  }

  /** The point at `offset` (clamped to the source). */
  point(offset: number): Point {
    const at = Math.max(0, Math.min(offset, this.source.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: at - (this.lineStarts[low] as number) + 1, offset: at };
  }
}
