/**
 * A cached `indexOf` over a growing buffer (or a window that slides along a
 * source read in order): each search resumes where the last one stopped, so
 * finding every occurrence of a trigger costs one pass over the input,
 * however often it is asked. The scanner asks it for its triggers; the HTML
 * adapter asks whether a run of text holds one at all; the Markdown unit
 * reader asks where inline HTML's comments, quotes and lines end.
 */
export class NextIndex {
  /** Absolute offset of the occurrence found, or -1. */
  private found = -1;
  /** Absolute offset the last search started from. */
  private searchedFrom = 0;
  /** Absolute end of the text the last search covered (valid when `found` is -1). */
  private searchedTo = 0;

  /**
   * The search for a needle of any case (`www.`, `WWW.`, `Www.`): a global
   * regular expression of the literal, made at the first search (a scanner
   * makes one such index whatever its options, most never search with it).
   */
  private pattern: RegExp | undefined;

  /** `ignoreCase`: find the needle in any case of its ASCII letters. */
  constructor(
    private readonly needle: string,
    private readonly ignoreCase = false,
  ) {}

  /**
   * The absolute offset of the first occurrence at or after `from` (absolute)
   * in `buffer`, whose first character sits at absolute offset `base`; or -1.
   */
  get(buffer: string, base: number, from: number): number {
    const end = base + buffer.length;
    if (this.found !== -1 && this.found >= from && this.searchedFrom <= from) return this.found;
    let start = from;
    if (this.found === -1 && from >= this.searchedFrom && this.searchedTo > from) {
      if (this.searchedTo === end) return -1;
      start = Math.max(from, this.searchedTo - this.needle.length + 1);
    }
    const index = this.indexIn(buffer, start - base);
    this.searchedFrom = from;
    this.searchedTo = end;
    this.found = index === -1 ? -1 : index + base;
    return this.found;
  }

  /**
   * Does the needle occur wholly inside `[from, to)` (absolute)? `window`
   * holds the source from absolute offset `windowStart`; `from` never goes
   * back.
   */
  within(window: string, windowStart: number, from: number, to: number): boolean {
    const at = this.get(window, windowStart, Math.max(from, windowStart));
    return at !== -1 && at + this.needle.length <= to;
  }

  /** Does the needle occur in `text` (a string of its own, no cache)? */
  occursIn(text: string): boolean {
    return this.indexIn(text, 0) !== -1;
  }

  private indexIn(buffer: string, from: number): number {
    if (!this.ignoreCase) return buffer.indexOf(this.needle, from);
    const pattern = (this.pattern ??= anyCase(this.needle));
    pattern.lastIndex = from;
    const match = pattern.exec(buffer);
    return match === null ? -1 : match.index;
  }
}

/** A global regular expression finding `needle` in any case of its ASCII letters. */
function anyCase(needle: string): RegExp {
  return new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}
