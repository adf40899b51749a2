/**
 * Link reference definitions (CommonMark § 4.7) on one line:
 * `[label]: destination "title"`. A footnote definition (`[^label]:`), a
 * label with an escape, a reference or a bracket, a `<…>` destination, a title on the next line, or anything else
 * after the destination is not modelled.
 */
import type { Definition } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { isTitleOpening, readRawDestination, readTitle, skipSpaces } from './link-tail.js';

const { leftSquareBracket, rightSquareBracket, colon, backslash, ampersand, space } = codes;

/** micromark's limit on a label. */
const maxLabelLength = 999;

/** The definition on the line `text[first, lineEnd)` (a `[` at `first`), without its position; null when not modelled. */
export function readDefinition(text: string, first: number, lineEnd: number): Omit<Definition, 'position'> | null {
  if (text.charCodeAt(first) !== leftSquareBracket) return null;
  let at = first + 1;
  while (at < lineEnd && at - first <= maxLabelLength) {
    const code = text.charCodeAt(at);
    if (code === rightSquareBracket) break;
    if (code === leftSquareBracket || code === backslash || code === ampersand) return null;
    at++;
  }
  const label = text.slice(first + 1, at);
  // `[^label]:` is a GFM footnote definition: not modelled
  if (text.charCodeAt(at) !== rightSquareBracket || text.charCodeAt(at + 1) !== colon || label.trim() === '' || label.startsWith('^')) return null;
  at = skipSpaces(text, at + 2);
  const destination = readRawDestination(text, at);
  if (destination === undefined || destination.end > lineEnd) return null;
  at = skipSpaces(text, destination.end);
  let title: string | null = null;
  if (at > destination.end && isTitleOpening(text.charCodeAt(at))) {
    const read = readTitle(text, at);
    if (read === undefined) return null;
    title = read.title;
    at = skipSpaces(text, read.end);
  }
  if (at < lineEnd) return null;
  return { type: 'definition', identifier: normalizeLabel(label), label, url: destination.url, title };
}

/** A label as mdast identifies it: whitespace runs as one space, trimmed, case folded as micromark does. */
function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, String.fromCharCode(space))
    .trim()
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}
