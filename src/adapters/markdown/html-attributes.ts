/**
 * `href` and `src` attribute values in the text of an HTML node (option
 * `html`). Comments are skipped; values are decoded (`&amp;` → `&`) and
 * trimmed as HTML does.
 *
 * ```markdown
 * > | <a href="ftp://ds.internic.net/rfc/">RFCs</a>
 *              ^^^^^^^^^^^^^^^^^^^^^^^^^^ the value, without quotes
 * ```
 */
import { codes } from '../../character-codes.js';
import { decodeCharacterReferences } from './character-reference.js';

export interface AttributeValue {
  /** The decoded, trimmed value. */
  value: string;
  /** Where the value (without quotes and surrounding whitespace) is in the HTML: `[from, to)`. */
  from: number;
  to: number;
}

const comment = /<!--[\s\S]*?(?:-->|$)/g;
const attribute = /[\s"'/](?:href|src)[ \t\n\r\f]*=[ \t\n\r\f]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const htmlWhitespace = /^[ \t\n\r\f]+|[ \t\n\r\f]+$/g;

/** Every `href` and `src` value in `html`, in order. */
export function htmlAttributeValues(html: string): AttributeValue[] {
  // blank out comments, keeping offsets
  const text = html.includes('<!--') ? html.replace(comment, (found) => ' '.repeat(found.length)) : html;
  const values: AttributeValue[] = [];
  for (const match of text.matchAll(attribute)) {
    const quoted = match[1] ?? match[2];
    const raw = quoted ?? (match[3] as string);
    const valueEnd = (match.index as number) + match[0].length - (quoted === undefined ? 0 : 1);
    let from = valueEnd - raw.length;
    let to = valueEnd;
    while (from < to && isHtmlWhitespace(html.charCodeAt(from))) from++;
    while (to > from && isHtmlWhitespace(html.charCodeAt(to - 1))) to--;
    if (from === to) continue;
    values.push({ value: decodeCharacterReferences(html.slice(from, to)).replace(htmlWhitespace, ''), from, to });
  }
  return values;
}

function isHtmlWhitespace(code: number): boolean {
  return (
    code === codes.space ||
    code === codes.tab ||
    code === codes.lineFeed ||
    code === codes.carriageReturn ||
    code === codes.formFeed
  );
}
