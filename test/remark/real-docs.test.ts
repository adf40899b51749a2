/**
 * What real docs trees showed: GFM autolink literals without positions,
 * non-web URLs with a user part, emphasis markers inside a URL, a
 * definition in parentheses. The record's raw span is marked «like this».
 */
import { describe, expect, it } from 'vitest';
import { run, unmark } from './process.js';

const withGfm = { gfm: true, frontmatter: true };

/** The records of `marked` (remark-gfm and front matter), with every raw span checked against the marks. */
function records(marked: string): Array<{ url: string; form: string }> {
  const { source, spans } = unmark(marked);
  const found = run(source, undefined, withGfm).file.data.urls ?? [];
  expect(found.map((record) => [record.start.offset, record.end.offset])).toEqual(spans.map((span) => [span.start, span.end]));
  for (const record of found) {
    expect(record.raw).toBe(source.slice(record.start.offset, record.end.offset));
    const lines = source.slice(0, record.start.offset).split('\n');
    expect([record.start.line, record.start.column]).toEqual([lines.length, (lines.at(-1) as string).length + 1]);
  }
  return found.map((record) => ({ url: record.url, form: record.form }));
}

describe('GFM literals that remark-gfm left without a position', () => {
  it.each([
    // [what, marked markdown, urls]
    ['a URL right after `[`, and the other URL of its text', 'See [«https://example.com/a»] or «ftp://example.com/f».', ['https://example.com/a', 'ftp://example.com/f']],
    ['an e-mail address inside `_…_`', 'mail _«jim@a.example»_ and «http://x.example/»', ['mailto:jim@a.example', 'http://x.example/']],
    ['in a heading with closing hashes', '## x «ssh://git@github.com/b.git» ##', ['ssh://git@github.com/b.git']],
    ['in a table cell', '| a |\n|---|\n| Clone «ssh://git@github.com/b.git» |', ['ssh://git@github.com/b.git']],
    ['in strikethrough and strong', '~~«ssh://git@a.example/b»~~ **«ssh://git@a.example/c»**', ['ssh://git@a.example/b', 'ssh://git@a.example/c']],
    ['after an escape and an entity in a quote', '> \\* &amp; [«https://a.example/»]\n> «ftp://b.example/f»', ['https://a.example/', 'ftp://b.example/f']],
  ])('%s', (_, marked, urls) => {
    expect(records(marked).map((record) => record.url)).toEqual(urls);
  });
});

describe('non-web URLs with a user part stay whole (not a mailto:)', () => {
  it.each([
    ['Clone «ssh://git@github.com/rust-lang/book.git»', 'ssh://git@github.com/rust-lang/book.git'],
    ['get «ftp://anonymous@ftp.example.com/pub/file» now', 'ftp://anonymous@ftp.example.com/pub/file'],
    ['«git://git@github.com/a/b.git»', 'git://git@github.com/a/b.git'],
    ['- item: «ssh://git@github.com/a/b.git»', 'ssh://git@github.com/a/b.git'],
  ])('%s', (marked, url) => {
    expect(records(marked)).toEqual([{ url, form: 'bare' }]);
  });
});

// rule: markdown-as-written
describe('emphasis markers inside a URL are part of it, as written', () => {
  it.each([
    ['See «https://example.com/?job=*pull-e2e*» now', ['https://example.com/?job=*pull-e2e*']],
    ['*see «http://a.example/b*c»', ['http://a.example/b*c']],
    ['x «http://a.example/*b» c* d', ['http://a.example/*b']],
    ['> a «http://a.example/**b**»\n> c', ['http://a.example/**b**']],
  ])('%s', (marked, urls) => {
    expect(records(marked).map((record) => record.url)).toEqual(urls);
  });

  it('in a link\'s text', () => {
    const source = '[x https://example.com/?job=*pull-e2e* y](http://z.example/)';
    const found = run(source, undefined, withGfm).file.data.urls ?? [];
    expect(found.map((record) => [record.url, record.raw])).toEqual([
      ['http://z.example/', source],
      ['https://example.com/?job=*pull-e2e*', 'https://example.com/?job=*pull-e2e*'],
    ]);
  });

  it.each([
    ['*«http://a.example/b»*', 'http://a.example/b'],
    ['**«http://a.example/b»**.', 'http://a.example/b'],
    ['_see «http://a.example/b»_', 'http://a.example/b'],
  ])('markers around a URL are not: %s', (marked, url) => {
    expect(records(marked).map((record) => record.url)).toEqual([url]);
  });
});

// rule: markdown-destination-in-parentheses
describe('a destination in parentheses', () => {
  it.each([
    ['«[a]: (https://example.com/p)»\n\n[a]', 'https://example.com/p'],
    ['see «[a]((ftp://example.com/p))»', 'ftp://example.com/p'],
    ['see «![a]((https://example.com/i.png))»', 'https://example.com/i.png'],
  ])('%s: the URL inside', (marked, url) => {
    expect(records(marked)).toEqual([{ url, form: 'markdown-link' }]);
  });

  it('a relative one stays relative', () => {
    expect(records('[a]: (./p)\n\n[a] [b]((#x))')).toEqual([]);
  });
});
