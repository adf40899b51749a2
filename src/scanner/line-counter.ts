/**
 * Turns absolute offsets into `{line, column, offset}` as unist does: lines
 * and columns 1-based, offsets 0-based, counted in UTF-16 code units. CR, LF
 * and CRLF each end a line. Offsets must be asked for in increasing order;
 * the counter walks the text once, jumping from break to break with
 * `indexOf`.
 */
import type { Point } from '../records/url-record.js';
import { codes } from '../decode/character-codes.js';

/** No occurrence in the text searched so far. */
const none = Number.POSITIVE_INFINITY;

export class LineCounter {
  private line = 1;
  private lineStart = 0;
  /** Absolute offset up to which breaks have been counted. */
  private at = 0;
  /**
   * Absolute offset of the next LF at or after `at`, or `none` before
   * `lfSearchedTo` (nothing searched yet: `none` before 0). `none` from the
   * start, not -1: a field that first holds a small integer and later
   * `none` (a double) changes the object's layout, and V8 throws away the
   * optimized code that read the old one.
   */
  private nextLf = none;
  private lfSearchedTo = 0;
  private nextCr = none;
  private crSearchedTo = 0;

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
    const stop = end - base;
    let lastBreakEnd = -1;
    // LF: one indexOf per line
    let lf = this.nextLf;
    if (lf < this.at || (lf === none && this.lfSearchedTo < bufferEnd)) {
      lf = find(buffer, base, '\n', lf === none ? Math.max(this.at, this.lfSearchedTo) : this.at);
    }
    if (lf < end) {
      let index = lf - base;
      let count = 0;
      let last = index;
      while (index !== -1 && index < stop) {
        count++;
        last = index;
        index = buffer.indexOf('\n', index + 1);
      }
      this.line += count;
      lastBreakEnd = last + base + 1;
      lf = index === -1 ? none : index + base;
    }
    this.nextLf = lf;
    this.lfSearchedTo = bufferEnd;
    // CR: only a CR not followed by LF ends a line
    let cr = this.nextCr;
    if (cr < this.at || (cr === none && this.crSearchedTo < bufferEnd)) {
      cr = find(buffer, base, '\r', cr === none ? Math.max(this.at, this.crSearchedTo) : this.at);
    }
    while (cr < end) {
      if (buffer.charCodeAt(cr + 1 - base) !== codes.lineFeed) {
        this.line++;
        if (cr + 1 > lastBreakEnd) lastBreakEnd = cr + 1;
      }
      cr = find(buffer, base, '\r', cr + 1);
    }
    this.nextCr = cr;
    this.crSearchedTo = bufferEnd;
    if (lastBreakEnd !== -1) this.lineStart = lastBreakEnd;
    this.at = end;
  }

  /** The point at absolute offset `offset` (which must not be before the last one asked). */
  point(buffer: string, base: number, offset: number): Point {
    this.advance(buffer, base, offset, true);
    return { line: this.line, column: offset - this.lineStart + 1, offset };
  }
}

function find(buffer: string, base: number, needle: string, from: number): number {
  const index = buffer.indexOf(needle, from - base);
  return index === -1 ? none : index + base;
}
