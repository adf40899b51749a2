/**
 * Positions point into the Markdown source, even where a node's value is not
 * its source: block-quote markers, indentation, escapes, character
 * references. The record's raw span is marked «like this»; both chains
 * (plain remark and remark-gfm) must give it.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { run, unmark } from './process.js';

const cases: Array<[string, string, string]> = [
  // [what, marked markdown, url]
  ['a wrapper in a block quote', '> see «<URL:http://a.example/\n> b»> x'.replace('»>', '>»'), 'http://a.example/b'],
  // rule: markdown-source-positions
  ['the Appendix example quoted', '> Yes, Jim, I found it under «<URL:ftp://info.cern.ch/pub/www/doc;\n> type=d>» but', 'ftp://info.cern.ch/pub/www/doc;type=d'],
  ['continuation indented in the quote', '> from «<URL:ftp://ds.in\n>    ternic.net/rfc>».', 'ftp://ds.internic.net/rfc'],
  ['a nested quote', '> > see «<URL:http://a.example/\n> > b/c>»!', 'http://a.example/b/c'],
  ['a lazy continuation line', '> see «<URL:http://a.example/\nb>»', 'http://a.example/b'],
  ['a quote in a list item', '- item\n\n  > see «<URL:http://a.example/\n  > b>» ok', 'http://a.example/b'],
  ['three lines', '> «<URL:http://a.\n> example/\n>   b>»', 'http://a.example/b'],
  ['a hard break in a quote', '> see «<URL: http://a.example/ \\\n> b>»', 'http://a.example/b'],
  ['after an escape', '> \\*see\\* «ftp://a.example/b»', 'ftp://a.example/b'],
  ['with an escape inside', '> see «ftp://a.example/b\\_c»', 'ftp://a.example/b_c'],
  ['with a character reference inside', '> see «ftp://a.example/b&amp;c»', 'ftp://a.example/b&c'],
  ['after a character reference', '> &copy; &#169; «ftp://a.example/»', 'ftp://a.example/'],
  ['CRLF line endings', '> see «<URL:http://a.example/\r\n> b>»\r\n', 'http://a.example/b'],
  ['in a table cell', '| a | b |\n| - | - |\n| x | «<URL: ftp://a.example/>» |', 'ftp://a.example/'],
  ['an autolink spans the node', '> see «<URL:http://a.example/>»', 'http://a.example/'],
  ['a link spans the node', '> see «[a\n> b](http://a.example/)»', 'http://a.example/'],
];

describe.each([
  ['remark', false],
  ['remark-gfm', true],
])('%s', (_, gfm) => {
  it.each(cases)('%s', (_, marked, url) => {
    const { source, spans } = unmark(marked);
    const span = spans[0] as { start: number; end: number };
    const records = (run(source, undefined, { gfm }).file.data.urls ?? []).filter((record) => record.url === url);
    expect(records).toHaveLength(1);
    const record = records[0];
    expect(record?.raw).toBe(source.slice(span.start, span.end));
    expect(record?.start.offset).toBe(span.start);
    expect(record?.end.offset).toBe(span.end);
    // lines and columns: the source's own
    const before = source.slice(0, span.start).split(/\r?\n/);
    const through = source.slice(0, span.end).split(/\r?\n/);
    expect(record?.start).toEqual({ line: before.length, column: (before.at(-1) as string).length + 1, offset: span.start });
    expect(record?.end).toEqual({ line: through.length, column: (through.at(-1) as string).length + 1, offset: span.end });
  });
});

it('a leading BOM is counted, as every adapter counts it: raw is the source between start and end', () => {
  const source = '\uFEFF> see <URL:http://a.example/\n> b> http://c.example/';
  const records = run(source).file.data.urls ?? [];
  expect(records[0]).toMatchObject({ raw: '<URL:http://a.example/\n> b>', start: { line: 1, column: 8, offset: 7 }, end: { line: 2, column: 5, offset: 34 } });
  for (const record of records) expect(source.slice(record.start.offset, record.end.offset)).toBe(record.raw);
  // as scan() counts it
  const [scanned] = scan('\uFEFFsee http://a.example/');
  const [marked] = run('\uFEFFsee http://a.example/').file.data.urls ?? [];
  expect(marked?.start).toEqual(scanned?.start);
});

it('a wrapped URL in a block quote spans the source lines it occupies', () => {
  const source = ['Intro.', '', '> Note the warning in <URL:http://ds.internic.', '> net/instructions/overview.html#WARNING>.'].join('\n');
  const [record] = run(source).file.data.urls ?? [];
  expect(record).toMatchObject({
    url: 'http://ds.internic.net/instructions/overview.html#WARNING',
    raw: '<URL:http://ds.internic.\n> net/instructions/overview.html#WARNING>',
    start: { line: 3, column: 23 },
    end: { line: 4, column: 42 },
  });
});
