/**
 * Decoded text built piece by piece, each piece remembering where it came
 * from in the source: a copy (the same characters) or an atom (a character
 * reference such as `&amp;`, decoded to one or two code units). Offsets in
 * the decoded text map back to source offsets; an offset inside an atom maps
 * to the atom's start (for a start) or end (for an end).
 *
 * For a long run the pieces before `release(offset)` are dropped, so memory
 * follows the part still being scanned, not the run.
 */

export class MappedRun {
  /** Decoded text not yet taken. */
  private parts: string[] = [];
  /** Decoded length so far, from the start of the run. */
  length = 0;
  // segments, parallel arrays: decoded start, source start, source end, copy?
  private decoded: number[] = [];
  private sourceFrom: number[] = [];
  private sourceTo: number[] = [];
  private copy: boolean[] = [];
  /** First segment still held. */
  private head = 0;

  /** Append `text`, a copy of the source at `[from, from + text.length)`. */
  appendCopy(text: string, from: number): void {
    if (text.length === 0) return;
    const last = this.decoded.length - 1;
    if (last >= this.head && this.copy[last] && this.sourceTo[last] === from) {
      this.sourceTo[last] = from + text.length;
    } else {
      this.push(from, from + text.length, true);
    }
    this.parts.push(text);
    this.length += text.length;
  }

  /** Append `text`, decoded from the source at `[from, to)`. */
  appendAtom(text: string, from: number, to: number): void {
    if (text.length === 0) return;
    this.push(from, to, false);
    this.parts.push(text);
    this.length += text.length;
  }

  private push(from: number, to: number, copy: boolean): void {
    this.decoded.push(this.length);
    this.sourceFrom.push(from);
    this.sourceTo.push(to);
    this.copy.push(copy);
  }

  /** The decoded text not yet taken (joined and kept as one part). */
  text(): string {
    const joined = this.parts.join('');
    this.parts = [joined];
    return joined;
  }

  /** The decoded text appended since the last `take()`, for a streaming scanner. */
  take(): string {
    const text = this.parts.join('');
    this.parts = [];
    return text;
  }

  /** The source offset of the first source character still held, or undefined when the run is empty. */
  get sourceStart(): number | undefined {
    return this.head < this.decoded.length ? this.sourceFrom[this.head] : undefined;
  }

  /** The segment holding decoded offset `offset` (the last one starting at or before it). */
  private segment(offset: number): number {
    let low = this.head;
    let high = this.decoded.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.decoded[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Source offset where the character at decoded `offset` starts. */
  sourceOf(offset: number): number {
    if (this.head >= this.decoded.length) return 0;
    const index = this.segment(offset);
    const from = this.sourceFrom[index] as number;
    if (!this.copy[index]) return from;
    return Math.min(from + Math.max(0, offset - (this.decoded[index] as number)), this.sourceTo[index] as number);
  }

  /** Source offset where decoded text ending (exclusive) at `offset` ends. */
  sourceEndOf(offset: number): number {
    if (this.head >= this.decoded.length) return 0;
    if (offset <= (this.decoded[this.head] as number)) return this.sourceFrom[this.head] as number;
    const index = this.segment(offset - 1);
    if (!this.copy[index]) return this.sourceTo[index] as number;
    return Math.min((this.sourceFrom[index] as number) + offset - (this.decoded[index] as number), this.sourceTo[index] as number);
  }

  /** Drop the segments that end before decoded `offset`: nothing before it will be asked for. */
  release(offset: number): void {
    while (this.head + 1 < this.decoded.length && (this.decoded[this.head + 1] as number) <= offset) this.head++;
    if (this.head > 1024 && this.head * 2 > this.decoded.length) {
      this.decoded = this.decoded.slice(this.head);
      this.sourceFrom = this.sourceFrom.slice(this.head);
      this.sourceTo = this.sourceTo.slice(this.head);
      this.copy = this.copy.slice(this.head);
      this.head = 0;
    }
  }
}
