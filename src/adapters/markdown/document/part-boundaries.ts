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
 * matter. Nor does a list item that may not interrupt (an ordered one
 * from a number other than 1, or an empty one) after a line that may be
 * indented code: micromark still counts the code as open across the blank
 * line, and reads such an item as a paragraph there.
 *
 * ```markdown
 *   | - item
 *   |
 * > | Next paragraph   ← a part may start here
 * ```
 */
import { codes } from '../../../decode/character-codes.js';

const { lineFeed, carriageReturn, space, tab, dash, plusSign, asterisk, greaterThan, dot, rightParenthesis, digit0, digit9 } = codes;

/** The one start an ordered list item may interrupt with (the shared table names no digit but 0 and 9). */
const digitOne = '1'.charCodeAt(0);

/** Columns of whitespace that make indented code. */
const codeIndent = 4;

/**
 * Offsets where parts may start, in order, at least `step` apart (a part
 * is as small as `step` allows: the first boundary at or after each step).
 * `crFree`: the document holds no CR.
 */
// rule: markdown-parts
export function partBoundaries(source: string, step: number, crFree = !source.includes('\r')): number[] {
  const boundaries: number[] = [];
  let lineStart = 0;
  let previousBlank = false;
  /** The last line that was not blank (whether it may be indented code is asked only before a list item that may not interrupt). */
  let lastStart = 0;
  let lastEnd = 0;
  let next = step;
  while (lineStart < source.length) {
    const lineEnd = endOfLineIn(source, lineStart, crFree);
    const first = source.charCodeAt(lineStart);
    const blank = isBlank(source, lineStart, lineEnd);
    if (
      previousBlank &&
      !blank &&
      lineStart >= next &&
      first !== space &&
      first !== tab &&
      !isFrontMatterFence(source, lineStart, lineEnd) &&
      !(mayNotInterrupt(source, lineStart, lineEnd) && mayBeIndentedCode(source, lastStart, lastEnd))
    ) {
      boundaries.push(lineStart);
      next = lineStart + step;
    }
    previousBlank = blank;
    if (!blank) {
      lastStart = lineStart;
      lastEnd = lineEnd;
    }
    lineStart = afterLineEnding(source, lineEnd);
  }
  return boundaries;
}

/** The offset of the line ending (or the end) of the line starting at `at`. */
export function endOfLine(source: string, at: number): number {
  let end = at;
  const length = source.length;
  while (end < length) {
    const code = source.charCodeAt(end);
    if (code === lineFeed || code === carriageReturn) break;
    end++;
  }
  return end;
}

/**
 * {@link endOfLine} in a text known to hold no CR or not (`crFree`: found
 * once for the text): there the line feed is found with `indexOf`, many
 * times faster than a loop over the line.
 */
export function endOfLineIn(source: string, at: number, crFree: boolean): number {
  if (!crFree) return endOfLine(source, at);
  const lineFeedAt = source.indexOf('\n', at);
  return lineFeedAt === -1 ? source.length : lineFeedAt;
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

/**
 * Does the line hold 4 columns of whitespace before its content, after
 * any block-quote and list markers (a tab counts as 4)?
 */
function mayBeIndentedCode(source: string, from: number, to: number): boolean {
  let run = 0;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === space) run++;
    else if (code === tab) run += codeIndent;
    else if (code === greaterThan || code === dash || code === asterisk || code === plusSign || code === dot || code === rightParenthesis || (code >= digit0 && code <= digit9)) run = 0;
    else return false;
    if (run >= codeIndent) return true;
  }
  return false;
}

/** A list item micromark refuses where it counts as interrupting: ordered from other than 1, or empty. */
function mayNotInterrupt(source: string, from: number, to: number): boolean {
  const first = source.charCodeAt(from);
  let at = from;
  if (first === dash || first === asterisk || first === plusSign) {
    at++;
  } else {
    while (at < to && source.charCodeAt(at) >= digit0 && source.charCodeAt(at) <= digit9) at++;
    const marker = source.charCodeAt(at);
    if (at === from || (marker !== dot && marker !== rightParenthesis)) return false;
    if (at - from > 1 || first !== digitOne) return true;
    at++;
  }
  // after the marker: nothing but spaces (an empty item), or a space first (an item)
  return isBlank(source, at, to);
}

/** A line starting `---` or `+++` (front matter opens with one at the start of a document). */
function isFrontMatterFence(source: string, from: number, to: number): boolean {
  const first = source.charCodeAt(from);
  if (first !== dash && first !== plusSign || to - from < 3) return false;
  return source.charCodeAt(from + 1) === first && source.charCodeAt(from + 2) === first;
}
