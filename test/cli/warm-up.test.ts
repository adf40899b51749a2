/**
 * The scanner's warm start before a big text file (src/cli/scan/warm-up.ts):
 * its built-in text takes the paths real text takes, and reading it keeps
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { isWarmedUp, takeWarmUpRecords, warmUp, warmUpText, warmUpWholeFrom } from '../../src/cli/scan/warm-up.js';
import { scanBytes, type ScanInputOptions, type ScanResult } from '../../src/cli/scan/scan-input.js';

const records = scan(warmUpText);

describe('the warm-up text', () => {
  it.each([['url-wrapper'], ['angle'], ['quoted'], ['bare']])('holds a URL of the form %s', (form) => {
    expect(records.some((record) => record.form === form)).toBe(true);
  });

  it.each([
    ['http'],
    ['https'],
    ['ftp'],
    ['gopher'],
    ['telnet'],
    ['wais'],
    ['prospero'],
    ['file'],
    ['news'],
    ['nntp'],
    ['mailto'],
    ['svn+ssh'],
  ])('holds a URL of the scheme %s', (scheme) => {
    expect(records.some((record) => record.scheme === scheme)).toBe(true);
  });

  it.each([
    ['a URL with another reading (the hyphen rule)', () => records.some((record) => record.alternatives.length > 0)],
    ['an invalid URL', () => records.some((record) => !record.valid)],
    ['a host number and an IPv6 literal', () => records.some((record) => record.url.includes('192.0.2.1')) && records.some((record) => record.url.includes('[2001:db8::1]'))],
    ['a port, a search part and an escape', () => records.some((record) => /:\d+\//.test(record.url) && record.url.includes('?') && record.url.includes('%'))],
    ['a wrapper over lines', () => records.some((record) => record.form === 'url-wrapper' && record.start.line !== record.end.line)],
    ['a printable ASCII URL a URI must escape (a record with an href)', () => records.some((record) => record.href !== undefined && /^[ -~]*$/.test(record.url))],
    ['CRLF, a lone CR and characters beyond Latin-1', () => warmUpText.includes('\r\n') && /\r[^\n]/.test(warmUpText) && /[\u0100-\uffff]/.test(warmUpText)],
    ['HTML tags and colons that start no URL', () => warmUpText.includes('</a>') && warmUpText.includes('Note:') && warmUpText.includes('a:a:a:a:')],
  ])('holds %s', (_, holds) => {
    expect(holds()).toBe(true);
  });
});

describe('warmUp', () => {
  it.each([[{}], [{ emails: true, schemeless: true }], [{ hyphen: 'drop' as const, strict: true }]])('reads the text with options %j and keeps nothing in the scanner', (options) => {
    expect(warmUp(options)).toBeUndefined();
    // the scanner holds no state between scanners: a scan after it gives what it gives without
    expect(scan(warmUpText)).toEqual(records);
  });
});

describe('takeWarmUpRecords', () => {
  it('gives the records of the last warm-up once (for the JSON rows written before the first), then none', () => {
    warmUp({});
    expect(takeWarmUpRecords()).toEqual(records);
    expect(takeWarmUpRecords()).toEqual([]);
  });
});

describe('a text file read whole', () => {
  const options: ScanInputOptions = { as: 'auto', scan: {}, context: 0 };
  const result = (): ScanResult => ({ name: 'notes.txt', rows: [], bytes: 0, notes: [], found: 0 });
  /** Text of `size` bytes: prose with a URL every kilobyte or so. */
  const text = (size: number) => Buffer.from(`see http://example.com/page and ${'more words '.repeat(90)}\n`.repeat(Math.ceil(size / 1000)).slice(0, size));

  it('below the size the scanner is warmed up for: scanned cold', async () => {
    const found = result();
    await scanBytes(text(warmUpWholeFrom - 1), 'text', 'notes.txt', options, found);
    expect(found.rows.length).toBeGreaterThan(0);
    expect(isWarmedUp()).toBe(false);
  });

  it('of that size: the scanner is warmed up first, and finds what scan() finds', async () => {
    const found = result();
    const bytes = text(warmUpWholeFrom);
    await scanBytes(bytes, 'text', 'notes.txt', options, found);
    expect(isWarmedUp()).toBe(true);
    expect(found.rows.map((row) => row.record)).toEqual(scan(bytes.toString('utf8')));
  });
});
