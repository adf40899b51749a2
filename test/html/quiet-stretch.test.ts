/**
 * Quiet stretches: where the HTML adapter passes over tags and text without
 * the tokenizer, and that doing so gives the same records and notes as
 * reading every character (HTML fed one character at a time never has a
 * whole tag ahead of the tokenizer, so no stretch is passed over).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHtmlScanner, type HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import type { HtmlScanOptions } from '../../src/adapters/html/html-options.js';
import type { HtmlNote } from '../../src/adapters/html/html-notes.js';
import { QuietStretches } from '../../src/adapters/html/quiet-stretch.js';
import { expectPositions } from './html-helpers.js';

/** `[source, where the stretch from 0 ends, passed an <a>]`, default options. */
const stretches: Array<[source: string, end: number | 'all', anchor: boolean]> = [
  ['<td width="50%" style="font-family: Arial">x</td><p>', 'all', false],
  ['<p>tail text', 3, false],
  ['text: <b>', 0, false],
  ['<b>a &amp; b</b>', 3, false],
  ['<b>&#58;</b>', 3, false],
  ['<a href="x.html">y</a>', 'all', true],
  ['<p></A >', 'all', true],
  ['<abbr></abbr>', 'all', false],
  ['<a href="http://x.example/">', 0, false],
  ['<p><a href=http://x.example/>', 3, false],
  ['<img src="a&#58;b">', 0, false],
  ['<img src="a&colon;b">', 0, false],
  ['<img alt="a:b &amp; c" src="c.png">', 'all', false],
  ['<img src=c.png alt=a:b>', 'all', false],
  ['<img srcset="a.png 1x, b:c 2x">', 0, false],
  ['<a ping="p q:r">', 0, false],
  ['<td background=a:b>', 0, false],
  ['<td BACKGROUND="x" background="y:z">', 0, false],
  ['<o:p></o:p><v:shape id=x>', 'all', false],
  ['<p><URL:http://x.example/>', 3, false],
  ['<p><http://x.example/>', 3, false],
  ['<p><!-- x --><p>', 3, false],
  ['<p><!DOCTYPE html>', 3, false],
  ['<p><![CDATA[x]]>', 3, false],
  ['<p><?x?>', 3, false],
  ['<p></>', 3, false],
  ['<p></ p>', 3, false],
  ['<p>a < b<p>', 3, false],
  ['<p><script>x</script>', 3, false],
  ['<p><STYLE>x</style>', 3, false],
  ['<p><title>x</title>', 3, false],
  ['<p><textarea>x</textarea>', 3, false],
  ['<p><xmp>', 3, false],
  ['<p><iframe>', 3, false],
  ['<p><noembed>', 3, false],
  ['<p><noframes>', 3, false],
  ['<p><plaintext>', 3, false],
  ['<p><scripts><titles>', 'all', false],
  ['<p><base href=x>', 3, false],
  ['<p><meta name=x>', 3, false],
  ['<p', 0, false],
  ['<p title="a', 0, false],
  ['<p title="a>b">', 'all', false],
  ["<p title='a>b' x>", 'all', false],
  ['<p title=a"b>', 'all', false],
  ['<a b= "x>y">', 'all', true],
  ['<p ="x>y">', 7, false],
  ['<p a="b"c="d>e">', 'all', false],
  ['<img src = x.png/>', 'all', false],
  ['<img/src=x:y>', 0, false],
  ['<img src=x / alt=y:z>', 'all', false],
  ['<br/><br / ><hr//>', 'all', false],
  ['<p>a@b.example<p>', 'all', false],
  ['<p>WWW.x.example<p>', 'all', false],
];

describe('QuietStretches.end', () => {
  it.each(stretches)('%j ends at %s', (source, end, anchor) => {
    const quiet = new QuietStretches({ emails: false, schemeless: false });
    expect(quiet.end(source, 0, 0, source.length)).toBe(end === 'all' ? source.length : end);
    expect(quiet.passedAnchor).toBe(anchor);
  });

  it.each([
    ['<p>a@b.example<p>', { emails: true, schemeless: false }, 3],
    ['<p>WWW.x.example<p>', { emails: false, schemeless: true }, 3],
    ['<p>www<p>.x', { emails: false, schemeless: true }, 9],
    ['<p class=a@b src=www.x>', { emails: true, schemeless: true }, 23],
  ])('%j with %o ends at %d', (source, options, end) => {
    expect(new QuietStretches(options).end(source, 0, 0, source.length)).toBe(end);
  });

  it('reads no further than its limit, and from a window of the source', () => {
    const quiet = new QuietStretches({ emails: false, schemeless: false });
    expect(quiet.end('<p><b></b>', 0, 0, 9)).toBe(6);
    expect(quiet.end('<i><p><b>', 100, 103, 109)).toBe(109);
  });
});

interface Scanned {
  records: HtmlRecord[];
  notes: HtmlNote[];
}

function scanIn(chunks: Iterable<string>, options: HtmlScanOptions): Scanned {
  const notes: HtmlNote[] = [];
  const scanner = createHtmlScanner({ ...options, onNote: (note) => notes.push(note) });
  const records: HtmlRecord[] = [];
  for (const chunk of chunks) records.push(...scanner.write(chunk));
  records.push(...scanner.end());
  return { records, notes };
}

/** Whole (stretches passed over) and a character at a time (every character read) give the same. */
function expectSame(html: string, options: HtmlScanOptions): Scanned {
  const whole = scanIn([html], options);
  expectPositions(html, whole.records);
  expect(scanIn(html, options)).toEqual(whole);
  return whole;
}

describe('the HTML adapter passing over quiet stretches', () => {
  it.each([
    // the <a> passed in the stretch ends the anchor: its URL as text is a record again
    ['<a href="http://a.example/">x</a><p>http://a.example/</p>', ['http://a.example/', 'http://a.example/']],
    // no <a> in the stretch: the anchor's own text is one record with its href
    ['<a href="http://a.example/"><b>x</b>http://a.example/</a>', ['http://a.example/']],
    ['<p><b>a</b> &colon; <i>http</i>&#58;//b.example/</p>', []],
    ['<div><span>see</span> http://c.example/<br></div>', ['http://c.example/']],
    ['<td style="color: red"><font face=x>ftp://d.example/</font></td>', ['ftp://d.example/']],
    ['<p><img alt="x: y" src="e.png"><img src="https://e.example/e.png">', ['https://e.example/e.png']],
    ['<b></b><o:p></o:p><URL:http://f.example/\n x>', ['http://f.example/x']],
    ['<p><script>var u = "http://g.example/";</script><p>http://h.example/', ['http://h.example/']],
    ['<p><title>http://i.example/</title>', ['http://i.example/']],
    ['<p><textarea><b>http://j.example/</b></textarea>', ['http://j.example/']],
    ['<p><xmp><a href=x>http://k.example/</a></xmp>', ['http://k.example/']],
  ])('%j', (html, urls) => {
    expect(expectSame(html, {}).records.map((record) => record.url)).toEqual(urls);
  });

  it('a relative link is read with resolve (no stretch is passed over then)', () => {
    const html = '<p><b>x</b><a href="d/e.html">e</a><base href="x/"><img src=f.png>';
    const options = { resolve: true, url: 'http://base.example/a/b.html' };
    expect(expectSame(html, options).records.map((record) => record.url)).toEqual(['http://base.example/a/d/e.html', 'http://base.example/a/x/', 'http://base.example/a/x/f.png']);
  });

  it('a second <base href> is not read even when the first has no colon', () => {
    expect(expectSame('<p><base href="x"><b></b><base href="http://b.example/">', {}).records).toEqual([]);
  });

  it('a URL attribute value over the size limit gets its note', () => {
    const html = `<p><b>x</b><img src="${'a'.repeat((1 << 20) + 10)}"><i>y</i>`;
    const { notes } = scanIn([html], {});
    expect(notes.map((note) => note.code)).toEqual(['attribute-too-long']);
  });
});

const pieces = [
  '<p>',
  '</p>',
  '<b>',
  '</B>',
  '<a href="x.html">',
  '<a href="http://a.example/">',
  '<A HREF=http://a.example/>',
  '</a>',
  '<img alt="a:b" src="c.png">',
  '<img src=i.png>',
  '<img srcset="s.png 1x, http://s.example/2.png 2x">',
  '<td style="font-family: Arial" background="bg.png">',
  '<td background="http://bg.example/">',
  '<a ping="http://p.example/ q">',
  '<meta http-equiv=refresh content="0; url=http://r.example/">',
  '<meta property="og:url" content="/rel">',
  '<base href="x/">',
  '<base href="http://b.example/">',
  '<o:p>',
  '</o:p>',
  '<URL:http://w.example/>',
  '<http://w.example/>',
  '<!-- http://c.example/ -->',
  '<!--',
  '-->',
  '<!DOCTYPE html>',
  '<![CDATA[x:y]]>',
  '<?x?>',
  '</>',
  '</ x>',
  '</p >',
  '</b x="y>">',
  '<script>',
  '</script>',
  '<style>',
  '</style>',
  '<title>',
  '</title>',
  '<textarea>',
  '</textarea>',
  '<xmp>',
  '</xmp>',
  '<p title="a>b">',
  "<img alt='a>b' src=\"http://q.example/q.png\">",
  '<img alt=a\'b src="http://q.example/q.png">',
  '<p title=a"b>',
  '<img src="a&#58;b">',
  '<img src="http&#58;//i.example/">',
  '<img src=http&colon;//i.example/>',
  '<a href="mailto&#x3a;j@m.example">',
  'http://a.example/',
  'http&#58;//t.example/',
  'mailto&colon;j@t.example',
  '&colon;',
  '&#58;',
  '&#x3A;',
  '&amp;',
  '&lt;',
  '&gt;',
  'http',
  ':',
  '//',
  'a.example',
  '/p',
  'www',
  '.',
  'jim',
  '@',
  ' ',
  '\n',
  '\r\n',
  'a < b',
  '<',
  '>',
  '"',
  "'",
  '=',
  'x',
];

const htmlDocument = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 40 }).map((list) => list.join(''));

const optionSets: HtmlScanOptions[] = [
  {},
  { emails: true, schemeless: true },
  { scripts: true, styles: true, comments: true },
  { resolve: true, url: 'file:///d/p.html', emails: true },
];

describe('quiet stretches against every character read', () => {
  it.each(optionSets)('generated HTML gives the same records and notes (%o)', (options) => {
    fc.assert(
      fc.property(htmlDocument, (html) => {
        expectSame(html, options);
      }),
      { numRuns: 400 },
    );
  });
});
