/**
 * The HTML report as text: self-contained (nothing to fetch, a policy that
 * forbids fetching and foreign script), written in pieces, strings from the
 * input escaped. What it looks like is held by the browser tests.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { htmlReport, scan, summarize } from '../../src/index.js';
import { reportScript } from '../../src/report/page-script.js';

const recordsOf = (file: string, text: string) => scan(text).map((record) => ({ ...record, file }));
const page = (...args: Parameters<typeof htmlReport>) => [...htmlReport(...args)].join('');

const corpus = summarize([
  ...recordsOf('docs/a.md', 'http://example.com/x https://example.com/y <URL:ftp://ftp.exam-\n ple.org/pub/>\n'),
  ...recordsOf('/abs/b c.txt', 'http://exa_mple.com:80x/\n'),
]);

describe('the HTML report page', () => {
  it('holds everything it needs: no external script, style, image or font, nothing to fetch', () => {
    const html = page(corpus);
    expect(html).not.toMatch(/<link\b|<img\b|<iframe\b|@import|url\(/i);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    // every link is the page's own anchor or an input file
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(#|\.\/|file:\/\/\/)/);
  });

  it('forbids fetching anything and running any script but its own (a Content-Security-Policy with their hashes)', () => {
    const html = page(corpus);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(policy).toMatch(/^default-src 'none'; /);
    const digest = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] as string;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
    expect(policy).toContain(`style-src ${digest(style)};`);
    expect(policy).toContain(`script-src ${digest(script)};`);
    expect(script).toBe(`(${reportScript.toString()})();`);
  });

  it('has a script that cannot end its own element', () => {
    expect(reportScript.toString()).not.toMatch(/<\/script|<!--/i);
  });

  it('links places to their files: relative names as ./ references (never a scheme), absolute ones as file: URLs', () => {
    const html = page(corpus);
    expect(html).toContain('href="./docs/a.md"');
    expect(html).toContain('href="file:///abs/b%20c.txt"');
    const tricky = page(summarize(recordsOf('javascript:alert(1)', 'http://bad_host.example/')));
    expect(tricky).toContain('href="./javascript%3Aalert(1)"');
    expect(tricky).not.toContain('href="javascript:');
  });

  it('escapes strings from the input in the markup and in the data', () => {
    const html = page(summarize(recordsOf('<b>"x"</b>.txt', 'http://bad_host.example/')), { title: 'T</title><script>', subtitle: 'a\u202eb' });
    expect(html).toContain('<title>T&lt;/title&gt;&lt;script&gt;</title>');
    expect(html).toContain('a\\u202eb');
    expect(html).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;.txt:1:1');
    const data = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
    expect(data).not.toMatch(/[<>&]/);
    expect((JSON.parse(data) as { files: string[] }).files).toEqual(['<b>"x"</b>.txt']);
  });

  it('is written in pieces: a large report is never one string', () => {
    const records = recordsOf('big.txt', Array.from({ length: 20_000 }, (_, i) => `http://h${i % 300}.example/${i}`).join('\n'));
    const pieces = [...htmlReport(summarize(records))];
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    expect(pieces.length).toBeGreaterThan(40);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(total / 10);
  });

  it('cuts a long label in a chart, a file name from its start (its end names it)', () => {
    const file = `very/long/${'folder/'.repeat(10)}guide.md`;
    const host = `${'sub.'.repeat(20)}example.org`;
    const html = page(summarize(recordsOf(file, `http://${host}/`)));
    expect(html).toContain('<text class="label" x="0" y="13">…folder/folder/folder/folder/folder/guide.md</text>');
    expect(html).toContain('<text class="label" x="0" y="13">sub.sub.sub.sub.sub.sub.sub.sub.sub.sub.sub…</text>');
  });

  it('says what it left out when the list was limited', () => {
    const records = recordsOf('big.txt', Array.from({ length: 30 }, (_, i) => `http://h.example/${i}`).join('\n'));
    const html = page(summarize(records, { maxUrls: 10 }));
    expect(html).toContain('This page lists 10 distinct URLs; 20 more (20 occurrences) are counted in the totals and charts but not listed');
  });

  it('shows the run: files, bytes, skipped files with reasons', () => {
    const html = page({ ...corpus, run: { files: 5, bytes: 1_234_567, skipped: [{ file: 'x.png', reason: 'binary' }], notRead: ['deep: too deep'], failed: 1, problems: 2, leftOutByFilters: 3 } });
    expect(html).toContain('<dt>Files read</dt><dd>5</dd>');
    expect(html).toContain('<dt>Bytes</dt><dd>1.2 MB</dd>');
    expect(html).toContain('<li><code>x.png</code>: binary</li>');
    expect(html).toContain('<li>deep: too deep</li>');
    expect(html).toContain('1 file could not be read');
    expect(html).toContain('2 problems in the input were read past');
    expect(html).toContain('3 URLs left out by URL filters');
  });

  it.each([
    ['options that are not an object', 'x'],
    ['a title that is not a string', { title: 1 }],
    ['fileHref that is not a function', { fileHref: 'x' }],
  ])('%s throws a TypeError', (_, options) => {
    expect(() => page(corpus, options as never)).toThrow(TypeError);
  });
});
