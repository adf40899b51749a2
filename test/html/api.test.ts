/**
 * `scanHtml` from the package entry: misuse throws at once, input never.
 */
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/index.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../cli/cli-helpers.js';
import { htmlDefaults } from '../../src/adapters/html/html-options.js';
import { scanHtmlWhole as scanHtmlString } from '../../src/adapters/html/html-scanner.js';
import { resolveScanOptions } from '../../src/scanner/scan-options.js';

async function urls(iterable: AsyncIterable<{ url: string }>): Promise<string[]> {
  const list: string[] = [];
  for await (const record of iterable) list.push(record.url);
  return list;
}

describe('scanHtml', () => {
  it.each<[string, unknown, unknown]>([
    ['a number', 42, undefined],
    ['null', null, undefined],
    ['an unknown option', '<p>', { script: true }],
    ['a flag that is not a boolean', '<p>', { comments: 'yes' }],
    ['a relative url', '<p>', { url: 'page.html' }],
    ['a bad scan option', '<p>', { hyphen: 'maybe' }],
  ])('throws TypeError at once on %s', (_, input, options) => {
    expect(() => scanHtml(input as never, options as never)).toThrow(TypeError);
  });

  it('options resolved once (mail parts, Markdown nodes) give what the same options give as written', () => {
    const html = '<a href="javascript:x()">j</a><a href="ftp://a.example/">a</a> http://t.example/ www.w.example';
    const written = { schemes: ['ftp', 'javascript', 'http'], schemeless: true };
    expect(scanHtmlString(html, htmlDefaults(resolveScanOptions(written)))).toEqual(scanHtmlString(html, written));
    expect(scanHtmlString(html, written)).toHaveLength(4);
    expect(() => scanHtmlString(html, { resolved: resolveScanOptions({}) } as never)).toThrow(TypeError);
  });

  it('reads a string, bytes, a file URL and a stream', async () => {
    const html = '<a href="http://a.example/">a</a> http://t.example/';
    const file = path.join(tempDir(), 'a.html');
    writeFileSync(file, html);
    const expected = ['http://a.example/', 'http://t.example/'];
    expect(await urls(scanHtml(html))).toEqual(expected);
    expect(await urls(scanHtml(new TextEncoder().encode(html)))).toEqual(expected);
    expect(await urls(scanHtml(pathToFileURL(file)))).toEqual(expected);
    expect(await urls(scanHtml((async function* () { yield html.slice(0, 12); yield html.slice(12); })()))).toEqual(expected);
  });

  it('never throws on input', async () => {
    const nasty = ['<', '<a', '<a href="', '&', '&#', '&#x110000;', '<!--', '<![CDATA[', '</', '<script>', '\u0000<a href=\u0000>', '<meta http-equiv=refresh content="0;url=">'];
    for (const html of nasty) await expect(urls(scanHtml(html))).resolves.toBeInstanceOf(Array);
  });
});
