/**
 * Where a Markdown document may be cut into parts that CommonMark reads
 * independently: before a line that starts at column 1 with a character
 * other than whitespace, right after a blank line.
 *
 * Such a line closes every open block (a paragraph, a block quote, a list
 * item, indented code, a table, an HTML block of kinds 6 and 7) except two
 * that run on across blank lines: fenced code and HTML blocks of kinds 1–5
 * (`<script>`, `<!--`, `<?`, `<!X`, `<![CDATA[`). Those are checked on the
 * parsed part (see `open-block.ts`), not guessed here. A line starting
 * `---` or `+++` never starts a part: at the start of a document it would open front
 * matter.
 *
 * ```markdown
 *   | - item
 *   |
 * > | Next paragraph   ← a part may start here
 * ```
 */
import { codes } from '../../../decode/character-codes.js';

const { lineFeed, carriageReturn, space, tab, dash, plusSign } = codes;

/**
 * Offsets where parts may start, in order, at least `step` apart (a part
 * is as small as `step` allows: the first boundary at or after each step).
 */
export function partBoundaries(source: string, step: number): number[] {
  const boundaries: number[] = [];
  let lineStart = 0;
  let previousBlank = false;
  let next = step;
  while (lineStart < source.length) {
    const lineEnd = endOfLine(source, lineStart);
    const first = source.charCodeAt(lineStart);
    const blank = isBlank(source, lineStart, lineEnd);
    if (previousBlank && !blank && lineStart >= next && first !== space && first !== tab && !isFrontMatterFence(source, lineStart, lineEnd)) {
      boundaries.push(lineStart);
      next = lineStart + step;
    }
    previousBlank = blank;
    lineStart = afterLineEnding(source, lineEnd);
  }
  return boundaries;
}

/** The offset of the line ending (or the end) of the line starting at `at`. */
export function endOfLine(source: string, at: number): number {
  let end = at;
  while (end < source.length) {
    const code = source.charCodeAt(end);
    if (code === lineFeed || code === carriageReturn) break;
    end++;
  }
  return end;
}

/** The start of the next line, after the line ending at `end`. */
export function afterLineEnding(source: string, end: number): number {
  if (end >= source.length) return source.length;
  return source.charCodeAt(end) === carriageReturn && source.charCodeAt(end + 1) === lineFeed ? end + 2 : end + 1;
}

/** Is `source[from, to)` only spaces and tabs? */
export function isBlank(source: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code !== space && code !== tab) return false;
  }
  return true;
}

/** A line starting `---` or `+++` (front matter opens with one at the start of a document). */
function isFrontMatterFence(source: string, from: number, to: number): boolean {
  const first = source.charCodeAt(from);
  if (first !== dash && first !== plusSign || to - from < 3) return false;
  return source.charCodeAt(from + 1) === first && source.charCodeAt(from + 2) === first;
}
