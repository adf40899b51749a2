/**
 * Link reference definitions (CommonMark § 4.7) on one line:
 * `[label]: destination "title"`, or with the label alone on its line and
 * the rest on the next (a title on the line after the destination is read
 * by the unit reader, `readTitle`). A footnote definition (`[^label]:`), a
 * label with an escape, a reference or a bracket, a `<…>` destination, a
 * title across lines, or anything else after the destination is not
 * modelled.
 */
import type { Definition } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { absent, type Absent } from './answers.js';
import { isTitleOpening, readRawDestination, readTitle, skipSpaces } from './link-tail.js';

const { leftSquareBracket, rightSquareBracket, colon, backslash, ampersand, space } = codes;

/** micromark's limit on a label. */
const maxLabelLength = 999;

/**
 * The definition on the line `text[first, lineEnd)` (a `[` at `first`),
 * without its position; null when not modelled; {@link absent} when the
 * line surely holds none (a destination, then a space and a character that
 * opens no title: micromark's definition fails, the line is a paragraph's).
 */
export function readDefinition(text: string, first: number, lineEnd: number): Omit<Definition, 'position'> | Absent | null {
  const label = readLabel(text, first, lineEnd);
  if (label === null) return null;
  return readRest(text, label.label, skipSpaces(text, label.end), lineEnd);
}

/**
 * The definition whose label alone (`[label]:`, spaces after it) is on the
 * line `text[first, lineEnd)`, its destination and title on the next line
 * `text[nextFirst, nextEnd)` (after its indentation); null when not
 * modelled. The caller tells that the next line goes on with it.
 *
 * ```markdown
 * > | [Fastify]:
 * > |     #fastify-opts
 * ```
 */
export function readSplitDefinition(text: string, first: number, lineEnd: number, nextFirst: number, nextEnd: number): Omit<Definition, 'position'> | null {
  const label = readLabel(text, first, lineEnd);
  if (label === null || skipSpaces(text, label.end) < lineEnd) return null;
  const rest = readRest(text, label.label, nextFirst, nextEnd);
  return rest === absent ? null : rest;
}

/** The label of a definition at `text[first]` (a `[`), and where what follows its `]:` starts; null when not modelled. */
function readLabel(text: string, first: number, lineEnd: number): { label: string; end: number } | null {
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
  return { label, end: at + 2 };
}

/** The destination at `text[from]` and an optional title, to `lineEnd`, of a definition of `label`; null when not modelled, {@link absent} when surely none. */
function readRest(text: string, label: string, from: number, lineEnd: number): Omit<Definition, 'position'> | Absent | null {
  let at = from;
  const destination = readRawDestination(text, at);
  if (destination === undefined || destination.end > lineEnd) return null;
  at = skipSpaces(text, destination.end);
  let title: string | null = null;
  if (destination.end > from && at > destination.end && at < lineEnd && !isTitleOpening(text.charCodeAt(at))) return absent;
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
