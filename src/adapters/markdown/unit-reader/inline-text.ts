import { codes } from '../../../decode/character-codes.js';

/** `\r\n` or `\n` at `at`. */
function endingLength(source: string, at: number): number {
  return source.charCodeAt(at) === codes.carriageReturn ? 2 : 1;
}

/**
 * The inline text of a paragraph or heading: its lines joined with their
 * line endings (`\n` or `\r\n`),
 * without the container prefixes (list item indentation) of continuation
 * lines, and where each of its characters is in the unit.
 */
export interface LineSlice {
  /** Where the line's content starts (after its container prefix). */
  from: number;
  /** Where it ends (before the line ending). */
  to: number;
}

export class InlineText {
  readonly text: string;
  /**
   * One segment a line (its content and the line ending after it, which
   * are one stretch of the unit): where it starts in `text`, and where in
   * the unit. A paragraph has few lines: no table of every character.
   */
  private readonly textStarts: number[];
  private readonly unitStarts: number[];
  /** The segment of the last lookup (nodes are looked up mostly in order). */
  private last = 0;

  constructor(lines: readonly LineSlice[], source: string) {
    this.textStarts = [];
    this.unitStarts = [];
    if (lines.length === 1) {
      const line = lines[0] as LineSlice;
      this.text = source.slice(line.from, line.to);
      this.textStarts.push(0);
      this.unitStarts.push(line.from);
      return;
    }
    let text = '';
    // an index, not `entries()`: no iterator and no pair a line before V8 optimizes this
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as LineSlice;
      this.textStarts.push(text.length);
      this.unitStarts.push(line.from);
      // the line, and the line ending after it as the source has it (none after the last)
      const to = index < lines.length - 1 ? line.to + endingLength(source, line.to) : line.to;
      text += source.slice(line.from, to);
    }
    this.text = text;
  }

  /** Where the segment of line `index` starts in `text`. */
  segmentStart(index: number): number {
    return this.textStarts[index] as number;
  }

  /** The unit offset where `text[index]` starts. */
  start(index: number): number {
    const segment = this.segmentOf(index);
    return (this.unitStarts[segment] as number) + index - (this.textStarts[segment] as number);
  }

  /** The unit offset just after `text[index - 1]`. */
  end(index: number): number {
    return this.start(index - 1) + 1;
  }

  /** The segment holding `text[index]`. */
  private segmentOf(index: number): number {
    const starts = this.textStarts;
    let segment = this.last;
    if ((starts[segment] as number) > index) segment = 0;
    while (segment + 1 < starts.length && (starts[segment + 1] as number) <= index) segment++;
    this.last = segment;
    return segment;
  }
}
