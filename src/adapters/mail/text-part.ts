/**
 * Text parts before scanning: format=flowed unwrapped (RFC 3676) and the
 * `>` prefixes of quoted replies removed, at any depth, so that a
 * `<URL:...>` wrapped across quoted lines reads as one wrapper again:
 *
 * ```
 * > | >> see <URL:http://example.com/a/
 * > | >> b.html>
 *     ^^^ removed        the scanner joins what is left
 * ```
 *
 * The result is a `SourceMap` back into the decoded part text.
 */
import { SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';

export interface TextPartOptions {
  /** `format=flowed` was declared. */
  flowed: boolean;
  /** `DelSp=yes` was declared (flowed only): the space before a soft break was inserted and goes. */
  delSp: boolean;
}

export interface PreparedText {
  text: string;
  map: SourceMap;
}

const { greaterThan, space, tab, carriageReturn, lineFeed } = codes;

interface Line {
  /** Offset of the content after the quote prefix. */
  contentStart: number;
  /** End of the content (before the line break). */
  contentEnd: number;
  /** End of the line break. */
  end: number;
  /** Quote depth. */
  depth: number;
}

/** End of line `[start, end)`'s content: before its line break (LF or CRLF). */
function contentEndOf(text: string, start: number, end: number): number {
  let contentEnd = end > start && text.charCodeAt(end - 1) === lineFeed ? end - 1 : end;
  if (contentEnd > start && text.charCodeAt(contentEnd - 1) === carriageReturn) contentEnd--;
  return contentEnd;
}

/**
 * Split flowed `text` into lines and measure each one's quote prefix (RFC
 * 3676 §4.5): a run of `>`, and one space after it is space-stuffing.
 */
// rule: quote-stripping
function* flowedLines(text: string): Generator<Line> {
  for (let at = 0; at < text.length; ) {
    const lf = text.indexOf('\n', at);
    const end = lf === -1 ? text.length : lf + 1;
    const contentEnd = contentEndOf(text, at, end);
    let i = at;
    let depth = 0;
    while (i < contentEnd && text.charCodeAt(i) === greaterThan) {
      depth++;
      i++;
    }
    if (i < contentEnd && text.charCodeAt(i) === space) i++;
    yield { contentStart: i, contentEnd, end, depth };
    at = end;
  }
}

/**
 * Where the content of line `[start, end)` of text that is not flowed
 * starts: after its quote prefix, `>` marks with spaces between them (`> > `)
 * and one space after the last one.
 */
// rule: quote-stripping
function unflowedContentStart(text: string, start: number, end: number): number {
  const contentEnd = contentEndOf(text, start, end);
  let i = start;
  let quoted = false;
  for (let j = i; ; ) {
    while (j < contentEnd && (text.charCodeAt(j) === space || text.charCodeAt(j) === tab)) j++;
    if (j < contentEnd && text.charCodeAt(j) === greaterThan) {
      quoted = true;
      i = ++j;
    } else break;
  }
  if (quoted && i < contentEnd && text.charCodeAt(i) === space) i++;
  return i;
}

/** Unwrap and unquote a decoded text part. */
export function prepareTextPart(text: string, options: TextPartOptions): PreparedText {
  const preparer = new TextPartPreparer(options);
  preparer.write(text);
  preparer.end();
  return { text: preparer.map.text, map: preparer.map };
}

/**
 * `prepareTextPart` over a text given in pieces: each line is prepared once
 * it is complete, appended to `map` (whose offsets are units of the whole
 * text, counted across pieces), which the caller may `take` and `release`.
 */
export class TextPartPreparer {
  readonly map = new SourceMap({ narrow: true, keepTaken: false });
  /** The text not yet prepared (an unfinished line) and the unit it starts at. */
  private pending: string[] = [];
  private pendingStart = 0;
  /** The copies that follow each other in the text go in as one piece (a part without quotes is one). */
  private runText = '';
  private runBase = 0;
  private runStart = 0;
  private runEnd = 0;
  /** A flowed line that ended with a soft break: its depth, and its line break kept should the next line not join it. */
  private previous: { depth: number; lineBreak: string; at: number } | undefined;

  constructor(private readonly options: TextPartOptions) {}

  /** Add `text`; its complete lines go to `map`. */
  write(text: string): void {
    // only the new text is searched: a line longer than many pieces is joined once, when it ends
    const last = text.lastIndexOf('\n');
    if (last === -1) {
      if (text.length > 0) this.pending.push(text);
      return;
    }
    let lines = last + 1 === text.length ? text : text.slice(0, last + 1);
    if (this.pending.length > 0) {
      this.pending.push(lines);
      lines = this.pending.join('');
      this.pending = [];
    }
    if (last + 1 < text.length) this.pending.push(text.slice(last + 1));
    this.prepare(lines);
  }

  /** The last line, unfinished or not. */
  end(): void {
    if (this.pending.length > 0) this.prepare(this.pending.join(''));
    this.pending = [];
    if (this.previous) this.copyText(this.previous.lineBreak, this.previous.at);
    this.previous = undefined;
    this.flushRun();
  }

  /** Prepare `text`, whole lines starting at `pendingStart`. */
  // rule: format-flowed
  private prepare(text: string): void {
    const base = this.pendingStart;
    this.pendingStart += text.length;
    this.runText = text;
    this.runBase = base;
    const { flowed, delSp } = this.options;
    if (!flowed) {
      this.prepareUnflowed(text);
      return;
    }
    for (const line of flowedLines(text)) {
      // A flowed line ends with a space (a soft break), except the signature separator "-- ".
      if (this.previous) {
        if (this.previous.depth !== line.depth) this.copyText(this.previous.lineBreak, this.previous.at);
        this.previous = undefined;
      }
      const soft =
        line.contentEnd > line.contentStart &&
        text.charCodeAt(line.contentEnd - 1) === space &&
        text.slice(line.contentStart, line.contentEnd) !== '-- ' &&
        line.end > line.contentEnd &&
        text.charCodeAt(line.end - 1) === lineFeed;
      if (soft) {
        this.copy(line.contentStart, delSp ? line.contentEnd - 1 : line.contentEnd);
        this.previous = { depth: line.depth, lineBreak: text.slice(line.contentEnd, line.end), at: base + line.contentEnd };
      } else {
        this.copy(line.contentStart, line.end);
      }
    }
    this.flushRun();
  }

  /**
   * `prepare` for text that is not flowed: each line goes as it is from the
   * end of its quote prefix (no line is joined to the next), so text with no
   * `>` at all is one copy, and the lines of quoted text are measured with
   * no object a line.
   */
  // rule: quote-stripping
  private prepareUnflowed(text: string): void {
    if (text.indexOf('>') === -1) this.copy(0, text.length);
    else {
      for (let at = 0; at < text.length; ) {
        const lf = text.indexOf('\n', at);
        const end = lf === -1 ? text.length : lf + 1;
        this.copy(unflowedContentStart(text, at, end), end);
        at = end;
      }
    }
    this.flushRun();
  }

  /** Append `runText[start, end)`, which starts at unit `runBase + start` of the whole text. */
  private copy(start: number, end: number): void {
    if (end <= start) return;
    if (start === this.runEnd) {
      this.runEnd = end;
      return;
    }
    this.flushRun();
    this.runStart = start;
    this.runEnd = end;
  }

  /** Append `text`, which starts at unit `at` of the whole text. */
  private copyText(text: string, at: number): void {
    this.flushRun();
    this.map.copy(text, at);
  }

  private flushRun(): void {
    if (this.runEnd > this.runStart) this.map.copy(this.runText.slice(this.runStart, this.runEnd), this.runBase + this.runStart);
    this.runStart = 0;
    this.runEnd = 0;
  }
}
