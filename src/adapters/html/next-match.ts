/**
 * Where a string next occurs in a source read in order: the answer of one
 * `indexOf` is kept until the questions move past it, so asking about every
 * run of text in a document costs one pass over it, not one search per run.
 */
export class NextMatch {
  /** Absolute offset of the next occurrence found, or Infinity: none before `searchedTo`. */
  private position = -1;
  private searchedTo = 0;

  constructor(readonly needle: string) {}

  /**
   * Does the needle occur wholly inside `[from, to)`? `window` holds the
   * source from absolute offset `windowStart`; `from` never goes back.
   */
  within(window: string, windowStart: number, from: number, to: number): boolean {
    const stale = this.position < from || (this.position === Infinity && this.searchedTo < to);
    if (stale) {
      const start = this.position === Infinity ? Math.max(from, this.searchedTo - this.needle.length + 1) : from;
      const index = window.indexOf(this.needle, Math.max(start, windowStart) - windowStart);
      this.position = index === -1 ? Infinity : index + windowStart;
      this.searchedTo = windowStart + window.length;
    }
    return this.position + this.needle.length <= to;
  }
}
