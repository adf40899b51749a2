/**
 * Character classes of CommonMark as micromark applies them, on UTF-16
 * code units (micromark reads a document one code unit at a time).
 */
import { codes } from '../../../decode/character-codes.js';

const { space, tab, lineFeed, carriageReturn, exclamationMark, slash, colon, atSign, leftSquareBracket, graveAccent, leftCurlyBrace, tilde, delete: del } = codes;

const unicodePunctuationPattern = /\p{P}|\p{S}/u;
const unicodeWhitespacePattern = /\s/;

/**
 * `text.charCodeAt(at)`, NaN before or past the text as there, but without
 * reading out of bounds: V8's optimized code takes a read past the end as
 * a case it never saw and is thrown away at the first one (then compiled
 * again), which for the unit reader's large functions costs a compile each
 * time. For the places that may read past the text; a loop bounds itself.
 */
export function codeAt(text: string, at: number): number {
  return at >= 0 && at < text.length ? text.charCodeAt(at) : Number.NaN;
}

/** `NaN` (before the start or past the end of a text) stands for micromark's `null`. */
export function isMissing(code: number): boolean {
  return Number.isNaN(code);
}

export function isLineEndingOrSpace(code: number): boolean {
  return code === space || code === tab || code === lineFeed || code === carriageReturn;
}

/**
 * ASCII is answered without a regular expression: its whitespace (`\s`)
 * is tab, line feed, vertical tab, form feed, carriage return and space,
 * its punctuation and symbols (`\p{P}`, `\p{S}`) what a backslash escapes
 * (a test holds both against the expressions). No table made at start.
 */
const asciiLimit = 128;

export function isUnicodeWhitespace(code: number): boolean {
  if (code < asciiLimit) return code === space || (code >= tab && code <= carriageReturn);
  return !isMissing(code) && unicodeWhitespacePattern.test(String.fromCharCode(code));
}

export function isUnicodePunctuation(code: number): boolean {
  if (code < asciiLimit) return isAsciiPunctuation(code);
  return !isMissing(code) && unicodePunctuationPattern.test(String.fromCharCode(code));
}

/** ASCII punctuation: what a backslash escapes. */
export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= exclamationMark && code <= slash) ||
    (code >= colon && code <= atSign) ||
    (code >= leftSquareBracket && code <= graveAccent) ||
    (code >= leftCurlyBrace && code <= tilde)
  );
}

export function isAsciiControl(code: number): boolean {
  return code < space || code === del;
}

/** How an emphasis run sees its neighbour: whitespace (also the text's edges), punctuation, or anything else. */
export const characterKind = { whitespace: 1, punctuation: 2, other: 0 } as const;
export type CharacterKind = (typeof characterKind)[keyof typeof characterKind];

export function classify(code: number): CharacterKind {
  if (isMissing(code) || isLineEndingOrSpace(code) || isUnicodeWhitespace(code)) return characterKind.whitespace;
  if (isUnicodePunctuation(code)) return characterKind.punctuation;
  return characterKind.other;
}

/** The marks of a checked GFM task list item (`[x]`, `[X]`), which the shared table does not name. */
export const checkMarks = { lowercaseX: 'x'.charCodeAt(0), uppercaseX: 'X'.charCodeAt(0) } as const;

/** The mark of a GFM footnote label (`[^label]`), which the shared table does not name. */
export const caret = '^'.charCodeAt(0);
