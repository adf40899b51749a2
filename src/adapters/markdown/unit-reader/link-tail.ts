/**
 * The `(destination "title")` after a link's `]` (CommonMark § 6.3): a raw
 * destination (no `<…>` form), with balanced parentheses nested at most 32
 * deep as micromark allows, and an optional title on the same line; escapes
 * and character references decoded.
 * Anything else is not modelled (`undefined`): the caller hands the unit to
 * remark, where a failed resource may still be a reference link.
 */
import { codes } from '../../../character-codes.js';
import { isAsciiControl, isAsciiPunctuation } from './characters.js';
import { referenceAt } from './references.js';

const { space, tab, leftParenthesis, rightParenthesis, backslash, quotationMark, apostrophe, lessThan, lineFeed, ampersand } = codes;

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
  let at = skipSpaces(text, open + 1);
  let url = '';
  if (text.charCodeAt(at) !== rightParenthesis) {
    if (text.charCodeAt(at) === lessThan) return undefined;
    let depth = 0;
    let sliceFrom = at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code === space || isAsciiControl(code)) break;
      if (code === backslash && isAsciiPunctuation(text.charCodeAt(at + 1))) {
        url += text.slice(sliceFrom, at);
        sliceFrom = at + 1;
        at += 2;
        continue;
      }
      if (code === ampersand) {
        const reference = referenceAt(text, at);
        if (reference === null) return undefined;
        if (reference !== undefined) {
          url += text.slice(sliceFrom, at) + reference.value;
          sliceFrom = reference.end;
          at = reference.end;
          continue;
        }
      }
      if (code === leftParenthesis) {
        if (++depth > maxDepth) return undefined;
      } else if (code === rightParenthesis) {
        if (depth === 0) break;
        depth--;
      }
      at++;
    }
    if (depth !== 0) return undefined;
    url += text.slice(sliceFrom, at);
  }
  const afterUrl = at;
  at = skipSpaces(text, at);
  let title: string | null = null;
  const opening = text.charCodeAt(at);
  if (at > afterUrl && (opening === quotationMark || opening === apostrophe || opening === leftParenthesis)) {
    const closing = opening === leftParenthesis ? rightParenthesis : opening;
    let value = '';
    let sliceFrom = at + 1;
    at++;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code === lineFeed) return undefined;
      if (code === backslash && isAsciiPunctuation(text.charCodeAt(at + 1))) {
        value += text.slice(sliceFrom, at);
        sliceFrom = at + 1;
        at += 2;
        continue;
      }
      if (code === ampersand) {
        const reference = referenceAt(text, at);
        if (reference === null) return undefined;
        if (reference !== undefined) {
          value += text.slice(sliceFrom, at) + reference.value;
          sliceFrom = reference.end;
          at = reference.end;
          continue;
        }
      }
      if (code === closing) break;
      if (opening === leftParenthesis && code === leftParenthesis) return undefined;
      at++;
    }
    title = value + text.slice(sliceFrom, at);
    at = skipSpaces(text, at + 1);
  }
  if (text.charCodeAt(at) !== rightParenthesis) return undefined;
  return { url, title, end: at + 1 };
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (text.charCodeAt(at) === space || text.charCodeAt(at) === tab) at++;
  return at;
}
