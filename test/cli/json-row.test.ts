/**
 * A JSON row, written field by field, is exactly the text `JSON.stringify`
 * writes for the record with the row's fields after it, made terminal-safe:
 * for records of every kind the adapters make, and for records of shapes
 * they do not make (fields in another order, values of other types).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beyondAsciiCount, rowJson, warmRows } from '../../src/cli/output/json-row.js';
import { takeWarmUpRecords, warmUp } from '../../src/cli/scan/warm-up.js';
import { createOutputWriter } from '../../src/cli/output/output-format.js';
import { run } from '../../src/cli/run.js';
import type { CliRow } from '../../src/cli/output/cli-row.js';
import { safeJsonText } from '../../src/records/visible-text.js';
import { scan, scanHtml, scanMail } from '../../src/index.js';
import type { UrlRecord } from '../../src/records/url-record.js';
import { createRecord } from '../../src/records/create-record.js';
import { noErrors, simpleHttpParts } from '../../src/parse/http-fast-path.js';

/** The row as `JSON.stringify` writes the record with the row's fields after it, then made terminal-safe. */
function expected({ record, file, context, count }: CliRow): string {
  const whole: Record<string, unknown> = { ...record, context };
  if ((record as { file?: string }).file === undefined) whole.file = file;
  whole.count = count;
  return safeJsonText(JSON.stringify(whole));
}

const text = [
  'bare http://a.example/path?q=1#top and https://b.example:8443/x',
  'quoted "http://c.example/q" angle <http://d.example/> <URL:ftp://e.example/pub/a/b;type=d>',
  'a hyphen break http://f.example/long-',
  'name and a bad one http://g.example/a b http://h.example/%zz',
  'prospero://p.example/x;a=b;c=d gopher://g.example/1sel wais://w.example/db?q',
  'mailto:someone@example.org news:comp.lang telnet://u:p@t.example/',
  'an IRI http://i.example/café and a Latin-1 one http://j.example/ñ',
  'a backslash http://k.example/a\\b and a quote in raw "http://l.example/"x',
  'C1 and bidi http://m.example/\u0085 http://n.example/\u202b http://o.example/\u{E0041}',
  'a lone surrogate http://q.example/\udce9 and an astral http://r.example/\u{1F600}',
].join('\n');

const textRecords = scan(text, { emails: true });

const html = '<a href="http://h.example/a">x</a> <img srcset="http://h.example/1.png 1x, /rel.png 2x"> text http://h.example/t';

async function mailRecords(): Promise<UrlRecord[]> {
  const records: UrlRecord[] = [];
  for (const name of ['archive.mbox', 'alternative.eml', 'base64.eml', 'charsets.eml', 'quoted-printable.eml']) {
    for await (const record of scanMail(path.join('corpus/mail', name))) records.push(record);
  }
  for await (const record of scanMail('corpus/mail/maildir')) records.push(record);
  return records;
}

describe('rowJson: the text JSON.stringify writes, terminal-safe', () => {
  it('text records of every form and scheme, with and without the row’s fields', () => {
    expect(textRecords.length).toBeGreaterThan(20);
    for (const record of textRecords) {
      for (const row of [
        { record, file: 'a.txt' },
        { record, file: 'dir/é "b".txt', context: 'before\tthe "URL" \u001b[2J', count: 3 },
        { record, file: `name\udce9.txt`, count: 1 },
      ]) {
        expect(rowJson(row)).toBe(expected(row));
      }
    }
  });

  it('HTML records (an attribute, a relative link resolved)', async () => {
    const records: UrlRecord[] = [];
    for await (const record of scanHtml(html, { url: 'http://h.example/dir/' })) records.push(record);
    expect(records.some((record) => 'attribute' in record)).toBe(true);
    for (const record of records) expect(rowJson({ record, file: 'a.html' })).toBe(expected({ record, file: 'a.html' }));
  });

  it('mail records (header fields, parts, base64 parts, a maildir’s own files), message after message', async () => {
    const records = await mailRecords();
    expect(records.length).toBeGreaterThan(20);
    for (const field of ['header', 'mimePart', 'position', 'file', 'attribute']) expect(records.some((record) => field in record)).toBe(true);
    for (const record of records) expect(rowJson({ record, file: 'mail' })).toBe(expected({ record, file: 'mail' }));
  });

  const [base] = scan('see http://a.example/path ok') as [UrlRecord];
  const shapes: Array<[string, UrlRecord]> = [
    ['a record of no field', {} as UrlRecord],
    ['fields in another order', { raw: base.raw, url: base.url, start: base.start } as UrlRecord],
    ['a place of another order', { ...base, start: { offset: 4, line: 1, column: 5 } }],
    ['a place with a field more', { ...base, end: { ...base.end, byte: 9 } as UrlRecord['end'] }],
    ['a place of fractions', { ...base, start: { line: 1.5, column: -0, offset: 2 ** 40 } }],
    ['a number JSON writes as null', { ...base, parts: { ...base.parts, port: Number.NaN } }],
    ['a URL not a string', { ...base, url: 42 } as unknown as UrlRecord],
    ['a scheme not a string', { ...base, scheme: null } as unknown as UrlRecord],
    ['validity not a boolean', { ...base, valid: 'yes' } as unknown as UrlRecord],
    ['an href', { ...base, href: 'http://a.example/%C3%A9' }],
    ['an href not a string', { ...base, href: () => 1 } as unknown as UrlRecord],
    ['lists with holes and undefined', { ...base, alternatives: [undefined, , 'x'] as unknown as string[] }],
    ['an object with toJSON', { ...base, parts: { toJSON: () => 'p' } } as unknown as UrlRecord],
    ['a date', { ...base, when: new Date(0) } as unknown as UrlRecord],
    ['an object of no prototype', { ...base, extra: Object.assign(Object.create(null), { a: 'b' }) } as unknown as UrlRecord],
    ['names to escape', { ...base, parts: { 'a"b': 'c', 'é\u0085': 'd', '1': 'e' } } as unknown as UrlRecord],
    ['a field after the common ones', { ...base, relative: true, attribute: 'a href' } as UrlRecord],
  ];

  it.each(shapes)('%s', (_, record) => {
    for (const row of [{ record, file: 'a.txt' }, { record, file: 'a.txt', context: 'c', count: 2 }]) expect(rowJson(row)).toBe(expected(row));
  });

  it('a message’s rows, then another message of the same index with another subject', () => {
    const message = (subject: string) => ({ ...base, message: { index: 1, messageId: '<a@b>', subject } }) as UrlRecord;
    for (const record of [message('one'), message('one'), message('two \u202b'), message('two \u202b'), message('one')]) {
      expect(rowJson({ record, file: 'a.mbox' })).toBe(expected({ record, file: 'a.mbox' }));
    }
  });

  it('schemes and forms in turn, and more of them than are kept', () => {
    const forms = ['bare', 'angle', 'quoted'] as const;
    for (let i = 0; i < 600; i++) {
      const record = { ...base, scheme: i % 2 === 0 ? 'http' : `s${i}`, form: forms[i % 3]! };
      expect(rowJson({ record, file: 'a.txt' })).toBe(expected({ record, file: 'a.txt' }));
    }
  });

  it('a bigint is refused as JSON.stringify refuses it', () => {
    expect(() => rowJson({ record: { ...base, size: 1n } as unknown as UrlRecord, file: 'a.txt' })).toThrow(TypeError);
  });

  it('the rows of corpus/text are JSON.stringify’s', () => {
    for (const name of fs.readdirSync('corpus/text')) {
      const file = path.join('corpus/text', name);
      for (const record of scan(fs.readFileSync(file, 'utf8'))) expect(rowJson({ record, file })).toBe(expected({ record, file }));
    }
  });
});

describe('asciiRows: whether the rows made since the last call are ASCII only (written as Latin-1 then)', () => {
  const [base] = scan('see http://a.example/path ok') as [UrlRecord];
  const beyond = /[^\0-\x7f]/;
  // each step: a row, and whether the writer must then say its rows were ASCII
  const steps: Array<[string, CliRow]> = [
    ['an ASCII row', { record: base, file: 'a.txt' }],
    ['a URL beyond ASCII', { record: { ...base, url: 'http://a.example/café' }, file: 'a.txt' }],
    ['a file name beyond ASCII', { record: base, file: 'é.txt' }],
    ['the same file name again (kept from the row before)', { record: base, file: 'é.txt' }],
    ['an ASCII row after them', { record: base, file: 'a.txt' }],
    ['a subject beyond ASCII', { record: { ...base, message: { index: 1, subject: 'Grüße' } } as UrlRecord, file: 'a.mbox' }],
    ['the same message again', { record: { ...base, message: { index: 1, subject: 'Grüße' } } as UrlRecord, file: 'a.mbox' }],
    ['a header name beyond ASCII', { record: { ...base, header: 'X-Ünicode' } as UrlRecord, file: 'a.mbox' }],
    ['a field name beyond ASCII, twice', { record: { ...base, parts: { 'é': 'x' } } as unknown as UrlRecord, file: 'a.txt' }],
    ['a context beyond ASCII', { record: base, file: 'a.txt', context: '“quoted”' }],
    ['an unsafe character, escaped to ASCII', { record: { ...base, url: 'http://a.example/\u202b' }, file: 'a.txt' }],
    ['a Date (JSON.stringify’s text)', { record: { ...base, when: new Date(0) } as unknown as UrlRecord, file: 'a.txt' }],
    ['another reading beyond ASCII', { record: { ...base, alternatives: ['http://a.example/ü'] }, file: 'a.txt' }],
    ['another reading, escaped to ASCII', { record: { ...base, alternatives: ['http://a.example/\u0085'] }, file: 'a.txt' }],
    ['a count (text: ×)', { record: base, file: 'a.txt', count: 2 }],
    ['a file name escaped to ASCII', { record: base, file: 'a\u001b.txt' }],
  ];

  it.each(['jsonl', 'json', 'text'] as const)('%s: after each row, ASCII exactly when the row is', async (format) => {
    const writer = await createOutputWriter(format);
    writer.asciiRows?.();
    for (const [, row] of [...steps, ...steps]) {
      const text = writer.row(row);
      expect(writer.asciiRows?.()).toBe(!beyond.test(text));
    }
  });

  it('two writers asking in turn never take the other’s rows for ASCII', async () => {
    const one = await createOutputWriter('jsonl');
    const two = await createOutputWriter('jsonl');
    one.asciiRows?.();
    two.asciiRows?.();
    two.row({ record: { ...base, url: 'http://a.example/ü' }, file: 'a.txt' });
    one.row({ record: base, file: 'a.txt' });
    expect(one.asciiRows?.()).toBe(false);
    expect(two.asciiRows?.()).toBe(false);
  });
});

describe('the command hands its writes on with whether they are ASCII', () => {
  const beyond = /[^\0-\x7f]/;

  it.each([
    ['ASCII rows', 'see http://a.example/one and http://b.example/two\n', ['jsonl', 'json', 'text'], true],
    ['a row beyond ASCII', 'see http://a.example/one and http://b.example/café\n', ['jsonl', 'json', 'text'], false],
    ['CSV rows', 'see http://a.example/one\n', ['csv'], false],
  ] as const)('%s', async (_, input, formats, ascii) => {
    for (const format of formats) {
      const writes: Array<[string, boolean | undefined]> = [];
      const code = await run(['--format', format, '-'], {
        write: (text, isAscii) => void writes.push([text, isAscii]),
        error: () => {},
        stdin: () => (async function* () { yield new TextEncoder().encode(input); })(),
        stderrIsTty: false,
      });
      expect(code).toBe(0);
      const rows = writes.filter(([text]) => text.includes('://'));
      expect(rows.length).toBeGreaterThan(0);
      for (const [text, isAscii] of rows) expect(isAscii === true).toBe(ascii && !beyond.test(text));
    }
  });

  it('--hosts: the table is not taken for rows', async () => {
    const writes: Array<boolean | undefined> = [];
    await run(['--format', 'jsonl', '--hosts', '-'], {
      write: (_, isAscii) => void writes.push(isAscii),
      error: () => {},
      stdin: () => (async function* () { yield new TextEncoder().encode('see http://a.example/x\n'); })(),
      stderrIsTty: false,
    });
    expect(writes.every((isAscii) => isAscii !== true)).toBe(true);
  });
});

/**
 * The parts of a record the http(s) fast path read are written by a path of
 * their own: the rows are still JSON.stringify's, whatever the URL holds,
 * and parts put in place of the fast path's are still escaped.
 */
describe('rows of records the http(s) fast path read', () => {
  const place = { line: 1, column: 1, offset: 0 };
  const filter = { schemes: undefined, strict: false };
  /** URLs of the fast path's shapes, made of characters that include what JSON escapes and what a terminal obeys. */
  const urls = fc
    .tuple(
      fc.constantFrom('http://', 'https://'),
      fc.stringMatching(/^[a-z][a-z0-9-]{0,6}(\.[a-z]{1,4}){0,2}$/),
      fc.option(fc.integer({ min: 0, max: 70_000 }), { nil: undefined }),
      fc.option(fc.array(fc.constantFrom('a', '/', '?', '%41', '%4', '"', '\\', '\u0007', 'é', ';', '=', '&', ':', '@', ' ', '~'), { maxLength: 12 }), { nil: undefined }),
    )
    .map(([scheme, host, port, path]) => `${scheme}${host}${port === undefined ? '' : `:${port}`}${path === undefined ? '' : `/${path.join('')}`}`);

  it.each([
    'http://a.example',
    'https://a.example/',
    'http://a.example:8080/x/y;z?q=1&r=2',
    'http://a.example/p?',
    'https://a.example:443',
  ])('%s', (url) => {
    const record = createRecord(url, 'bare', [], url, place, place, filter)!;
    expect(record.errors).toBe(noErrors);
    expect(rowJson({ record, file: 'a.txt' })).toBe(expected({ record, file: 'a.txt' }));
  });

  it('every string of the fast path’s parts is a slice of the URL, and the row is JSON.stringify’s', () => {
    fc.assert(
      fc.property(urls, (url) => {
        const parts = simpleHttpParts(url);
        if (parts !== undefined) {
          for (const value of Object.values(parts)) if (typeof value === 'string') expect(url.includes(value)).toBe(true);
        }
        const record = createRecord(url, 'bare', [], url, place, place, filter);
        if (record !== undefined) expect(rowJson({ record, file: 'a.txt' })).toBe(expected({ record, file: 'a.txt' }));
      }),
      { numRuns: 3000, seed: 1738 },
    );
  });

  it('parts put in place of the fast path’s, with a quote and a control character, are still escaped', () => {
    const [record] = scan('see http://a.example/path ok') as [UrlRecord];
    expect(record.errors).toBe(noErrors);
    const changed = { ...record, parts: { host: 'a"b', urlPath: 'p\u0007', path: 'p\u0007', defaultPort: 80 } } as UrlRecord;
    expect(rowJson({ record: changed, file: 'a.txt' })).toBe(expected({ record: changed, file: 'a.txt' }));
  });
});

describe('the warm-up’s records written before the first JSON row', () => {
  const [record] = scan('see http://a.example/path ok') as [UrlRecord];
  const row: CliRow = { record, file: 'a.txt' };

  it.each([['jsonl' as const], ['json' as const]])('%s: the writer takes them at its first row, and its rows are as without', async (format) => {
    warmUp({});
    const writer = await createOutputWriter(format);
    const first = writer.row(row);
    // taken (and written, then dropped) by the first row
    expect(takeWarmUpRecords()).toEqual([]);
    expect(first).toBe(format === 'jsonl' ? `${expected(row)}\n` : `\n${expected(row)}`);
    // the warm-up's rows hold characters beyond ASCII; the run's first row does not, and is written as such
    expect(writer.asciiRows?.()).toBe(true);
    expect(writer.row(row)).toBe(format === 'jsonl' ? `${expected(row)}\n` : `,\n${expected(row)}`);
  });

  it('warmRows writes every kind of the warm-up’s records without a trace in later rows', () => {
    warmUp({});
    const records = takeWarmUpRecords();
    expect(records.some((warm) => /[^\0-\x7f]/.test(warm.url))).toBe(true);
    const before = beyondAsciiCount();
    warmRows(records);
    expect(beyondAsciiCount()).toBe(before);
    expect(rowJson({ record, file: 'warm-up.txt' })).toBe(expected({ record, file: 'warm-up.txt' }));
  });
});
