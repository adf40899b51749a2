/**
 * Where a document holds `]:` (every definition holds one), looked up
 * range by range in order: each search starts where the last one stopped,
 * so asking for every unit of a document reads it once (`includes` on a
 * slice of each unit read it again).
 */
export class DefinitionMarks {
  /** The first `]:` at or after `searchedFrom` (-1: none there). */
  private mark: number;
  private searchedFrom = 0;
  /** The document holds no `]:`. */
  readonly none: boolean;

  constructor(private readonly source: string) {
    this.mark = source.indexOf(']:');
    this.none = this.mark === -1;
  }

  /** The first `]:` at or after `from`, or -1. */
  firstFrom(from: number): number {
    if (from < this.searchedFrom || (this.mark !== -1 && this.mark < from)) {
      this.mark = this.source.indexOf(']:', from);
      this.searchedFrom = from;
    }
    return this.mark;
  }

  /** Is `]:` whole in `source[from, to)`? */
  within(from: number, to: number): boolean {
    const mark = this.firstFrom(from);
    return mark !== -1 && mark + 2 <= to;
  }
}
