/**
 * A text or CSV row never carries a character that can steer a terminal
 * raw, whichever field brought it (the URL, another reading, the URI a
 * browser requests, the file name, the context); printable text stays as it
 * is.
 */
import { describe, expect, it } from 'vitest';
import { createOutputWriter } from '../../src/cli/output/output-format.js';
import type { CliRow } from '../../src/cli/output/cli-row.js';
import { scan } from '../../src/index.js';
import type { UrlRecord } from '../../src/records/url-record.js';

const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/u;
const [base] = scan('see http://a.example/path ok') as [UrlRecord];
const rle = '\u202b';

const rows: Array<[string, CliRow, string]> = [
  ['the URL', { record: { ...base, url: `http://a.example/${rle}` }, file: 'a.txt' }, 'http://a.example/\\u202b'],
  ['another reading', { record: { ...base, alternatives: [`http://a.exam${rle}ple/`] }, file: 'a.txt' }, 'http://a.exam\\u202bple/'],
  ['the href', { record: { ...base, href: `http://a.example/\u0085` }, file: 'a.txt' }, 'http://a.example/\\x85'],
  ['the file name', { record: base, file: `docs/${rle}txt.exe` }, 'docs/\\u202btxt.exe'],
  ['the context', { record: base, file: 'a.txt', context: `before \u001b[2J after` }, 'before \\x1b[2J after'],
  ['a tag character', { record: { ...base, url: 'http://a.example/\u{E0041}' }, file: 'a.txt' }, 'http://a.example/\\u{e0041}'],
  ['DEL', { record: { ...base, url: 'http://a.example/\u007f' }, file: 'a.txt' }, 'http://a.example/\\x7f'],
];

describe('text and CSV rows', () => {
  it.each(['text', 'csv'] as const)('%s: printable ASCII, accents and a backslash-free URL are written as they are', async (format) => {
    const writer = await createOutputWriter(format, undefined, true);
    const line = writer.row({ record: { ...base, url: 'http://a.example/café' }, file: 'dir/é.txt', context: 'x "y" z' });
    expect(line).toContain('http://a.example/café');
    expect(line).toContain('dir/é.txt');
  });

  describe.each(['text', 'csv'] as const)('%s', (format) => {
    it.each(rows)('an unsafe character in %s is escaped', async (_, row, shown) => {
      const writer = await createOutputWriter(format, undefined, true);
      const line = writer.row(row);
      expect(line).not.toMatch(unsafe);
      expect(line).toContain(shown);
    });
  });
});
