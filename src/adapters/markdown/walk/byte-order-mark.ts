/**
 * A byte order mark at the start of a document: micromark drops it and
 * counts positions without it; records count it, as every adapter's do
 * (`raw` is `source.slice(start.offset, end.offset)` of the string given).
 *
 * ```text
 * > | \uFEFFsee http://a.example/
 *              ^ offset 5, column 6 (micromark: offset 4, column 5)
 * ```
 */
import { codes } from '../../../decode/character-codes.js';
import { moveRecord } from '../../../records/create-record.js';
import type { Point, UrlRecord } from '../../../records/url-record.js';

/** `value` without a leading byte order mark. */
export function withoutByteOrderMark(value: string): string {
  return value.charCodeAt(0) === codes.byteOrderMark ? value.slice(1) : value;
}

/** Records with positions in `value` without its byte order mark, moved to `value` itself (as they are when it has none). */
export function shiftedPastByteOrderMark(records: UrlRecord[], value: string): UrlRecord[] {
  if (value.charCodeAt(0) !== codes.byteOrderMark) return records;
  return records.map((record) => moveRecord(record, record.raw, pastMark(record.start), pastMark(record.end)));
}

function pastMark(point: Point): Point {
  return { line: point.line, column: point.line === 1 ? point.column + 1 : point.column, offset: point.offset + 1 };
}
