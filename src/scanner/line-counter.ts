/**
 * Turns absolute offsets into `{line, column, offset}` as unist does: lines
 * and columns 1-based, offsets 0-based, counted in UTF-16 code units. CR, LF
 * and CRLF each end a line. Offsets must be asked for in increasing order;
 * the counter walks the text once.
 */
import type { Point } from '../url-record.js';
import { NextIndex } from './next-index.js';
import { codes } from './character-codes.js';

export class LineCounter {
  private line = 1;
  private lineStart = 0;
  /** Absolute offset up to which breaks have been counted. */
  private at = 0;
  private readonly lineFeeds = new NextIndex('\n');
  private readonly carriageReturns = new NextIndex('\r');

  /**
   * Count the line breaks before absolute offset `to`. A CR that is the last
   * character of a buffer not yet final is left for later: it may be half of
   * a CRLF.
   */
  advance(buffer: string, base: number, to: number, final: boolean): void {
    let end = to;
    const bufferEnd = base + buffer.length;
    if (!final && end >= bufferEnd && buffer.charCodeAt(buffer.length - 1) === codes.carriageReturn) {
      end = bufferEnd - 1;
    }
    if (end <= this.at) return;
    let lastBreakEnd = -1;
    for (let i = this.lineFeeds.get(buffer, base, this.at); i !== -1 && i < end; i = this.lineFeeds.get(buffer, base, i + 1)) {
      this.line++;
      lastBreakEnd = i + 1;
    }
    for (
      let i = this.carriageReturns.get(buffer, base, this.at);
      i !== -1 && i < end;
      i = this.carriageReturns.get(buffer, base, i + 1)
    ) {
      if (buffer.charCodeAt(i + 1 - base) !== codes.lineFeed) {
        this.line++;
        if (i + 1 > lastBreakEnd) lastBreakEnd = i + 1;
      }
    }
    if (lastBreakEnd !== -1) this.lineStart = lastBreakEnd;
    this.at = end;
  }

  /** The point at absolute offset `offset` (which must not be before the last one asked). */
  point(buffer: string, base: number, offset: number): Point {
    this.advance(buffer, base, offset, true);
    return { line: this.line, column: offset - this.lineStart + 1, offset };
  }
}
