/**
 * The one record factory: every record of the library, whatever found it
 * (the scanner, a Markdown link, an HTML attribute, a mail header), is made
 * here, and the `schemes` and `strict` options are applied here and nowhere
 * else.
 *
 * It is on the scanner's hot path, so it stays a thin function building one
 * object literal of one shape (V8 keeps every record on one hidden class).
 */
import { noErrors, simpleHttpParts, simpleHttpScheme } from '../parse/http-fast-path.js';
import { parseByGrammar } from '../parse/parse-url.js';
import type { ParsedUrl, UrlParts } from '../parse/parsed-url.js';
import { hrefOf } from './href.js';
import type { Form, HtmlRecord, MailRecord, Point, UrlRecord } from './url-record.js';

/** The options that decide which URLs are reported. */
export interface RecordFilter {
  /** Allow-list of lower-case schemes; `undefined`: every scheme. */
  readonly schemes: ReadonlySet<string> | undefined;
  /** Only URLs valid by RFC 1738. */
  readonly strict: boolean;
  /**
   * Schemes left out when `schemes` is `undefined` (HTML attributes leave out
   * `javascript:` and the like unless the user names them); `undefined`: none.
   */
  readonly skippedSchemes?: ReadonlySet<string> | undefined;
}

/**
 * The record of `url` found as `raw` between `start` and `end` (exclusive):
 * parsed by the RFC 1738 grammar, with the URI a browser requests for it
 * (`href`, href.ts) when that is not `url` itself; `undefined` when `filter`
 * leaves it out (a scheme not in `schemes`, or invalid under `strict`).
 *
 * @param url The reading: wrapper and inserted whitespace removed.
 * @param form How the URL was delimited.
 * @param alternatives Other readings (the hyphen rule); the array is kept, not copied.
 * @param raw The exact source text, delimiters included.
 */
// rule: schemes-and-strict
export function createRecord(
  url: string,
  form: Form,
  alternatives: string[],
  raw: string,
  start: Point,
  end: Point,
  filter: RecordFilter,
): UrlRecord | undefined {
  // the common case (a plain http(s) URL) without a `ParsedUrl` around its parts
  const fastParts = simpleHttpParts(url);
  if (fastParts !== undefined) {
    const scheme = simpleHttpScheme(url);
    if (!acceptsScheme(scheme, filter)) return undefined;
    return { url, href: undefined, raw, scheme, form, alternatives, start, end, valid: true, errors: noErrors, parts: fastParts };
  }
  const parsed = parseByGrammar(url);
  if (!accepts(parsed, filter)) return undefined;
  return {
    url,
    href: hrefOf(url),
    raw,
    scheme: parsed.scheme,
    form,
    alternatives,
    start,
    end,
    valid: parsed.valid,
    errors: parsed.errors,
    parts: parsed.parts,
  };
}

/** How a scanner turns what it found into a record: `createRecord`'s signature. */
export type RecordFactory = typeof createRecord;

/** The `parts` of a record made by `createReadingRecord`: none read. */
const unreadParts: UrlParts = Object.freeze({});

/**
 * A record for output that shows only where a URL is and how it reads (the
 * command's text rows: `url`, `alternatives`, `start`; `raw`, `form` and
 * `end` too): `url` is not parsed, so `scheme` is `''`, `valid` `true`,
 * `errors` and `parts` empty and `href` `undefined`, whatever the URL.
 * Parsing is most of the cost of a record on the scanner's hot path. With a
 * filter that may leave a URL out (`schemes`, `strict`, skipped schemes) the
 * URL must be parsed: the record is `createRecord`'s.
 */
export const createReadingRecord: RecordFactory = (url, form, alternatives, raw, start, end, filter) => {
  if (filter.schemes !== undefined || filter.strict || filter.skippedSchemes !== undefined) return createRecord(url, form, alternatives, raw, start, end, filter);
  return { url, href: undefined, raw, scheme: '', form, alternatives, start, end, valid: true, errors: noErrors, parts: unreadParts };
};

/** Does `filter` keep a URL of `scheme` (its validity apart)? */
function acceptsScheme(scheme: string, filter: RecordFilter): boolean {
  const schemes = filter.schemes;
  return schemes !== undefined ? schemes.has(scheme) : filter.skippedSchemes?.has(scheme) !== true;
}

/** Does `filter` keep a URL parsed as `parsed`? */
function accepts(parsed: ParsedUrl, filter: RecordFilter): boolean {
  return acceptsScheme(parsed.scheme, filter) && (!filter.strict || parsed.valid);
}

/**
 * The record of `url`, found in HTML attribute `attribute` (`a href`,
 * `img srcset`…) as `raw`: `createRecord` with the form `html-attribute`,
 * in the shape of every HTML record.
 */
export function createHtmlRecord(
  url: string,
  attribute: string,
  raw: string,
  start: Point,
  end: Point,
  filter: RecordFilter,
): HtmlRecord | undefined {
  const record = createRecord(url, 'html-attribute', [], raw, start, end, filter);
  return record === undefined ? undefined : moveHtmlRecord(record, raw, start, end, attribute);
}

/**
 * `record` found in a derived text (a Markdown run, a decoded mail part) moved
 * to where it is in the source: a new record of the same shape, with the
 * source's `raw`, `start` and `end`. An HTML record (HTML inside Markdown or
 * mail) keeps its `attribute`, and a relative link's record its `relative`.
 */
export function moveRecord(record: UrlRecord, raw: string, start: Point, end: Point): UrlRecord {
  if ('attribute' in record) return moveHtmlRecord(record, raw, start, end, (record as HtmlRecord).attribute);
  const moved: UrlRecord = {
    url: record.url,
    href: record.href,
    raw,
    scheme: record.scheme,
    form: record.form,
    alternatives: record.alternatives,
    start,
    end,
    valid: record.valid,
    errors: record.errors,
    parts: record.parts,
  };
  if (record.relative === true) moved.relative = true;
  return moved;
}

/**
 * `moveRecord` for HTML: `record` at its place in the HTML source, with the
 * attribute it came from (`undefined` for a URL in text). Every HTML record
 * is made here, so all have one shape, `attribute` last.
 */
export function moveHtmlRecord(
  record: UrlRecord,
  raw: string,
  start: Point,
  end: Point,
  attribute: string | undefined = undefined,
): HtmlRecord {
  const moved: HtmlRecord = {
    url: record.url,
    href: record.href,
    raw,
    scheme: record.scheme,
    form: record.form,
    alternatives: record.alternatives,
    start,
    end,
    valid: record.valid,
    errors: record.errors,
    parts: record.parts,
    attribute,
  };
  if (record.relative === true) moved.relative = true;
  return moved;
}

/** Where in the mail a record was found: the fields a `MailRecord` adds, absent ones `undefined`. */
export interface MailPlace {
  readonly message: MailRecord['message'];
  readonly file: string | undefined;
  readonly mimePart: string | undefined;
  readonly header: string | undefined;
  readonly position: 'part' | undefined;
}

/**
 * `record` found in a decoded part of a message, as the `MailRecord` at
 * `start` and `end` in the file, with the source's `raw` and the mail fields
 * of `place` (each present only when defined, in the order `message`,
 * `file`, `mimePart`, `header`, `position`; a record of an HTML part keeps
 * its `attribute` before them). Made in one step: a record of a text part
 * (a MIME part, nothing else) is one object literal of one shape.
 */
export function createMailRecord(record: UrlRecord, raw: string, start: Point, end: Point, place: MailPlace): MailRecord {
  const { message, file, mimePart, header, position } = place;
  if (file === undefined && header === undefined && position === undefined && mimePart !== undefined && !('attribute' in record)) {
    return {
      url: record.url,
      href: record.href,
      raw,
      scheme: record.scheme,
      form: record.form,
      alternatives: record.alternatives,
      start,
      end,
      valid: record.valid,
      errors: record.errors,
      parts: record.parts,
      message,
      mimePart,
    };
  }
  // a record from an HTML part keeps its `attribute`, before the mail fields
  const mail = moveRecord(record, raw, start, end) as MailRecord;
  mail.message = message;
  if (file !== undefined) mail.file = file;
  if (mimePart !== undefined) mail.mimePart = mimePart;
  if (header !== undefined) mail.header = header;
  if (position !== undefined) mail.position = position;
  return mail;
}
