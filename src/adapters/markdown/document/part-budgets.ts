/**
 * What one part of a document may cost remark-parse, and the checks made
 * before it is handed over. remark-parse is quadratic or worse on a few
 * shapes (each measured: `npm run bench`, hostile section): container
 * markers nested deep (its stack, and memory for every marker of every
 * line), `[` opened deep (each `]` looks back), and emphasis runs that
 * find no partner in one paragraph (each closer looks back over every run
 * before it). A part past a budget is read as plain text, with a note.
 *
 * ```markdown
 * > | *_a**__b*_a**__b*_a**__b…   ← 2,000 runs in one paragraph: as text
 * ```
 */
import { codes } from '../../../decode/character-codes.js';
import { afterLineEnding, endOfLine, isBlank } from './part-boundaries.js';

const { space, tab, greaterThan, dash, asterisk, plusSign, dot, rightParenthesis, digit0, digit9, leftSquareBracket, rightSquareBracket, underscore, tilde, verticalBar, colon } =
  codes;

/** How a document is cut and how much one part may cost. */
export interface PartLimits {
  /** Units remark must read are joined into parts of at least this many characters (where the next unit needs reading too). */
  partSize: number;
  /** A part longer than this (no boundary, or a block left open) is read as plain text; the unit reader reads no unit longer either. */
  maxPartSize: number;
  /** A line whose container markers (`>`, list markers, indentation) span more columns: its part is read as plain text. */
  maxNesting: number;
  /** Columns of container markers in all the lines of a part (remark holds memory for each): more, and it is read as plain text. */
  maxContainerColumns: number;
  /** More `[` open at once than this (each `]` makes the parser look back): read as plain text. */
  maxOpenBrackets: number;
  /** More runs of `*`, `_` or `~` than this in one paragraph (each closer looks back over the runs before it): read as plain text. */
  maxEmphasisRuns: number;
  /** Time for a document: a fixed allowance plus this many milliseconds per character. */
  timeBudget: { fixedMs: number; perCharacterMs: number };
}

export const defaultPartLimits: PartLimits = {
  partSize: 8 * 1024,
  maxPartSize: 1024 * 1024,
  maxNesting: 256,
  maxContainerColumns: 128 * 1024,
  maxOpenBrackets: 1000,
  maxEmphasisRuns: 2000,
  timeBudget: { fixedMs: 30_000, perCharacterMs: 0.05 },
};

/**
 * Why `source[from, to)` may not be handed to remark-parse (the reason, for
 * a note), or undefined when it may; `lineOf` names a line for the note.
 */
// rule: markdown-budgets
export function overBudget(source: string, from: number, to: number, limits: PartLimits, lineOf: (offset: number) => number): string | undefined {
  const containers = containerColumns(source, from, to, limits.maxNesting);
  if (containers.deepLine !== undefined) return `nested more than ${limits.maxNesting} columns deep (line ${lineOf(containers.deepLine)})`;
  if (containers.total > limits.maxContainerColumns) return `${containers.total} columns of block-quote and list markers (more than ${limits.maxContainerColumns})`;
  const brackets = deepestBrackets(source, from, to);
  if (brackets > limits.maxOpenBrackets) return `${brackets} \`[\` open at once (more than ${limits.maxOpenBrackets})`;
  const runs = emphasisRuns(source, from, to, limits.maxEmphasisRuns);
  if (runs !== undefined) return `more than ${limits.maxEmphasisRuns} runs of \`*\`, \`_\` or \`~\` in the paragraph of line ${lineOf(runs)}`;
  return undefined;
}

/**
 * The container prefix of every line of `source[from, to)` (block-quote
 * markers, list markers, indentation): the first line whose prefix spans
 * more than `limit` columns, and the columns of all of them.
 */
function containerColumns(source: string, from: number, to: number, limit: number): { deepLine: number | undefined; total: number } {
  let total = 0;
  for (let at = from; at < to; ) {
    let column = at;
    for (;;) {
      const code = source.charCodeAt(column);
      if (code === space || code === tab || code === greaterThan) {
        column++;
      } else if ((code === dash || code === asterisk || code === plusSign) && isSpaceOrTab(source.charCodeAt(column + 1))) {
        column += 2;
      } else if (code >= digit0 && code <= digit9) {
        let digits = column;
        while (source.charCodeAt(digits) >= digit0 && source.charCodeAt(digits) <= digit9 && digits - column < 9) digits++;
        const marker = source.charCodeAt(digits);
        if ((marker === dot || marker === rightParenthesis) && isSpaceOrTab(source.charCodeAt(digits + 1))) column = digits + 2;
        else break;
      } else {
        break;
      }
    }
    const end = endOfLine(source, column);
    // a line of only spaces is blank, not deep
    if (column < end) {
      if (column - at > limit) return { deepLine: at, total };
      total += column - at;
    }
    at = afterLineEnding(source, end);
  }
  return { deepLine: undefined, total };
}

/** The most `[` open at once in `source[from, to)` (a `]` closes one). */
function deepestBrackets(source: string, from: number, to: number): number {
  let open = 0;
  let deepest = 0;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === leftSquareBracket) {
      open++;
      if (open > deepest) deepest = open;
    } else if (code === rightSquareBracket && open > 0) {
      open--;
    }
  }
  return deepest;
}

/**
 * Where the first paragraph (lines between blank lines) with more than
 * `limit` runs of `*`, `_` or `~` starts, or undefined. A table's cells are
 * read one by one: in a stretch of lines with a delimiter row, runs count
 * line by line.
 */
function emphasisRuns(source: string, from: number, to: number, limit: number): number | undefined {
  let paragraph = from;
  let runs = 0;
  let table = false;
  for (let line = from; line < to; ) {
    const end = endOfLine(source, line);
    if (isBlank(source, line, end)) {
      runs = 0;
      table = false;
      paragraph = afterLineEnding(source, end);
    } else {
      if (!table && isDelimiterRow(source, line, end)) table = true;
      if (table) runs = 0;
      for (let at = line; at < end; at++) {
        const code = source.charCodeAt(at);
        if ((code === asterisk || code === underscore || code === tilde) && source.charCodeAt(at - 1) !== code) runs++;
      }
      if (runs > limit) return table ? line : paragraph;
    }
    line = afterLineEnding(source, end);
  }
  return undefined;
}

/** A line of `|`, `-`, `:` and spaces with a `|` and a `-`: it may be a table's delimiter row. */
function isDelimiterRow(source: string, from: number, to: number): boolean {
  let pipe = false;
  let dashSeen = false;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code === verticalBar) pipe = true;
    else if (code === dash) dashSeen = true;
    else if (code !== colon && code !== space && code !== tab && code !== greaterThan) return false;
  }
  return pipe && dashSeen;
}

function isSpaceOrTab(code: number): boolean {
  return code === space || code === tab;
}
