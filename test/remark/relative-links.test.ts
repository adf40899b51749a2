/**
 * Relative destinations with the options `url` and `root`: links, images
 * and definitions (and HTML with `html`) reported resolved, `raw` as
 * written, `relative: true`; nothing without `url`. The same through the
 * plugin and `scanMarkdown` (parts.slow.test.ts holds them equal on generated
 * documents too).
 */
import { describe, expect, it } from 'vitest';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { scanMarkdown } from '../../src/adapters/markdown/scan-markdown.js';
import remarkUrlsift from '../../src/remark.js';
import type { Options } from '../../src/remark.js';

const markdown = [
  'See [the guide](./guide.md#usage), ![logo](../img/logo.png), [top](/index.md) and [here](#part).',
  '',
  'Also [ref] and [none]() and [site](https://example.com/).',
  '',
  '[ref]: sub/ref.md "title"',
  '',
  '<a href="page.html">page</a>',
  '',
].join('\n');

function viaPlugin(options: Options): [string, string, boolean | undefined][] {
  const processor = unified().use(remarkParse).use(remarkUrlsift, { ...options, messages: false });
  const file = new VFile({ value: markdown });
  processor.runSync(processor.parse(file), file);
  return (file.data.urls ?? []).map((record) => [record.url, record.raw, record.relative]);
}

function viaScanMarkdown(options: Options): [string, string, boolean | undefined][] {
  return scanMarkdown(markdown, options).map((record) => [record.url, record.raw, record.relative]);
}

const url = 'https://example.org/docs/guide/page.md';

describe.each([
  ['the plugin', viaPlugin],
  ['scanMarkdown', viaScanMarkdown],
])('%s', (_name, found) => {
  // rule: markdown-relative-links
  it('with url: relative destinations resolved against it, raw as written', () => {
    expect(found({ url })).toEqual([
      ['https://example.org/docs/guide/guide.md#usage', '[the guide](./guide.md#usage)', true],
      ['https://example.org/docs/img/logo.png', '![logo](../img/logo.png)', true],
      ['https://example.org/index.md', '[top](/index.md)', true],
      ['https://example.org/docs/guide/page.md#part', '[here](#part)', true],
      ['https://example.com/', '[site](https://example.com/)', undefined],
      ['https://example.org/docs/guide/sub/ref.md', '[ref]: sub/ref.md "title"', true],
    ]);
  });

  it('with root: / read against it', () => {
    expect(found({ url, root: 'https://example.org/docs/' }).map(([resolved]) => resolved)).toContain('https://example.org/docs/index.md');
  });

  it('with html: relative links of HTML too, resolved the same way', () => {
    expect(found({ url, html: true }).at(-1)).toEqual(['https://example.org/docs/guide/page.html', 'page.html', true]);
  });

  it('without url: no relative destination, no record says relative', () => {
    expect(found({ html: true })).toEqual([['https://example.com/', '[site](https://example.com/)', undefined]]);
  });

  it.each([
    [{ url: 'docs/page.md' }, 'Expected option `url` to be an absolute URL string, got "docs/page.md"'],
    [{ url, root: '/docs/' }, 'Expected option `root` to be an absolute URL string, got "/docs/"'],
    [{ root: 'https://example.org/' }, 'Expected option `root` to come with `url`'],
  ])('%j: a TypeError', (options, message) => {
    expect(() => found(options as Options)).toThrow(TypeError);
    expect(() => found(options as Options)).toThrow(message);
  });
});
