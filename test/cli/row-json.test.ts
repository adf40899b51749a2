/**
 * A JSON row never carries a character that can steer a terminal raw,
 * whichever field of the input brought it; parsed, it reads the same.
 */
import { describe, expect, it } from 'vitest';
import { rowJson } from '../../src/cli/output/output-format.js';
import type { CliRow } from '../../src/cli/output/cli-row.js';
import { scan } from '../../src/index.js';
import type { UrlRecord } from '../../src/records/url-record.js';

const unsafe = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;
const [base] = scan('see http://a.example/path ok') as [UrlRecord];
const rle = '\u202b';

describe('rowJson', () => {
  it.each([
    ['url', { record: { ...base, url: `http://a.example/${rle}` }, file: 'a.txt' }],
    ['raw', { record: { ...base, raw: `http://a.example/${rle}` }, file: 'a.txt' }],
    ['alternatives', { record: { ...base, alternatives: [`http://a.exam${rle}ple/`] }, file: 'a.txt' }],
    ['a message id', { record: { ...base, message: { index: 1, messageId: `<a${rle}@b>` } }, file: 'a.mbox' }],
    ['a message subject', { record: { ...base, message: { index: 1, subject: `Re: ${rle}gnp.exe` } }, file: 'a.mbox' }],
    ['a field records may carry one day', { record: { ...base, somethingNew: [{ text: `x${rle}` }] }, file: 'a.txt' }],
    ['a header name', { record: { ...base, header: `List${rle}-Post` }, file: 'a.mbox' }],
    ['an attribute', { record: { ...base, attribute: `a hr${rle}ef` }, file: 'a.html' }],
    ['a maildir file', { record: { ...base, file: `cur/1${rle}.eml` }, file: 'Maildir' }],
    ['the file name', { record: base, file: `docs/${rle}txt.exe` }],
    ['the same file name again', { record: base, file: `docs/${rle}txt.exe` }],
    ['the context', { record: base, file: 'a.txt', context: `before ${rle} after` }],
    ['C1 and DEL', { record: { ...base, url: 'http://a.example/\u0085\u007f' }, file: 'a.txt' }],
  ] as Array<[string, CliRow]>)('%s', (_, row) => {
    const json = rowJson(row);
    expect(json).not.toMatch(unsafe);
    const parsed = JSON.parse(json) as Record<string, unknown>;
    expect(parsed.url).toBe(row.record.url);
    expect(parsed.raw).toBe(row.record.raw);
    expect(parsed.file).toBe((row.record as { file?: string }).file ?? row.file);
    if (row.context !== undefined) expect(parsed.context).toBe(row.context);
  });

  it.each([
    ['a subject', { index: 1, messageId: '<a@b>', subject: `Re: ${rle}gnp.exe` }],
    ['an id', { index: 1, messageId: `<a${rle}@b>`, subject: 'hello' }],
    ['a field messages may carry one day', { index: 1, messageId: '<a@b>', subject: 'hello', somethingNew: `x${rle}` }],
  ])('a message found safe, then one of the same index whose %s is not: escaped', (_, message) => {
    const safe = rowJson({ record: { ...base, message: { index: 1, messageId: '<a@b>', subject: 'hello' } } as UrlRecord, file: 'a.mbox' });
    expect(safe).toContain('"subject":"hello"');
    const json = rowJson({ record: { ...base, message } as UrlRecord, file: 'a.mbox' });
    expect(json).not.toMatch(unsafe);
    expect((JSON.parse(json) as { message: unknown }).message).toEqual(message);
  });

  it('a safe row is the record as JSON.stringify writes it, with the row’s fields after', () => {
    expect(rowJson({ record: base, file: 'a.txt', count: 2 })).toBe(`${JSON.stringify(base).slice(0, -1)},"file":"a.txt","count":2}`);
  });
});
