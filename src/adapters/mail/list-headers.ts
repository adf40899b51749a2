/**
 * Header fields that hold URLs: the list fields of RFC 2369 and
 * `Archived-At` (RFC 5064), form `header`. With `emails`, bare addresses in
 * the address fields too. Never `Message-ID`, `In-Reply-To` or `References`:
 * their `<id@host>` look like addresses but are not.
 */
import { scanResolved } from '../../scanner/create-scanner.js';
import type { UrlRecord } from '../../records/url-record.js';
import { latin1 } from '../../decode/charset.js';
import { hasEightBit, isUtf8 } from '../../decode/eight-bit.js';
import { LineIndex } from '../../source-map/line-index.js';
import { decodeBody } from './decode-body.js';
import type { HeaderBlock, HeaderField } from './header-block.js';
import type { ResolvedMailOptions } from './mail-options.js';
import type { SourcePlace } from '../../source-map/source-map.js';

/** Fields scanned for URLs, by lower-case name, with the name records carry. */
export const urlHeaders: Readonly<Record<string, string>> = {
  'list-archive': 'List-Archive',
  'list-help': 'List-Help',
  'list-owner': 'List-Owner',
  'list-post': 'List-Post',
  'list-subscribe': 'List-Subscribe',
  'list-unsubscribe': 'List-Unsubscribe',
  'archived-at': 'Archived-At',
};

/** Address fields, scanned only with `emails`. */
export const addressHeaders: Readonly<Record<string, string>> = {
  from: 'From',
  sender: 'Sender',
  'reply-to': 'Reply-To',
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
};

/** A record found in a header, with its source span. */
export interface HeaderUrl {
  record: UrlRecord;
  header: string;
  start: SourcePlace;
  end: SourcePlace;
  /** Encoding the field was read with, for `raw`. */
  encoding: string;
}

/** The URLs in the header block's URL fields. */
// rule: mail-header-urls
export function headerUrls(bytes: Buffer, block: HeaderBlock, options: ResolvedMailOptions): HeaderUrl[] {
  const found: HeaderUrl[] = [];
  for (const field of block.fields) {
    const header = Object.hasOwn(urlHeaders, field.name)
      ? urlHeaders[field.name]
      : options.emails && Object.hasOwn(addressHeaders, field.name)
        ? addressHeaders[field.name]
        : undefined;
    if (header === undefined) continue;
    scanField(bytes, field, header, options, found);
  }
  return found;
}

function scanField(bytes: Buffer, field: HeaderField, header: string, options: ResolvedMailOptions, found: HeaderUrl[]): void {
  if (!hasEightBit(bytes, field.valueStart, field.end)) {
    scanAsciiField(bytes, field, header, options, found);
    return;
  }
  const value = bytes.subarray(field.valueStart, field.end);
  // RFC 6532 allows UTF-8 in headers; other 8-bit bytes are read as Latin-1.
  const encoding = isUtf8(value) ? 'utf-8' : latin1;
  const { text } = decodeBody(
    { bytes, start: field.valueStart, end: field.end, line: field.line, column: field.valueStart - field.start + 1 },
    '8bit',
    { encoding, guessed: true },
  );
  const content = text.toString();
  for (const record of scanValue(content, options)) {
    found.push({
      record,
      header,
      start: text.startPlace(record.start.offset),
      end: text.endPlace(record.end.offset),
      encoding,
    });
  }
}

/**
 * A value of plain ASCII, the common case: its text is its bytes, and its
 * places are those `decodeBody` gives such a value (one region: lines end at
 * LF, a continuation line's columns count from its start), without a map.
 */
function scanAsciiField(bytes: Buffer, field: HeaderField, header: string, options: ResolvedMailOptions, found: HeaderUrl[]): void {
  const { valueStart, end } = field;
  const records = scanValue(bytes.toString('latin1', valueStart, end), options);
  if (records.length === 0) return;
  const lines = LineIndex.ofBytes(bytes, valueStart, end);
  const firstColumn = valueStart - field.start + 1;
  const place = (unit: number): SourcePlace => {
    const offset = valueStart + Math.min(unit, end - valueStart);
    const index = lines.lineOf(offset);
    return { offset, line: field.line + index, column: index === 0 ? firstColumn + (offset - valueStart) : offset - lines.lineStart(index) + 1 };
  };
  for (const record of records) found.push({ record, header, start: place(record.start.offset), end: place(record.end.offset), encoding: 'utf-8' });
}

/**
 * The records of header values already scanned, by value, for a run's scan
 * options: a mailing list's fields (`List-Unsubscribe: <http://…>,
 * <mailto:…>`) are the same in each of its messages, and a value's records
 * depend only on its text. Each use gets copies, never the kept records.
 */
const scannedValues = new WeakMap<ResolvedMailOptions['scan'], Map<string, UrlRecord[]>>();

/** Values kept at most (past that, the cache starts over), and the longest value kept. */
const keptValues = 1024;
const keptValueLength = 2048;

/** The records of a header value (form `header`), scanned once for a run's repeats of it. */
function scanValue(content: string, options: ResolvedMailOptions): UrlRecord[] {
  if (content.length > keptValueLength) return scanResolved(content, options.scan).map((record) => ({ ...record, form: 'header' }));
  let values = scannedValues.get(options.scan);
  if (values === undefined) {
    values = new Map();
    scannedValues.set(options.scan, values);
  }
  let records = values.get(content);
  if (records === undefined) {
    records = scanResolved(content, options.scan).map((record) => ({ ...record, form: 'header' }));
    if (values.size >= keptValues) values.clear();
    values.set(content, records);
  }
  return records.map(reused);
}

/**
 * A kept record for one more use: a record of its own whose lists and
 * objects are copies, but for its points, which are only read (a record is
 * made from it at its place in the file, with points of its own).
 */
function reused(record: UrlRecord): UrlRecord {
  const copy = { ...record };
  for (const key in copy) {
    if (key === 'start' || key === 'end') continue;
    const value = (copy as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) (copy as Record<string, unknown>)[key] = copied(value);
  }
  return copy;
}

/** A deep copy of plain data (a record): objects and arrays new, in the same key order. */
function copied<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copied) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copied((value as Record<string, unknown>)[key]);
  return copy as T;
}
