/**
 * Test tables with the found text marked in place: `see «http://a.b».`
 * (the marks are not part of the input).
 */
import type { ScanOptions, UrlRecord } from '../../src/index.js';
import { scan } from '../../src/index.js';

export interface Marked {
  input: string;
  /** Marked spans, as [start, end) offsets into `input`. */
  spans: Array<[number, number]>;
}

export function unmark(marked: string): Marked {
  let input = '';
  const spans: Array<[number, number]> = [];
  let open = -1;
  for (const character of marked) {
    if (character === '«') open = input.length;
    else if (character === '»') {
      spans.push([open, input.length]);
      open = -1;
    } else input += character;
  }
  return { input, spans };
}

/** The raw spans the scanner reports for `input`. */
export function foundSpans(input: string, options?: ScanOptions): Array<[number, number]> {
  return scan(input, options).map((record: UrlRecord) => [record.start.offset, record.end.offset]);
}
