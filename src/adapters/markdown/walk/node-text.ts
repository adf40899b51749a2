/**
 * Text assembled from node values, mapped back to the Markdown source (a
 * `SourceMap` whose offsets are UTF-16 code units of the source).
 *
 * A node's value is not always its source slice: escapes (`\_` → `_`),
 * character references (`&amp;` → `&`), block-quote markers and indentation
 * on continuation lines (`\n> ` → `\n`), the fence line of a code block. So
 * each value is aligned with its source slice: both are walked together and
 * source characters that are not in the value are skipped.
 *
 * ```markdown
 * > | > <URL:ftp://ds.in
 *                       ^ value `\n` ↔ source `\n`
 * > | > ternic.net/rfc>
 *     ^^ in the source only: skipped
 * ```
 */
import { codes } from '../../../decode/character-codes.js';
import { SourceMap } from '../../../source-map/source-map.js';
import { characterReferenceAt } from './character-reference.js';

const {
  lineFeed,
  carriageReturn,
  space,
  tab,
  greaterThan,
  backslash,
  ampersand,
  graveAccent,
  tilde,
  exclamationMark,
  slash,
  colon,
  atSign,
  leftSquareBracket,
  leftCurlyBrace,
} = codes;

// rule: markdown-source-positions
export class NodeText extends SourceMap {
  constructor(readonly source: string) {
    super();
  }

  /** One unit of `value` for source `[start, end)`: a copy when it is one source unit, else an atom. */
  private appendUnit(code: string, start: number, end: number): void {
    if (end === start + 1) this.copy(code, start);
    else this.atom(code, start, end);
  }

  /** Append text that has no source (a node without position): mapped to where the last text ended. */
  appendUnmapped(value: string): void {
    const at = this.end(this.length);
    this.atom(value, at, at);
  }

  /** Append text that stands for the whole of `source[from, to)` (a hard break is `\n`). */
  appendWhole(value: string, from: number, to: number): void {
    this.atom(value, from, to);
  }

  /**
   * Append the value of a `text` node whose source is `source[from, to)`.
   * Walks value and source together: an escape or a character reference in
   * the source stands for the value characters it decodes to; after a line
   * ending, the next line's block-quote markers and indentation are skipped
   * (a paragraph's continuation line never starts with a space or a raw `>`
   * in its value); other source characters not in the value (trailing spaces
   * before a line ending) are skipped.
   */
  appendText(value: string, from: number, to: number): void {
    const source = this.source;
    // most text is its own source
    if (to - from === value.length && source.startsWith(value, from)) {
      this.copy(value, from);
      return;
    }
    let j = from;
    let i = 0;
    while (i < value.length) {
      const code = value.charCodeAt(i);
      if (j >= to) {
        this.appendUnit(value.charAt(i), to, to);
        i++;
        continue;
      }
      const sourceCode = source.charCodeAt(j);
      // `\_` stands for `_`
      if (sourceCode === backslash && j + 1 < to && source.charCodeAt(j + 1) === code && isAsciiPunctuation(code)) {
        this.appendUnit(value.charAt(i), j, j + 2);
        i++;
        j += 2;
        continue;
      }
      // `&amp;` stands for `&`
      if (sourceCode === ampersand) {
        const reference = characterReferenceAt(source, j);
        if (reference !== undefined && reference.end <= to && value.startsWith(reference.value, i)) {
          this.atom(reference.value, j, reference.end);
          i += reference.value.length;
          j = reference.end;
          continue;
        }
      }
      if (sourceCode === code) {
        this.appendUnit(value.charAt(i), j, j + 1);
        i++;
        j++;
        if (code === lineFeed || (code === carriageReturn && value.charCodeAt(i) !== lineFeed)) {
          j = skipLinePrefix(source, j, to);
        }
        continue;
      }
      if (sourceCode === space || sourceCode === tab || sourceCode === greaterThan) {
        j++;
        continue;
      }
      // anything else: one character for one (U+FFFD for NUL and the like)
      this.appendUnit(value.charAt(i), j, j + 1);
      i++;
      j++;
    }
  }

  /**
   * Append the value of a literal node (`code`, `inlineCode`, `html`) whose
   * source is `source[from, to)`. Its lines are the source's lines without
   * their container prefixes (and, for fenced code, without the fence lines),
   * so each value line is found at the end of its source line.
   */
  appendLiteral(value: string, from: number, to: number, kind: 'code' | 'inlineCode' | 'html'): void {
    const source = this.source;
    let j = from;
    if (kind === 'code') {
      // fenced: the content starts on the line after the opening fence
      const first = source.charCodeAt(from);
      if (first === graveAccent || first === tilde) j = lineEndAfter(source, from, to).next;
    } else if (kind === 'inlineCode') {
      return this.appendInlineCode(value, from, to);
    }
    let i = 0;
    while (i < value.length) {
      let eol = i;
      while (eol < value.length && !isLineEnding(value.charCodeAt(eol))) eol++;
      const line = value.slice(i, eol);
      const { end: lineEnd, next } = lineEndAfter(source, j, to);
      const sourceLine = source.slice(j, lineEnd);
      let at = sourceLine.endsWith(line) ? lineEnd - line.length : -1;
      if (at === -1) {
        const found = sourceLine.indexOf(line);
        if (found !== -1) at = j + found;
      }
      if (at === -1) {
        // tabs expanded to spaces, or something unexpected: one for one
        for (let k = 0; k < line.length; k++) {
          const start = Math.min(j + k, lineEnd);
          this.appendUnit(line.charAt(k), start, Math.min(start + 1, lineEnd));
        }
      } else {
        this.copy(line, at);
      }
      i = eol;
      if (i < value.length) {
        const endingLength = value.charCodeAt(i) === carriageReturn && value.charCodeAt(i + 1) === lineFeed ? 2 : 1;
        for (let k = 0; k < endingLength; k++) this.appendUnit(value.charAt(i + k), lineEnd, next);
        i += endingLength;
      }
      j = next;
    }
  }

  /** Inline code: after the opening backticks; line endings became spaces; one padding space may be stripped. */
  private appendInlineCode(value: string, from: number, to: number): void {
    const source = this.source;
    let j = from;
    while (j < to && source.charCodeAt(j) === graveAccent) j++;
    if (value.length > 0 && source.charAt(j) !== value.charAt(0) && isSpaceOrLineEnding(source.charCodeAt(j))) j++;
    for (let i = 0; i < value.length; i++) {
      const start = Math.min(j, to);
      if (source.charCodeAt(j) === carriageReturn && source.charCodeAt(j + 1) === lineFeed) {
        this.appendUnit(value.charAt(i), start, j + 2);
        j += 2;
      } else {
        this.appendUnit(value.charAt(i), start, Math.min(j + 1, to));
        j++;
      }
    }
  }
}

/** After a line ending inside a paragraph: skip block-quote markers and indentation. */
function skipLinePrefix(source: string, at: number, to: number): number {
  let j = at;
  while (j < to) {
    const code = source.charCodeAt(j);
    if (code !== space && code !== tab && code !== greaterThan) break;
    j++;
  }
  return j;
}

/** The end of the line containing `at` (before its line ending) and the start of the next. */
function lineEndAfter(source: string, at: number, to: number): { end: number; next: number } {
  let end = at;
  while (end < to && !isLineEnding(source.charCodeAt(end))) end++;
  let next = end;
  if (next < to) next += source.charCodeAt(next) === carriageReturn && source.charCodeAt(next + 1) === lineFeed ? 2 : 1;
  return { end, next: Math.min(next, to) };
}

function isLineEnding(code: number): boolean {
  return code === lineFeed || code === carriageReturn;
}

function isSpaceOrLineEnding(code: number): boolean {
  return code === space || isLineEnding(code);
}

/** ASCII punctuation: what a backslash can escape in CommonMark. */
function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= exclamationMark && code <= slash) ||
    (code >= colon && code <= atSign) ||
    (code >= leftSquareBracket && code <= graveAccent) ||
    (code >= leftCurlyBrace && code <= tilde)
  );
}
