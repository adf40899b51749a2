/**
 * Source offsets to `{line, column, offset}` while the source streams by:
 * chunks are fed in order, the starts of their lines are kept from the
 * oldest offset that may still be asked for (`release`), so memory follows
 * what is pending, not the file. CR, LF and CRLF each end a line, as unist
 * counts them; a CR at the end of a chunk waits for the next one.
 */
import { codes } from '../../character-codes.js';
import type { Point } from '../../url-record.js';

export class LineTracker {
  /** Absolute offsets of the line starts held; `starts[head]` is line `firstLine`. */
  private starts: number[] = [0];
  private head = 0;
  private firstLine = 1;
  /** Offset of the next chunk. */
  private fed = 0;
  /** The last chunk ended with CR: its line start is known once the next character is. */
  private pendingCr = false;

  feed(chunk: string): void {
    const base = this.fed;
    let from = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      // CR LF split between chunks: the line starts after the LF
      this.starts.push(chunk.charCodeAt(0) === codes.lineFeed ? base + 1 : base);
      if (chunk.charCodeAt(0) === codes.lineFeed) from = 1;
    }
    const hasCr = chunk.includes('\r');
    if (!hasCr) {
      for (let lf = chunk.indexOf('\n', from); lf !== -1; lf = chunk.indexOf('\n', lf + 1)) this.starts.push(base + lf + 1);
    } else {
      for (let index = from; index < chunk.length; index++) {
        const code = chunk.charCodeAt(index);
        if (code === codes.lineFeed) this.starts.push(base + index + 1);
        else if (code === codes.carriageReturn) {
          if (index + 1 === chunk.length) this.pendingCr = true;
          else if (chunk.charCodeAt(index + 1) !== codes.lineFeed) this.starts.push(base + index + 1);
        }
      }
    }
    this.fed += chunk.length;
  }

  /** The end of input: a last CR ends its line. */
  end(): void {
    if (this.pendingCr) this.starts.push(this.fed);
    this.pendingCr = false;
  }

  /** The point of absolute `offset` (not before the last `release`). */
  point(offset: number): Point {
    let low = this.head;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    const lineStart = this.starts[low] as number;
    return { line: this.firstLine + low - this.head, column: offset - lineStart + 1, offset };
  }

  /** Nothing before `offset` will be asked for again. */
  release(offset: number): void {
    while (this.head + 1 < this.starts.length && (this.starts[this.head + 1] as number) <= offset) {
      this.head++;
      this.firstLine++;
    }
    if (this.head > 4096 && this.head * 2 > this.starts.length) {
      this.starts = this.starts.slice(this.head);
      this.head = 0;
    }
  }
}
