/**
 * Positions point into the original file: for every record of the corpus
 * whose positions are exact, the file's bytes between the start and end
 * offsets are the record's `raw`, and line and column agree with the offset.
 */
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { MailRecord } from '../../src/records/url-record.js';
import { corpusDirectory, scanCorpus } from './corpus-helpers.js';

const inputs = [
  'archive.mbox',
  'alternative.eml',
  'quoted-printable.eml',
  'base64.eml',
  'charsets.eml',
  'flowed.eml',
  'forwarded.eml',
  'broken.eml',
  'maildir',
];

/** The file's bytes read as UTF-8 if they match `raw` that way, else as windows-1252. */
function read(bytes: Buffer, raw: string): string {
  const utf8 = bytes.toString('utf8');
  return utf8 === raw ? utf8 : iconv.decode(bytes, 'windows-1252');
}

function check(record: MailRecord, file: Buffer): void {
  const slice = file.subarray(record.start.offset, record.end.offset);
  expect(read(slice, record.raw)).toBe(record.raw);
  for (const point of [record.start, record.end]) {
    const before = file.subarray(0, point.offset);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < before.length; i++) {
      if (before[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    expect(point.line).toBe(line);
    const prefix = file.subarray(lineStart, point.offset);
    const columns = new Set([prefix.toString('utf8').length + 1, iconv.decode(prefix, 'windows-1252').length + 1]);
    expect(columns).toContain(point.column);
  }
}

describe('mail positions', () => {
  it.each(inputs)('exact positions in %s', async (input) => {
    const { records } = await scanCorpus(input);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const file = readFileSync(record.file ?? corpusDirectory + input);
      if (record.position === 'part') {
        // The span is the part's body: it starts a line.
        expect(record.start.column).toBe(1);
        expect(record.start.offset).toBeLessThan(record.end.offset);
        expect(file[record.start.offset - 1]).toBe(0x0a);
      } else {
        check(record, file);
      }
    }
  });
});
