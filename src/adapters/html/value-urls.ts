/**
 * Where the URLs are inside an attribute value (decoded): the whole value
 * trimmed, each candidate of a `srcset`, each item of a `ping` list, the URL
 * of a `<meta http-equiv="refresh">` content. Spans are `[from, to)` in the
 * value; the URL itself is the span with tabs and line breaks removed, as
 * the URL standard reads it.
 */
import { codes } from '../../decode/character-codes.js';
import type { ValueKind } from './url-attributes.js';

export interface ValueSpan {
  from: number;
  to: number;
}

/** HTML's ASCII whitespace: space, tab, LF, FF, CR. */
export function isHtmlSpace(code: number): boolean {
  return (
    code === codes.space ||
    code === codes.tab ||
    code === codes.lineFeed ||
    code === codes.formFeed ||
    code === codes.carriageReturn
  );
}

/** URL standard: leading and trailing C0 controls and spaces are stripped. */
function isC0OrSpace(code: number): boolean {
  return code <= codes.space;
}

/** The value without leading and trailing C0 controls and spaces. */
export function trimmedSpan(value: string, from = 0, to = value.length): ValueSpan | undefined {
  let start = from;
  let end = to;
  while (start < end && isC0OrSpace(value.charCodeAt(start))) start++;
  while (end > start && isC0OrSpace(value.charCodeAt(end - 1))) end--;
  return start === end ? undefined : { from: start, to: end };
}

/** The URL a span reads as: tabs and line breaks removed (URL standard). */
export function spanUrl(value: string, span: ValueSpan): string {
  const text = value.slice(span.from, span.to);
  return /[\t\n\r]/.test(text) ? text.replace(/[\t\n\r]/g, '') : text;
}

/**
 * `srcset` (HTML § parse a srcset attribute): candidates separated by
 * commas; each is a URL, then optional descriptors (`2x`, `100w`) up to the
 * next comma outside parentheses. A URL that ends in commas loses them.
 *
 * ```html
 * > | <img srcset="a.png 1x, http://h/b.png 2x">
 *                  ^^^^^      ^^^^^^^^^^^^^^
 * ```
 */
function srcsetSpans(value: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  let index = 0;
  const length = value.length;
  while (index < length) {
    // 1. skip whitespace and commas
    while (index < length && (isHtmlSpace(value.charCodeAt(index)) || value.charCodeAt(index) === codes.comma)) index++;
    if (index >= length) break;
    // 2. the URL: up to whitespace
    const start = index;
    while (index < length && !isHtmlSpace(value.charCodeAt(index))) index++;
    let end = index;
    if (value.charCodeAt(end - 1) === codes.comma) {
      // 3. trailing commas end the candidate: no descriptors
      while (end > start && value.charCodeAt(end - 1) === codes.comma) end--;
    } else {
      // 4. descriptors up to a comma outside parentheses
      let depth = 0;
      while (index < length) {
        const code = value.charCodeAt(index);
        if (code === codes.leftParenthesis) depth++;
        else if (code === codes.rightParenthesis && depth > 0) depth--;
        else if (code === codes.comma && depth === 0) break;
        index++;
      }
    }
    if (end > start) spans.push({ from: start, to: end });
  }
  return spans;
}

/** `ping`: URLs separated by ASCII whitespace. */
function listSpans(value: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  let index = 0;
  while (index < value.length) {
    while (index < value.length && isHtmlSpace(value.charCodeAt(index))) index++;
    const start = index;
    while (index < value.length && !isHtmlSpace(value.charCodeAt(index))) index++;
    if (index > start) spans.push({ from: start, to: index });
  }
  return spans;
}

/** The URL spans of an attribute value of this kind. */
// rule: html-attribute-values
export function valueSpans(value: string, kind: ValueKind): ValueSpan[] {
  if (kind === 'srcset') return srcsetSpans(value);
  if (kind === 'list') return listSpans(value);
  const span = trimmedSpan(value);
  return span === undefined ? [] : [span];
}

/**
 * The URL of a refresh: `5; url=http://h/`, `0;URL='http://h/'`,
 * `0, http://h/` (HTML § shared declarative refresh steps).
 *
 * ```html
 * > | <meta http-equiv="refresh" content="5; url=http://h/">
 *                                                ^^^^^^^^
 * ```
 */
export function refreshSpan(value: string): ValueSpan | undefined {
  let index = 0;
  const length = value.length;
  const skipSpace = () => {
    while (index < length && isHtmlSpace(value.charCodeAt(index))) index++;
  };
  skipSpace();
  // the time: digits and dots
  const timeStart = index;
  while (index < length && ((value.charCodeAt(index) >= codes.digit0 && value.charCodeAt(index) <= codes.digit9) || value.charCodeAt(index) === codes.dot)) {
    index++;
  }
  if (index === timeStart) return undefined;
  skipSpace();
  const separator = value.charCodeAt(index);
  if (separator !== codes.semicolon && separator !== codes.comma) return undefined;
  index++;
  skipSpace();
  // optional `url` `=`
  if (value.slice(index, index + 3).toLowerCase() === 'url') {
    let after = index + 3;
    while (after < length && isHtmlSpace(value.charCodeAt(after))) after++;
    if (value.charCodeAt(after) === codes.equalsSign) {
      index = after + 1;
      skipSpace();
    }
  }
  let end = length;
  const quote = value.charCodeAt(index);
  if (quote === codes.quotationMark || quote === codes.apostrophe) {
    index++;
    const close = value.indexOf(value.charAt(index - 1), index);
    if (close !== -1) end = close;
  }
  return trimmedSpan(value, index, end);
}
