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
import { codes } from '../../character-codes.js';

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

/**
 * Split `text` into lines and measure each one's quote prefix.
 *
 * Flowed (RFC 3676 §4.5): the prefix is a run of `>` and one space after it is
 * space-stuffing. Otherwise: `>` marks with spaces between them (`> > `) and
 * one space after the last one.
 */
function* quotedLines(text: string, flowed: boolean): Generator<Line> {
  for (let at = 0; at < text.length; ) {
    const lf = text.indexOf('\n', at);
    const end = lf === -1 ? text.length : lf + 1;
    let contentEnd = lf === -1 ? text.length : lf;
    if (contentEnd > at && text.charCodeAt(contentEnd - 1) === carriageReturn) contentEnd--;
    let i = at;
    let depth = 0;
    if (flowed) {
      while (i < contentEnd && text.charCodeAt(i) === greaterThan) {
        depth++;
        i++;
      }
      if (i < contentEnd && text.charCodeAt(i) === space) i++;
    } else {
      let j = i;
      for (;;) {
        while (j < contentEnd && (text.charCodeAt(j) === space || text.charCodeAt(j) === tab)) j++;
        if (j < contentEnd && text.charCodeAt(j) === greaterThan) {
          depth++;
          i = ++j;
        } else break;
      }
      if (depth > 0 && i < contentEnd && text.charCodeAt(i) === space) i++;
    }
    yield { contentStart: i, contentEnd, end, depth };
    at = end;
  }
}

/** Unwrap and unquote a decoded text part. */
export function prepareTextPart(text: string, options: TextPartOptions): PreparedText {
  const map = new SourceMap();
  // the copies that follow each other in `text` go in as one piece (a part without quotes is one)
  let runStart = 0;
  let runEnd = 0;
  const copy = (start: number, end: number): void => {
    if (end <= start) return;
    if (start === runEnd) {
      runEnd = end;
      return;
    }
    if (runEnd > runStart) map.copy(text.slice(runStart, runEnd), runStart);
    runStart = start;
    runEnd = end;
  };
  let previous: Line | undefined;
  for (const line of quotedLines(text, options.flowed)) {
    // A flowed line ends with a space (a soft break), except the signature separator "-- ".
    if (previous) {
      const joined = previous.depth === line.depth;
      if (!joined) copy(previous.contentEnd, previous.end);
      previous = undefined;
    }
    const content = text.slice(line.contentStart, line.contentEnd);
    const soft =
      options.flowed &&
      line.contentEnd > line.contentStart &&
      text.charCodeAt(line.contentEnd - 1) === space &&
      content !== '-- ' &&
      line.end > line.contentEnd &&
      text.charCodeAt(line.end - 1) === lineFeed;
    if (soft) {
      copy(line.contentStart, options.delSp ? line.contentEnd - 1 : line.contentEnd);
      previous = line;
    } else {
      copy(line.contentStart, line.end);
    }
  }
  if (previous) copy(previous.contentEnd, previous.end);
  if (runEnd > runStart) map.copy(text.slice(runStart, runEnd), runStart);
  return { text: map.text, map };
}
