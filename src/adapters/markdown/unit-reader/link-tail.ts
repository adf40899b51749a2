/**
 * The `(destination "title")` after a link's `]` (CommonMark § 6.3): a raw
 * destination (no `<…>` form), with balanced parentheses nested at most 32
 * deep as micromark allows, and an optional title on one line (whitespace
 * around them may hold line endings); escapes
 * and character references decoded.
 * Anything else is not modelled (`undefined`): the caller hands the unit to
 * remark, where a failed resource may still be a reference link.
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiControl, isAsciiPunctuation } from './characters.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';
import { referenceAt } from './references.js';

const { space, tab, leftParenthesis, rightParenthesis, backslash, quotationMark, apostrophe, lessThan, lineFeed, carriageReturn, ampersand } = codes;

/** micromark's limit on nested parentheses in a raw destination. */
const maxDepth = 32;

export interface LinkTail {
  url: string;
  title: string | null;
  /** Just after the closing `)`. */
  end: number;
}

/** The resource starting at `text[open]` (a `(`), on one line. */
export function readLinkTail(text: string, open: number): LinkTail | undefined {
  let at = skipWhitespace(text, open + 1);
  let url = '';
  if (text.charCodeAt(at) !== rightParenthesis) {
    const destination = readRawDestination(text, at);
    if (destination === undefined) return undefined;
    url = destination.url;
    at = destination.end;
  }
  const afterUrl = at;
  at = skipWhitespace(text, at);
  let title: string | null = null;
  if (at > afterUrl && isTitleOpening(text.charCodeAt(at))) {
    const read = readTitle(text, at);
    if (read === undefined) return undefined;
    title = read.title;
    at = skipWhitespace(text, read.end);
  }
  if (text.charCodeAt(at) !== rightParenthesis) return undefined;
  return { url, title, end: at + 1 };
}

/**
 * Does the `(` at `text[open]` surely open no resource (micromark's
 * resource fails there)? A raw destination read exactly, then the end of
 * the text, or whitespace (a line ending too) and a character that opens
 * no title and is no `)`. Unless `acrossLines`, not where micromark's
 * attempt read across a line ending before it failed (it then places the
 * text before the next node elsewhere when the next line starts after a
 * container's prefix or indentation).
 *
 * ```markdown
 * > | [#1534](Fixes https://a.example/1534): …   ← `Fixes`, then `h`
 * ```
 */
export function surelyNoResource(text: string, open: number, acrossLines: boolean): boolean {
  const from = skipWhitespace(text, open + 1);
  if (text.charCodeAt(from) === rightParenthesis) return false;
  const destination = readRawDestination(text, from);
  if (destination === undefined) return false;
  const after = skipWhitespace(text, destination.end);
  if (!acrossLines && holdsLineEnding(text, open, after)) return false;
  const code = text.charCodeAt(after);
  if (Number.isNaN(code)) return true;
  return after > destination.end && code !== rightParenthesis && !isTitleOpening(code);
}

/** `"`, `'` or `(`: may open a title. */
export function isTitleOpening(code: number): boolean {
  return code === quotationMark || code === apostrophe || code === leftParenthesis;
}

/** The title opening at `text[from]`, on its line; escapes and references decoded. `end`: after its closing mark. */
export function readTitle(text: string, from: number): { title: string; end: number } | undefined {
  const opening = text.charCodeAt(from);
  const closing = opening === leftParenthesis ? rightParenthesis : opening;
  let value = '';
  let sliceFrom = from + 1;
  let at = from + 1;
  for (;;) {
    const code = text.charCodeAt(at);
    if (Number.isNaN(code) || code === lineFeed || code === carriageReturn) return undefined;
    const decoded = code === backslash || code === ampersand ? decodedAt(text, at) : absent;
    if (decoded === notModelled) return undefined;
    if (decoded !== absent) {
      value += text.slice(sliceFrom, at) + decoded.value;
      sliceFrom = at = decoded.end;
      continue;
    }
    if (code === closing) return { title: value + text.slice(sliceFrom, at), end: at + 1 };
    if (opening === leftParenthesis && code === leftParenthesis) return undefined;
    at++;
  }
}

/**
 * A raw destination at `text[from]` (no `<…>` form): up to a space, a
 * control character or an unbalanced `)`, parentheses nested at most 32
 * deep; escapes and character references decoded.
 */
export function readRawDestination(text: string, from: number): { url: string; end: number } | undefined {
  if (text.charCodeAt(from) === lessThan) return undefined;
  let at = from;
  let url = '';
  let depth = 0;
  let sliceFrom = at;
  for (;;) {
    const code = text.charCodeAt(at);
    if (Number.isNaN(code) || code === space || isAsciiControl(code)) break;
    // only an escape or a reference is decoded (the other characters are taken as they are, without a call each)
    const decoded = code === backslash || code === ampersand ? decodedAt(text, at) : absent;
    if (decoded === notModelled) return undefined;
    if (decoded !== absent) {
      url += text.slice(sliceFrom, at) + decoded.value;
      sliceFrom = at = decoded.end;
      continue;
    }
    if (code === leftParenthesis) {
      if (++depth > maxDepth) return undefined;
    } else if (code === rightParenthesis) {
      if (depth === 0) break;
      depth--;
    }
    at++;
  }
  if (depth !== 0 || at === from) return undefined;
  return { url: url + text.slice(sliceFrom, at), end: at };
}

/**
 * `value` with its escapes and character references decoded, as micromark
 * decodes a string (a fence's info string); {@link notModelled} where
 * micromark decodes a reference otherwise.
 */
export function decodeString(value: string): string | NotModelled {
  if (!value.includes('\\') && !value.includes('&')) return value;
  let decoded = '';
  let sliceFrom = 0;
  for (let at = 0; at < value.length; ) {
    const found = decodedAt(value, at);
    if (found === notModelled) return notModelled;
    if (found === absent) {
      at++;
      continue;
    }
    decoded += value.slice(sliceFrom, at) + found.value;
    sliceFrom = at = found.end;
  }
  return decoded + value.slice(sliceFrom);
}

/** An escape or a character reference at `text[at]`: what it stands for and where it ends; {@link absent} for any other character. */
function decodedAt(text: string, at: number): { value: string; end: number } | Absent | NotModelled {
  const code = text.charCodeAt(at);
  if (code === backslash && isAsciiPunctuation(text.charCodeAt(at + 1))) return { value: text.charAt(at + 1), end: at + 2 };
  return code === ampersand ? referenceAt(text, at) : absent;
}

/** Spaces, tabs and line endings (a paragraph holds no blank line: at most one between other characters). */
function skipWhitespace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== space && code !== tab && code !== lineFeed && code !== carriageReturn) return at;
    at++;
  }
}

export function skipSpaces(text: string, from: number): number {
  let at = from;
  while (text.charCodeAt(at) === space || text.charCodeAt(at) === tab) at++;
  return at;
}

/** Is a line ending in `text[from, to)`? */
function holdsLineEnding(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === lineFeed || code === carriageReturn) return true;
  }
  return false;
}
