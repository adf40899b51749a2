/**
 * Text rows are made from records whose URLs are not parsed
 * (`createReadingRecord`): each such record reads and sits as the full
 * record does, a filter that may leave a URL out still parses it, and the
 * command's text rows are those of the full records under every option that
 * touches them.
 */
import { describe, expect, it } from 'vitest';
import { createReadingRecord, createRecord, type RecordFilter } from '../../src/records/create-record.js';
import type { UrlRecord } from '../../src/records/url-record.js';
import { escapeControls } from '../../src/records/visible-text.js';
import { resolveScanOptions, type ScanOptions } from '../../src/scanner/scan-options.js';
import { Scanner } from '../../src/scanner/scanner.js';
import { scan } from '../../src/index.js';
import { warmUpText } from '../../src/cli/scan/warm-up.js';
import { runCli } from './cli-helpers.js';

const start = { line: 1, column: 1, offset: 0 };
const end = { line: 1, column: 21, offset: 20 };
const everything: RecordFilter = { schemes: undefined, strict: false };

/** What a text row, and a reading record, keep of a record. */
const reading = ({ url, raw, form, alternatives, start: from, end: to }: UrlRecord) => ({ url, raw, form, alternatives, start: from, end: to });

describe('createReadingRecord', () => {
  it.each([
    ['a plain http URL', 'http://a.example/x'],
    ['an invalid one', 'http://exa_mple.com/'],
    ['another scheme', 'news:comp.lang.c'],
    ['one a browser escapes', 'http://a.example/a b'],
  ])('%s: read and placed as the full record, not parsed', (_, url) => {
    const full = createRecord(url, 'bare', ['other'], url, start, end, everything) as UrlRecord;
    const record = createReadingRecord(url, 'bare', ['other'], url, start, end, everything) as UrlRecord;
    expect(reading(record)).toEqual(reading(full));
    expect(record).toMatchObject({ scheme: '', href: undefined, valid: true, errors: [], parts: {} });
    // the same fields in the same order: one shape with every record
    expect(Object.keys(record)).toEqual(Object.keys(full));
  });

  it.each<[string, string, RecordFilter]>([
    ['strict, a valid URL', 'http://a.example/x', { schemes: undefined, strict: true }],
    ['strict, an invalid one', 'http://exa_mple.com/', { schemes: undefined, strict: true }],
    ['a scheme in the list', 'ftp://a.example/', { schemes: new Set(['ftp']), strict: false }],
    ['a scheme not in it', 'http://a.example/', { schemes: new Set(['ftp']), strict: false }],
    ['a skipped scheme', 'javascript:alert(1)', { schemes: undefined, strict: false, skippedSchemes: new Set(['javascript']) }],
  ])('with a filter that may leave a URL out (%s): the full record, or none', (_, url, filter) => {
    expect(createReadingRecord(url, 'bare', [], url, start, end, filter)).toEqual(createRecord(url, 'bare', [], url, start, end, filter));
  });
});

describe('a scanner making reading records', () => {
  it.each<[string, ScanOptions]>([
    ['default options', {}],
    ['emails and schemeless', { emails: true, schemeless: true }],
    ['hyphen drop', { hyphen: 'drop' }],
    ['strict', { strict: true }],
    ['schemes', { schemes: ['ftp', 'mailto'] }],
  ])('finds what scan() finds, where it finds it (%s)', (_, options) => {
    const scanner = new Scanner(resolveScanOptions(options), createReadingRecord);
    const records = [...scanner.write(warmUpText), ...scanner.end()];
    expect(records.map(reading)).toEqual(scan(warmUpText, options).map(reading));
  });
});

/** A JSON row as the text row it would be (`FILE:LINE:COL<TAB>URL[<TAB>or ALT…][<TAB>CONTEXT]`). */
function textRowOf(json: string, href: boolean): string {
  const row = JSON.parse(json) as UrlRecord & { file: string; context?: string };
  let line = `${escapeControls(row.file)}:${row.start.line}:${row.start.column}\t${escapeControls(href ? (row.href ?? row.url) : row.url)}`;
  for (const alternative of row.alternatives) line += `\tor ${escapeControls(alternative)}`;
  if (row.context !== undefined) line += `\t${escapeControls(row.context)}`;
  return `${line}\n`;
}

describe('the command\'s text rows of a stream (reading records) against its JSON rows (full records)', () => {
  // standard input is streamed: its text rows come from reading records
  const input = `${warmUpText}\nmore: http://exa_mple.com/ <URL:ftp://x.example/a-\n  b> gopher://g.example/1\u0007x\n`;
  it.each([
    [[]],
    [['--strict']],
    [['--schemes', 'ftp,mailto']],
    [['--emails', '--schemeless']],
    [['--hyphen', 'drop']],
    [['--href']],
    [['--context', '12']],
    [['--stats']],
  ])('with %j', async (options) => {
    const text = await runCli(['--format', 'text', ...options], input);
    const json = await runCli(['--format', 'jsonl', ...options], input);
    const rows = json.stdout.split('\n').filter((line) => line !== '');
    expect(rows.length).toBeGreaterThan(5);
    expect(text.stdout).toBe(rows.map((row) => textRowOf(row, options.includes('--href'))).join(''));
    expect(text.code).toBe(json.code);
  });
});
