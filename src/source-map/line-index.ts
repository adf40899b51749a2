/**
 * Offsets to lines and columns: lines and columns 1-based, offsets 0-based.
 * A text index counts UTF-16 code units and ends a line at CR, LF or CRLF
 * (as unist does); a byte index (mail) ends a line at LF only, the CR before
 * it being part of the line.
 *
 * A text index is made whole (`ofText`) or fed chunk by chunk as a stream
 * goes by (`streaming`, `feed`, `finish`); a streaming index forgets the
 * lines before an offset nothing will ask for again (`release`), so its
 * memory follows what is pending, not the stream. The scanner, which sees
 * text chunk by chunk and only needs the line it is on, counts lines as it
 * goes instead (`scanner/line-counter.ts`).
 */
import { codes } from '../decode/character-codes.js';
import type { Point } from '../records/url-record.js';
import { countAtOrBelow } from './search.js';

const { lineFeed, carriageReturn } = codes;

/** Lines released at least this many at a time (a streaming index). */
const minReleased = 4096;

/**
 * An index made whole indexes its text this many units at a time at least,
 * as far as its points are asked for: a long document's URLs cost one
 * pass over it in all, and the lines after its last URL none.
 */
const lazyStep = 8 * 1024;

export class LineIndex {
  /** Offset after the last unit fed (the stream's length so far). */
  private fed = 0;
  /** The last chunk ended with CR: the next line starts after it, or after an LF that follows. */
  private pendingCr = false;
  /** Lines before `starts[0]`, forgotten by `release`. */
  private dropped = 0;
  /**
   * The text of an index made whole (`ofText`) while its lines are not all
   * indexed yet: they are indexed as far as asked for (a document's points
   * are asked for at its URLs, most of its lines come after the last).
   */
  private rest: string | undefined;
  /** Where the next CR of `rest` is at or after `fed` (-1: none), or -2 when not looked for yet. */
  private nextCr = -2;

  /**
   * @param starts Offsets where lines start, ascending; `starts[0]` is where the indexed range starts.
   * @param end Offset where the indexed range ends: offsets are clamped to `[starts[0], end]` (for a streaming index, `Infinity`).
   */
  private constructor(
    private starts: number[],
    readonly end: number,
  ) {}

  /** The lines of `text`: CR, LF and CRLF each end one. */
  static ofText(text: string): LineIndex {
    const index = new LineIndex([0], text.length);
    if (text.length > 0) index.rest = text;
    return index;
  }

  /** An index of text fed chunk by chunk (`feed`, then `finish` at the end). */
  static streaming(): LineIndex {
    return new LineIndex([0], Number.POSITIVE_INFINITY);
  }

  /** The lines of `bytes[from, to)`: each LF ends one. */
  static ofBytes(bytes: Uint8Array, from: number, to: number): LineIndex {
    const starts = [from];
    for (let lf = bytes.indexOf(lineFeed, from); lf !== -1 && lf < to; lf = bytes.indexOf(lineFeed, lf + 1)) {
      starts.push(lf + 1);
    }
    return new LineIndex(starts, to);
  }

  /** Index the next `chunk` of text: CR, LF and CRLF each end a line, a CRLF split between chunks too. */
  feed(chunk: string): void {
    // (an empty chunk says nothing about a CR pending before it)
    if (chunk.length === 0) return;
    const starts = this.starts;
    const base = this.fed;
    let from = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (chunk.charCodeAt(0) === lineFeed) from = 1;
      starts.push(base + from);
    }
    if (!chunk.includes('\r')) {
      for (let lf = chunk.indexOf('\n', from); lf !== -1; lf = chunk.indexOf('\n', lf + 1)) starts.push(base + lf + 1);
    } else {
      for (let i = from; i < chunk.length; i++) {
        const code = chunk.charCodeAt(i);
        if (code === lineFeed) {
          starts.push(base + i + 1);
        } else if (code === carriageReturn) {
          if (i + 1 === chunk.length) this.pendingCr = true;
          else if (chunk.charCodeAt(i + 1) !== lineFeed) starts.push(base + i + 1);
        }
      }
    }
    this.fed = base + chunk.length;
  }

  /**
   * An index made by `ofText`: index its text past `offset` (whole when
   * `offset` is at or past its end), a step of at least `lazyStep` units
   * at a time.
   */
  private indexPast(offset: number): void {
    const text = this.rest;
    if (text === undefined || offset < this.fed) return;
    const from = this.fed;
    const to = Math.min(text.length, Math.max(offset + 1, from + lazyStep));
    const starts = this.starts;
    let start = from;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(start) === lineFeed) start++;
      starts.push(start);
    }
    if (this.nextCr === -2 || (this.nextCr !== -1 && this.nextCr < start)) this.nextCr = text.indexOf('\r', start);
    if (this.nextCr === -1 || this.nextCr >= to) {
      for (let lf = text.indexOf('\n', start); lf !== -1 && lf < to; lf = text.indexOf('\n', lf + 1)) starts.push(lf + 1);
    } else {
      for (let i = start; i < to; i++) {
        const code = text.charCodeAt(i);
        if (code === lineFeed) {
          starts.push(i + 1);
        } else if (code === carriageReturn) {
          if (i + 1 === to) this.pendingCr = true;
          else if (text.charCodeAt(i + 1) !== lineFeed) starts.push(i + 1);
        }
      }
    }
    this.fed = to;
    if (to === text.length) {
      this.rest = undefined;
      this.finish();
    }
  }

  /** Index the whole text of an index made by `ofText`. */
  private indexAll(): void {
    if (this.rest !== undefined) this.indexPast(this.rest.length);
  }

  /** The end of the text: a CR it ends with ends its line. */
  finish(): void {
    if (this.pendingCr) this.starts.push(this.fed);
    this.pendingCr = false;
  }

  /** Forget the lines that end at or before `offset`: nothing before it will be asked for again. */
  release(offset: number): void {
    this.indexPast(offset);
    const before = countAtOrBelow(this.starts, offset) - 1;
    if (before >= minReleased && before * 2 > this.starts.length) {
      this.starts = this.starts.slice(before);
      this.dropped += before;
    }
  }

  /** Number of lines (a range ending with a line break has an empty last line). */
  get lineCount(): number {
    this.indexAll();
    return this.dropped + this.starts.length;
  }

  /** 0-based index of the line holding `offset`. */
  lineOf(offset: number): number {
    if (this.rest !== undefined && offset >= this.fed) this.indexPast(offset);
    return this.dropped + Math.max(0, countAtOrBelow(this.starts, offset) - 1);
  }

  /** Offset where line `index` (0-based) starts. */
  lineStart(index: number): number {
    while (this.rest !== undefined && index - this.dropped >= this.starts.length) this.indexPast(this.fed);
    return this.starts[index - this.dropped] as number;
  }

  /** The point at `offset`, clamped to the indexed range. */
  point(offset: number): Point {
    const at = Math.max(this.starts[0] as number, Math.min(offset, this.end));
    // (asked at every node and URL: the call only when the index must go on)
    if (this.rest !== undefined && at >= this.fed) this.indexPast(at);
    const index = countAtOrBelow(this.starts, at) - 1;
    return { line: this.dropped + index + 1, column: at - (this.starts[index] as number) + 1, offset: at };
  }
}
