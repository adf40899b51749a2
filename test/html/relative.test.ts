/**
 * Relative links in HTML with `resolve`: against `<base href>`, else the
 * document's `url`, a `/` path against `root` when given; each record says
 * `relative: true` and keeps the source text in `raw`.
 */
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/index.js';
import type { HtmlScanOptions } from '../../src/index.js';

async function found(html: string, options: HtmlScanOptions): Promise<[string, string, boolean | undefined][]> {
  const rows: [string, string, boolean | undefined][] = [];
  for await (const record of scanHtml(html, options)) rows.push([record.url, record.raw, record.relative]);
  return rows;
}

const page = '<a href="../up.html">a</a><a href="/top.html">b</a><a href="//cdn.example/x.js">c</a><a href="#here">d</a><a href="https://example.com/">e</a>';

describe('resolve, url and root', () => {
  it.each([
    [
      'url only: / against its origin',
      { resolve: true, url: 'https://example.org/docs/guide/page.html' },
      ['https://example.org/docs/up.html', 'https://example.org/top.html', 'https://cdn.example/x.js', 'https://example.org/docs/guide/page.html#here'],
    ],
    [
      'url and root: / against the root',
      { resolve: true, url: 'https://example.org/docs/guide/page.html', root: 'https://example.org/docs/' },
      ['https://example.org/docs/up.html', 'https://example.org/docs/top.html', 'https://cdn.example/x.js', 'https://example.org/docs/guide/page.html#here'],
    ],
    [
      'file: URLs',
      { resolve: true, url: 'file:///srv/site/guide/page.html', root: 'file:///srv/site/' },
      ['file:///srv/site/up.html', 'file:///srv/site/top.html', 'file://cdn.example/x.js', 'file:///srv/site/guide/page.html#here'],
    ],
  ])('%s', async (_name, options, [up, top, cdn, here]) => {
    expect(await found(page, options)).toEqual([
      [up, '../up.html', true],
      [top, '/top.html', true],
      [cdn, '//cdn.example/x.js', true],
      [here, '#here', true],
      ['https://example.com/', 'https://example.com/', undefined],
    ]);
  });

  it('without resolve: relative links are not reported, and no record says relative', async () => {
    expect(await found(page, { url: 'https://example.org/docs/guide/page.html', root: 'https://example.org/docs/' })).toEqual([
      ['https://example.com/', 'https://example.com/', undefined],
    ]);
  });

  it('a <base href> wins over root', async () => {
    expect(await found('<base href="https://cdn.example/a/"><a href="/b.html">b</a>', { resolve: true, url: 'https://example.org/x.html', root: 'https://example.org/docs/' })).toEqual([
      ['https://cdn.example/a/', 'https://cdn.example/a/', undefined],
      ['https://cdn.example/b.html', '/b.html', true],
    ]);
  });

  it('root must be an absolute URL', () => {
    expect(() => scanHtml('', { root: 'docs/' })).toThrow(TypeError);
    expect(() => scanHtml('', { root: 'docs/' })).toThrow('Expected option `root` to be an absolute URL string');
  });
});
