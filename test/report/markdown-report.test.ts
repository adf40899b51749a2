/**
 * The Markdown report: totals, a host table, the lists worth a look; strings
 * from the input in code spans that nothing inside can end; short enough for
 * a pull-request comment whatever the input.
 */
import { describe, expect, it } from 'vitest';
import { markdownReport, scan, summarize } from '../../src/index.js';
import type { LinkSummary, SummaryUrl, UrlRecord } from '../../src/index.js';
import { markdownLimit } from '../../src/report/render-markdown.js';

const recordsOf = (file: string, text: string) => scan(text).map((record) => ({ ...record, file }));

const summary = summarize([
  ...recordsOf('docs/a.md', 'http://example.com/x https://example.com/y http://example.com/x <URL:ftp://ftp.exam-\n ple.org/pub/>\n'),
  ...recordsOf('docs/b.md', 'http://exa_mple.com:80x/ and <URL:http://ds.in\n ternic.net/rfc>\n'),
]);

describe('the Markdown report', () => {
  it('starts with the totals and a host table, most URLs first', () => {
    const lines = markdownReport(summary).split('\n');
    expect(lines.slice(0, 3)).toEqual(['## Link report', '', '**6** URLs (**5** distinct) on **4** hosts in 2 files with URLs; 1 not valid by RFC 1738.']);
    const table = lines.slice(lines.indexOf('### Hosts') + 2, lines.indexOf('### Hosts') + 8);
    expect(table).toEqual([
      '| Host | URLs | Distinct | Files |',
      '| --- | ---: | ---: | ---: |',
      '| `example.com` | 3 | 2 | 1 |',
      '| `ds.internic.net` | 1 | 1 | 1 |',
      '| `exa_mple.com` | 1 | 1 | 1 |',
      '| `ftp.exam-ple.org` | 1 | 1 | 1 |',
    ]);
  });

  it('lists what to look at, with places', () => {
    const text = markdownReport(summary);
    expect(text).toContain('- `http://exa_mple.com:80x/`: `bad-host-label`, `port-not-digits` at `docs/b.md:1:1`');
    expect(text).toContain('- `ftp://ftp.exam-ple.org/pub/` or `ftp://ftp.example.org/pub/` at `docs/a.md:1:65`');
    expect(text).toContain('- `http://ds.internic.net/rfc`, cut: `http://ds.in` at `docs/b.md:1:30`');
    expect(text).toContain('- `http://example.com/x` at `docs/a.md:1:1` (2 times)');
    expect(text).toMatch(/<summary>Hosts named once: 3<\/summary>/);
  });

  it('gives the run\u2019s figures and skipped files when it has them', () => {
    const run = { files: 4, bytes: 2_500_000, skipped: [{ file: 'logo.png', reason: 'binary' }], notRead: [], failed: 0, problems: 2, leftOutByFilters: 0 };
    const text = markdownReport({ ...summary, run });
    expect(text).toContain('in 4 files (2.5 MB)');
    expect(text).toContain('skipped 1 file; 2 problems in the input read past.');
    expect(text).toContain('- `logo.png`: `binary`');
  });

  it.each([
    ['a backtick', 'http://a.example/`x`', '`` http://a.example/`x` ``'],
    ['a pipe, in the host table', 'http://a.example/|x', '`http://a.example/|x`'],
    ['a bidi override', 'http://a.example/\u202ex', '`http://a.example/\\u202ex`'],
    ['a line break', 'http://a.example/\nx', '`http://a.example/ x`'],
    ['markup', 'http://a.example/<script>', '`http://a.example/<script>`'],
  ])('shows %s as text in a code span', (_, url, shown) => {
    const one: SummaryUrl = { url, host: 'a.example', scheme: 'http', kind: 'bare', valid: false, errors: [{ code: 'unsafe-character', message: 'x' }], alternatives: [], count: 1, files: 1, places: [] };
    const text = markdownReport({ ...summarize([]), urls: 1, lookAt: { ...summarize([]).lookAt, invalid: { total: 1, items: [one] } } });
    expect(text).toContain(`- ${shown}: \`unsafe-character\``);
  });

  it('escapes a pipe inside a host table cell', () => {
    const text = markdownReport({ ...summary, byHost: [{ host: 'a|b', urls: 1, distinctUrls: 1, files: 1 }] });
    expect(text).toContain('| `a\\|b` | 1 | 1 | 1 |');
  });

  it('stays under the size of a comment for the largest input', () => {
    const long = (i: number) => `http://h${i}.example/${'x'.repeat(5000)}\u202e|\``;
    const records: UrlRecord[] = [];
    for (let i = 0; i < 300; i++) {
      records.push(...recordsOf(`${'d/'.repeat(1000)}f${i}`, `${long(i)} <URL:http://w${i}.exam-\n ple/${'y'.repeat(3000)}> http://bad_${i}.example/${'z'.repeat(4000)}`));
    }
    const big: LinkSummary = summarize(records);
    big.run = { files: 1e6, bytes: 1e12, skipped: Array.from({ length: 5000 }, (_, i) => ({ file: `${'s/'.repeat(2000)}${i}`, reason: 'binary '.repeat(500) })), notRead: [], failed: 3, problems: 9, leftOutByFilters: 0 };
    const text = markdownReport(big);
    expect(text.length).toBeLessThanOrEqual(markdownLimit);
    expect(text).not.toContain('(report cut to fit a comment)');
    expect(text).toContain('- and 285 more');
  });

  it('says so when nothing was found', () => {
    expect(markdownReport(summarize([]))).toBe('## Link report\n\n**0** URLs (**0** distinct) on **0** hosts in 0 files with URLs; 0 not valid by RFC 1738.\n\nNo URLs found.\n');
  });

  it.each([
    ['options that are not an object', 'x'],
    ['a title that is not a string', { title: 3 }],
    ['top below 1', { top: 0 }],
  ])('%s throws a TypeError', (_, options) => {
    expect(() => markdownReport(summary, options as never)).toThrow(TypeError);
  });
});
