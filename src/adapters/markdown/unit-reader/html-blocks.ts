/**
 * How HTML blocks (CommonMark § 4.6) start and end: kinds 1–5 by
 * `html-kinds.ts`'s table, kind 6 by its tag names (micromark's list),
 * ended by a blank line; kind 7 (any other complete tag alone on its line,
 * `raw-html.ts`), ended by a blank line too, but unable to interrupt a
 * paragraph.
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiAlpha, isAsciiAlphanumeric } from '../../../scanner/character-classes.js';
import { endsAtBlankLine, htmlKindOf, type HtmlKind } from './html-kinds.js';
import { startsKind7 } from './raw-html.js';

const { lessThan, slash, greaterThan, space, tab, dash } = codes;

/** Tag names that start an HTML block of kind 6. */
const blockNames = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul'
  ).split(' '),
);

/** The kind of the HTML block of kinds 1–6 starting at `text[first]` ({@link endsAtBlankLine} for kind 6), undefined for none. */
export function htmlBlockKind(text: string, first: number, lineEnd: number): HtmlKind | undefined {
  if (text.charCodeAt(first) !== lessThan) return undefined;
  const kind = htmlKindOf(text.slice(first, lineEnd));
  if (kind !== undefined) return kind;
  let at = first + 1;
  if (text.charCodeAt(at) === slash) at++;
  const name = at;
  if (!isAsciiAlpha(text.charCodeAt(at))) return undefined;
  while (isAsciiAlphanumeric(text.charCodeAt(at)) || text.charCodeAt(at) === dash) at++;
  if (!blockNames.has(text.slice(name, at).toLowerCase())) return undefined;
  const after = text.charCodeAt(at);
  const closes = after === greaterThan || (after === slash && text.charCodeAt(at + 1) === greaterThan);
  return at === lineEnd || after === space || after === tab || closes ? endsAtBlankLine : undefined;
}

/** The kind of the HTML block of any kind starting at `text[first]`: kinds 1–6 as {@link htmlBlockKind}, {@link endsAtBlankLine} for kind 7. */
export function anyHtmlBlockKind(text: string, first: number, lineEnd: number): HtmlKind | undefined {
  return htmlBlockKind(text, first, lineEnd) ?? (startsKind7(text, first, lineEnd) ? endsAtBlankLine : undefined);
}
