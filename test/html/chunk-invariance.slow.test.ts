/**
 * Chunk invariance: the records of HTML, positions included, are the same
 * however it is split into chunks: inside tags, attribute values, character
 * references, comments, CR LF, and (bytes) inside UTF-8 sequences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHtmlScanner, scanHtmlWhole, type HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import type { HtmlScanOptions } from '../../src/adapters/html/html-options.js';
import { scanHtmlStream } from '../../src/adapters/html/scan-html-stream.js';
import { expectPositions } from './html-helpers.js';

function scanChunks(chunks: readonly string[], options?: HtmlScanOptions): HtmlRecord[] {
  const scanner = createHtmlScanner(options);
  const records: HtmlRecord[] = [];
  for (const chunk of chunks) records.push(...scanner.write(chunk));
  records.push(...scanner.end());
  return records;
}

function splitAt<T extends string | Uint8Array>(whole: T, points: readonly number[]): T[] {
  const chunks: T[] = [];
  let from = 0;
  for (const point of [...points].sort((a, b) => a - b)) {
    chunks.push(whole.slice(from, point) as T);
    from = point;
  }
  chunks.push(whole.slice(from) as T);
  return chunks;
}

const pieces = [
  '<a href="http://a.example/?x=1&amp;y=2">',
  '</a>',
  '<IMG SRC=http://i.example/p.png alt=x>',
  '<img srcset="http://s.example/1.png 1x, http://s.example/2.png 2x">',
  '<meta http-equiv="refresh" content="0; url=http://r.example/">',
  '<base href="http://b.example/d/">',
  '<a href="rel/x.html" ping="http://p.example/1 http://p.example/2">',
  '<p>',
  '</p>',
  'see http://t.example/a&amp;b&#233; and ',
  '&lt;URL:ftp://ds.in\r\n  ternic.net/rfc&gt;',
  '<URL:http://w.example/\n x>',
  '&eacute;&#x1F600;\u00e9 ',
  '<!-- http://c.example/ -->',
  '<script>x = "http://js.example/" < 1</script>',
  '<style>a{b:url(http://css.example/)}</style>',
  '\r\n',
  '\r',
  '\n',
  ' ',
  'www.x.example jim@y.example ',
  '<a href="http://d.example/">http://d.example/</a>',
  '<a href',
  '"',
];

const htmlDocument = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 30 }).map((list) => list.join(''));

const optionSets: HtmlScanOptions[] = [
  {},
  { scripts: true, styles: true, comments: true, resolve: true, url: 'file:///d/p.html', emails: true, schemeless: true },
];

describe('chunk invariance', () => {
  it.each(optionSets)('any split of generated HTML gives the same records (%o)', (options) => {
    fc.assert(
      fc.property(htmlDocument, fc.array(fc.nat(), { maxLength: 8 }), (html, cuts) => {
        const whole = scanHtmlWhole(html, options);
        expectPositions(html, whole);
        const points = cuts.map((cut) => cut % (html.length + 1));
        expect(scanChunks(splitAt(html, points), options)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('one character at a time', () => {
    const html = pieces.join('');
    expect(scanChunks([...html], optionSets[1])).toEqual(scanHtmlWhole(html, optionSets[1]));
  });

  it('bytes split anywhere, inside UTF-8 sequences and before the encoding is known', async () => {
    await fc.assert(
      fc.asyncProperty(htmlDocument, fc.array(fc.nat(), { maxLength: 6 }), async (html, cuts) => {
        const bytes = Buffer.from(html, 'utf8');
        const points = cuts.map((cut) => cut % (bytes.length + 1));
        const records: HtmlRecord[] = [];
        for await (const record of scanHtmlStream((async function* () { yield* splitAt(new Uint8Array(bytes), points); })())) records.push(record);
        expect(records).toEqual(scanHtmlWhole(html));
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('HTML given whole, over a megabyte, keeps the attributes of its first tags (a tag is long by its own length, not the input\'s)', () => {
    const html = Array.from({ length: 20_000 }, (_, n) => `<p><a href="https://e.example/${n}">link ${n}</a></p>\n`).join('');
    expect(html.length).toBeGreaterThan(1 << 20);
    const whole = scanHtmlWhole(html);
    expect(whole.map((record) => record.url)).toEqual(Array.from({ length: 20_000 }, (_, n) => `https://e.example/${n}`));
    expect(whole.every((record) => record.attribute === 'a href')).toBe(true);
    expectPositions(html, [whole[0]!, whole[19_999]!]);
    const chunks: string[] = [];
    for (let from = 0; from < html.length; from += 4093) chunks.push(html.slice(from, from + 4093));
    expect(scanChunks(chunks)).toEqual(whole);
  });

  it('a text run longer than a megabyte is scanned as a stream, the same in any chunks', () => {
    const line = 'word http://a.example/&amp;x &lt;URL:http://w.example/\n  y&gt;\r\n';
    const html = `<pre>${line.repeat(25_000)}</pre><a href="http://end.example/">e</a>`;
    const whole = scanHtmlWhole(html);
    expect(whole).toHaveLength(50_001);
    expectPositions(html, [whole[0]!, whole[30_000]!, whole[50_000]!]);
    expect(whole[30_000]?.start.line).toBe(1 + 15_000 * 2);
    const chunks: string[] = [];
    for (let from = 0; from < html.length; from += 65_521) chunks.push(html.slice(from, from + 65_521));
    expect(scanChunks(chunks)).toEqual(whole);
  }, 120_000);
});
