/**
 * Raw HTML (CommonMark § 6.6) as micromark reads it: inline HTML (open and
 * closing tags, comments, processing instructions, declarations, CDATA) in
 * a block's inline text, line endings allowed inside; and the complete tag
 * that starts an HTML block of kind 7 (§ 4.6), on one line, with the
 * few differences of micromark's flow grammar (`<a b=c=d>` is a tag there,
 * not inline).
 *
 * Linear: the closers of comments, instructions, declarations, CDATA and
 * quoted values are searched once per position (each search goes on from
 * where the last one stopped), and the characters read by tags that turn
 * out not to be tags are counted against a budget of a few times the
 * text's length; past it the text is not modelled.
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiAlpha, isAsciiAlphanumeric } from '../../../scanner/character-classes.js';
import { NextIndex } from '../../../scanner/next-index.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';

const {
  lessThan,
  greaterThan,
  exclamationMark,
  questionMark,
  slash,
  dash,
  dot,
  colon,
  underscore,
  equalsSign,
  quotationMark,
  apostrophe,
  graveAccent,
  leftSquareBracket,
  space,
  tab,
  lineFeed,
  carriageReturn,
} = codes;

/** Spaces after a line ending inside inline HTML that are not part of its value. */
const maxIndent = 3;

/** Characters read by tags that may fail, per character of the text (and a fixed allowance). */
const budgetPerCharacter = 4;
const budgetAllowance = 256;

/** Inline HTML in one block's inline text. */
export class RawHtml {
  private readonly comments: NextIndex;
  private readonly instructions: NextIndex;
  private readonly declarations: NextIndex;
  private readonly cdata: NextIndex;
  private readonly doubleQuotes: NextIndex;
  private readonly singleQuotes: NextIndex;
  private budget: number;
  private readonly lineEndings: NextIndex;

  constructor(private readonly text: string) {
    this.lineEndings = new NextIndex('\n');
    this.comments = new NextIndex('-->');
    this.instructions = new NextIndex('?>');
    this.declarations = new NextIndex('>');
    this.cdata = new NextIndex(']]>');
    this.doubleQuotes = new NextIndex('"');
    this.singleQuotes = new NextIndex("'");
    this.budget = budgetAllowance + budgetPerCharacter * text.length;
  }

  /**
   * Where the inline HTML starting at `text[from]` (a `<`) ends (just after
   * its `>`); {@link absent} when there is none; {@link notModelled}: the budget
   * is spent, or the attempt failed after a line ending (micromark then
   * ends the text before the next node differently in containers).
   */
  endAt(from: number): number | Absent | NotModelled {
    const { text } = this;
    const code = text.charCodeAt(from + 1);
    if (code === exclamationMark) {
      const next = text.charCodeAt(from + 2);
      if (next === dash) {
        if (text.charCodeAt(from + 3) !== dash) return absent;
        // `<!-->` and `<!--->` end at once: the search starts at the opener's dashes
        const close = this.comments.get(this.text, 0, from + 2);
        return close === -1 ? this.failed(from, this.text.length) : close + 3;
      }
      if (next === leftSquareBracket) {
        if (text.slice(from + 3, from + 9) !== 'CDATA[') return absent;
        const close = this.cdata.get(this.text, 0, from + 9);
        return close === -1 ? this.failed(from, this.text.length) : close + 3;
      }
      if (!isAsciiAlpha(next)) return absent;
      const close = this.declarations.get(this.text, 0, from + 3);
      return close === -1 ? this.failed(from, this.text.length) : close + 1;
    }
    if (code === questionMark) {
      const close = this.instructions.get(this.text, 0, from + 2);
      return close === -1 ? this.failed(from, this.text.length) : close + 2;
    }
    const end = this.tagEnd(from);
    return end;
  }

  /** An open or closing tag at `text[from]`: its end, {@link absent}, or {@link notModelled} (budget spent). */
  private tagEnd(from: number): number | Absent | NotModelled {
    const { text } = this;
    let at = from + 1;
    const closing = text.charCodeAt(at) === slash;
    if (closing) at++;
    if (!isAsciiAlpha(text.charCodeAt(at))) return absent;
    at = tagNameEnd(text, at);
    if (closing) {
      at = skipWhitespace(text, at);
      return this.spend(from, at, text.charCodeAt(at) === greaterThan ? at + 1 : absent);
    }
    // after the name: whitespace, `/` or `>`
    const after = text.charCodeAt(at);
    if (after !== slash && after !== greaterThan && !isWhitespace(after)) return this.spend(from, at, absent);
    for (;;) {
      at = skipWhitespace(text, at);
      const code = text.charCodeAt(at);
      if (code === slash) return this.spend(from, at, text.charCodeAt(at + 1) === greaterThan ? at + 2 : absent);
      if (code === greaterThan) return this.spend(from, at, at + 1);
      if (!isAttributeNameStart(code)) return this.spend(from, at, absent);
      // the attribute's name, then maybe `=` and a value
      at++;
      while (isAttributeNameCharacter(text.charCodeAt(at))) at++;
      const beforeEquals = skipWhitespace(text, at);
      if (text.charCodeAt(beforeEquals) !== equalsSign) continue;
      at = skipWhitespace(text, beforeEquals + 1);
      const quote = text.charCodeAt(at);
      if (quote === quotationMark || quote === apostrophe) {
        const close = (quote === quotationMark ? this.doubleQuotes : this.singleQuotes).get(this.text, 0, at + 1);
        if (close === -1) return this.spend(from, this.text.length, absent);
        at = close + 1;
        const next = text.charCodeAt(at);
        if (next !== slash && next !== greaterThan && !isWhitespace(next)) return this.spend(from, at, absent);
        continue;
      }
      if (Number.isNaN(quote) || quote === lessThan || quote === equalsSign || quote === greaterThan || quote === graveAccent) return this.spend(from, at, absent);
      // unquoted: its first character may be anything else
      at++;
      for (;;) {
        const next = text.charCodeAt(at);
        if (Number.isNaN(next) || next === quotationMark || next === apostrophe || next === lessThan || next === equalsSign || next === graveAccent) {
          return this.spend(from, at, absent);
        }
        if (next === slash || next === greaterThan || isWhitespace(next)) break;
        at++;
      }
    }
  }

  /** `result`, with the characters `text[from, to)` counted against the budget ({@link notModelled} once it is spent). */
  private spend(from: number, to: number, result: number | Absent): number | Absent | NotModelled {
    this.budget -= to - from + 1;
    if (this.budget < 0) return notModelled;
    return result === absent ? this.failed(from, to) : result;
  }

  /** An attempt from `from` that failed at `to`: {@link absent}, or {@link notModelled} after a line ending. */
  private failed(from: number, to: number): Absent | NotModelled {
    const lineEnding = this.lineEndings.get(this.text, 0, from);
    return lineEnding !== -1 && lineEnding < to ? notModelled : absent;
  }
}

/**
 * The value micromark gives inline HTML `text[from, to)`: the source less
 * up to 3 spaces of indentation after each line ending.
 */
export function inlineHtmlValue(text: string, from: number, to: number): string {
  let value = '';
  let start = from;
  for (let at = from; at < to; at++) {
    if (text.charCodeAt(at) !== lineFeed) continue;
    let next = at + 1;
    while (next < to && next - at <= maxIndent && text.charCodeAt(next) === space) next++;
    value += text.slice(start, at + 1);
    start = next;
    at = next - 1;
  }
  return value + text.slice(start, to);
}

/**
 * Does the line `text[first, lineEnd)` start an HTML block of kind 7: a
 * complete open tag or closing tag (micromark's flow grammar, on this line
 * only), then only spaces? The caller has ruled out kinds 1–6.
 */
export function startsKind7(text: string, first: number, lineEnd: number): boolean {
  let at = first + 1;
  const closing = text.charCodeAt(at) === slash;
  if (closing) at++;
  if (!isAsciiAlpha(text.charCodeAt(at))) return false;
  at = tagNameEnd(text, at);
  const code = (index: number) => (index < lineEnd ? text.charCodeAt(index) : Number.NaN);
  const after = code(at);
  if (after !== slash && after !== greaterThan && after !== space && !Number.isNaN(after)) return false;
  if (closing) {
    while (code(at) === space) at++;
  } else {
    // attributes: name (`=` value)?; an unquoted value ends at `=` and a value may follow (micromark's flow grammar)
    for (;;) {
      while (code(at) === space) at++;
      const start = code(at);
      if (start === slash) {
        at++;
        break;
      }
      if (!isAttributeNameStart(start)) break;
      at++;
      while (isAttributeNameCharacter(code(at))) at++;
      for (;;) {
        while (code(at) === space) at++;
        if (code(at) !== equalsSign) break;
        at++;
        while (code(at) === space) at++;
        const value = code(at);
        if (Number.isNaN(value) || value === lessThan || value === equalsSign || value === greaterThan || value === graveAccent) return false;
        if (value === quotationMark || value === apostrophe) {
          at++;
          while (at < lineEnd && text.charCodeAt(at) !== value) at++;
          if (at >= lineEnd) return false;
          at++;
          const next = code(at);
          if (next !== slash && next !== greaterThan && next !== space) return false;
          break;
        }
        // unquoted; an `=` after it (spaces between allowed) starts another value
        while (!isUnquotedEnd(code(at))) at++;
      }
    }
  }
  if (code(at) !== greaterThan) return false;
  at++;
  while (code(at) === space) at++;
  return at >= lineEnd;
}

function tagNameEnd(text: string, from: number): number {
  let at = from;
  while (isAsciiAlphanumeric(text.charCodeAt(at)) || text.charCodeAt(at) === dash) at++;
  return at;
}

function isUnquotedEnd(code: number): boolean {
  return (
    Number.isNaN(code) ||
    code === quotationMark ||
    code === apostrophe ||
    code === slash ||
    code === lessThan ||
    code === equalsSign ||
    code === greaterThan ||
    code === graveAccent ||
    code === space
  );
}

function isAttributeNameStart(code: number): boolean {
  return code === colon || code === underscore || isAsciiAlpha(code);
}

function isAttributeNameCharacter(code: number): boolean {
  return code === dash || code === dot || code === colon || code === underscore || isAsciiAlphanumeric(code);
}

/** Spaces, tabs and line endings (the indentation after a line ending is whitespace too). */
function isWhitespace(code: number): boolean {
  return code === space || code === tab || code === lineFeed || code === carriageReturn;
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (isWhitespace(text.charCodeAt(at))) at++;
  return at;
}
