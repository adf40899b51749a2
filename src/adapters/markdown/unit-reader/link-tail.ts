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
  let at = skipSpaces(text, open + 1);
  let url = '';
  if (text.charCodeAt(at) !== rightParenthesis) {
    if (text.charCodeAt(at) === lessThan) return undefined;
    let depth = 0;
    let sliceFrom = at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code === space || isAsciiControl(code)) break;
      const decoded = decodedAt(text, at);
      if (decoded === null) return undefined;
      if (decoded !== undefined) {
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
      if (Number.isNaN(code) || code === lineFeed || code === carriageReturn) return undefined;
      const decoded = decodedAt(text, at);
      if (decoded === null) return undefined;
      if (decoded !== undefined) {
        value += text.slice(sliceFrom, at) + decoded.value;
        sliceFrom = at = decoded.end;
        continue;
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

/** An escape or a character reference at `text[at]`: what it stands for and where it ends; undefined for any other character, null when not modelled. */
function decodedAt(text: string, at: number): { value: string; end: number } | undefined | null {
  const code = text.charCodeAt(at);
  if (code === backslash && isAsciiPunctuation(text.charCodeAt(at + 1))) return { value: text.charAt(at + 1), end: at + 2 };
  return code === ampersand ? referenceAt(text, at) : undefined;
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (text.charCodeAt(at) === space || text.charCodeAt(at) === tab) at++;
  return at;
}
