/**
 * The messages `urlsift/remark` puts on a file: for an invalid URL one per
 * kind of problem, naming the character and where it is in the source; for
 * a URL broken after a hyphen, its other readings.
 *
 * ```text
 * 1:5-1:25 Invalid URL `ftp://a/b\c|d`: "\" at column 14 (and 1 more): The characters … must be encoded
 * ```
 */
import type { VFile } from 'vfile';
import { codes } from '../../../decode/character-codes.js';
import type { ParseError } from '../../../parse/parsed-url.js';
import type { Point, UrlRecord } from '../../../records/url-record.js';
import { isRefusedByRfc3986 } from './rfc3986.js';
import { htmlNotesUrl, messageSource, ruleIds, ruleUrl, type RuleId } from './rule-ids.js';

/** Errors about one character of the URL: the message names it. */
const characterErrors = new Set([
  'bad-escape',
  'reserved-character',
  'unsafe-character',
  'national-character',
  'control-character',
  'space',
  'non-ascii',
]);

const urlPrefix = /^<?\s*url:\s*/i;
const mailtoPrefix = 'mailto:';

/** How messages are put: with `strict`, also for what only RFC 1738 refuses; `fatal` for a severity of `error`. */
export interface ReportSettings {
  strict: boolean;
  fatal: boolean;
}

/** Put the messages of `records` on `file`. */
// rule: rfc1738-strict
// rule: ambiguous-hyphen
export function report(file: VFile, records: readonly UrlRecord[], settings: ReportSettings): void {
  for (const record of records) {
    const place = { start: record.start, end: record.end };
    const say = (reason: string, ruleId: RuleId) => {
      const message = file.message(reason, { place, ruleId, source: messageSource });
      message.fatal = settings.fatal;
      message.url = ruleUrl(ruleId);
    };
    if (!record.valid) {
      const refused = record.errors.filter((error) => isRefusedByRfc3986(record.url, error));
      // an invalid record without errors (none is made so) is refused all the same
      if (refused.length > 0 || record.errors.length === 0) for (const reason of invalidUrlReasons(record, refused)) say(reason, ruleIds.invalidUrl);
      if (settings.strict) {
        const rfc1738Only = record.errors.filter((error) => !refused.includes(error));
        if (rfc1738Only.length > 0) for (const reason of invalidUrlReasons(record, rfc1738Only, 'RFC 1738 refuses')) say(reason, ruleIds.rfc1738Strict);
      }
    }
    if (record.alternatives.length > 0) {
      const others = record.alternatives.map((url) => `\`${url}\``).join(' or ');
      say(`URL \`${record.url}\` is broken across lines after a hyphen: it may also read ${others}`, ruleIds.ambiguousHyphen);
    }
  }
}

/** One reason per error code of `errors` (of an invalid record), in the order the codes first occur; `what` starts each. */
export function invalidUrlReasons(record: UrlRecord, errors: readonly ParseError[] = record.errors, what = 'Invalid URL'): string[] {
  if (errors.length === 0) return [`${what} \`${record.url}\``];
  const byCode = new Map<string, ParseError[]>();
  for (const error of errors) {
    const same = byCode.get(error.code);
    if (same === undefined) byCode.set(error.code, [error]);
    else same.push(error);
  }
  const reasons: string[] = [];
  for (const [code, errors] of byCode) {
    const first = errors[0] as ParseError;
    const point = sourcePoint(record, first.offset);
    const where = point.line === record.start.line ? `column ${point.column}` : `line ${point.line}, column ${point.column}`;
    const character = characterErrors.has(code) && first.offset < record.url.length ? `${characterName(record.url, first.offset)} at ` : 'at ';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    reasons.push(`${what} \`${record.url}\`: ${character}${where}${more}: ${first.message}`);
  }
  return reasons;
}

/** The character at `url[offset]` for people: `"\"`, `"é" (U+00E9)`, `U+0001`, `a space`. */
function characterName(url: string, offset: number): string {
  const code = url.codePointAt(offset) as number;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === codes.space) return 'a space';
  if (code <= codes.unitSeparator || (code >= codes.delete && code <= codes.c1End)) return hex;
  const character = String.fromCodePoint(code);
  return code < codes.asciiEnd ? `"${character}"` : `"${character}" (${hex})`;
}

/**
 * Where `url[offset]` is in the source. The URL is found in the record's
 * raw text (where a link's URL or a wrapper's content is), then walked
 * with it, skipping what the reading removed (whitespace in a wrapper,
 * block-quote markers); when it cannot be found, the record's start.
 */
function sourcePoint(record: UrlRecord, offset: number): Point {
  const { raw, url } = record;
  let j = raw.indexOf(url);
  const address = url.startsWith(mailtoPrefix) ? raw.indexOf(url.slice(mailtoPrefix.length)) : -1;
  if (j !== -1) {
    j += offset;
  } else if (address !== -1 && offset >= mailtoPrefix.length) {
    j = address + offset - mailtoPrefix.length;
  } else {
    const prefix = urlPrefix.exec(raw);
    j = prefix === null ? 0 : prefix[0].length;
    let i = 0;
    while (i < offset && j < raw.length) {
      if (raw.charCodeAt(j) === url.charCodeAt(i)) i++;
      j++;
    }
    // the reading's character: past what it removed
    while (j < raw.length && raw.charCodeAt(j) !== url.charCodeAt(offset)) j++;
    // not found (an entity in a link): the record's start
    if (i < offset || j === raw.length) j = 0;
  }
  j = Math.min(j, raw.length);
  let line = record.start.line;
  let column = record.start.column;
  for (let k = 0; k < j; k++) {
    const code = raw.charCodeAt(k);
    if (code === codes.lineFeed || (code === codes.carriageReturn && raw.charCodeAt(k + 1) !== codes.lineFeed)) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { line, column, offset: record.start.offset + j };
}

/**
 * Put the HTML adapter's notes on `html` nodes on `file`, as information
 * (not warnings): `ruleId` the note's code, as the HTML adapter gives it
 * for an .html file (`attribute-too-long`, `base-not-used`).
 */
export function reportHtmlNotes(file: VFile, notes: ReadonlyArray<{ code: string; message: string; line: number }>): void {
  for (const note of notes) {
    const message = file.info(note.message, { place: { line: note.line, column: 1 }, ruleId: note.code, source: messageSource });
    message.url = htmlNotesUrl;
  }
}
