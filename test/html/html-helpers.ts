/**
 * HTML in tests: records of a snippet as short rows, with a check that every
 * record's `raw` and positions point at the right place in the snippet.
 */
import { expect } from 'vitest';
import { scanHtmlWhole, type HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import type { HtmlScanOptions } from '../../src/adapters/html/html-options.js';
import type { Point } from '../../src/records/url-record.js';

/** `[url, attribute or form, source text]` for each record. */
export type Row = [url: string, where: string, source: string];

/** The point of `offset` in `text`, counted as unist does (CR, LF, CRLF end a line). */
export function pointAt(text: string, offset: number): Point {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset; index++) {
    const code = text[index];
    if (code === '\n' || (code === '\r' && text[index + 1] !== '\n')) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1, offset };
}

/** Every record's `raw` is the source at its offsets, and its lines and columns are right. */
export function expectPositions(html: string, records: readonly HtmlRecord[]): void {
  for (const record of records) {
    expect(html.slice(record.start.offset, record.end.offset)).toBe(record.raw);
    expect(record.start).toEqual(pointAt(html, record.start.offset));
    expect(record.end).toEqual(pointAt(html, record.end.offset));
  }
}

export function rows(html: string, options?: HtmlScanOptions): Row[] {
  const records = scanHtmlWhole(html, options);
  expectPositions(html, records);
  return records.map((record) => [record.url, record.attribute ?? record.form, record.raw]);
}
