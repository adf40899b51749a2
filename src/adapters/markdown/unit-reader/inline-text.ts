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
  /** `offsets[i]`: where `text[i]` is in the unit. */
  private readonly offsets: Int32Array;

  constructor(lines: readonly LineSlice[], source: string) {
    let length = 0;
    for (const [index, line] of lines.entries()) length += line.to - line.from + (index > 0 ? endingLength(source, (lines[index - 1] as LineSlice).to) : 0);
    const offsets = new Int32Array(length);
    const parts: string[] = [];
    let at = 0;
    for (const [index, line] of lines.entries()) {
      if (index > 0) {
        // the line ending of the line before, as the source has it
        const ending = (lines[index - 1] as LineSlice).to;
        const size = endingLength(source, ending);
        parts.push(source.slice(ending, ending + size));
        for (let offset = ending; offset < ending + size; offset++) offsets[at++] = offset;
      }
      parts.push(source.slice(line.from, line.to));
      for (let offset = line.from; offset < line.to; offset++) offsets[at++] = offset;
    }
    this.text = parts.join('');
    this.offsets = offsets;
  }

  /** The unit offset where `text[index]` starts. */
  start(index: number): number {
    return this.offsets[index] as number;
  }

  /** The unit offset just after `text[index - 1]`. */
  end(index: number): number {
    return (this.offsets[index - 1] as number) + 1;
  }
}
