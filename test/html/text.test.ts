/**
 * Text content: entities decoded and mapped back, the Appendix rules,
 * where a run of text ends, script/style/comments with their options.
 */
import { describe, expect, it } from 'vitest';
import { createHtmlScanner, type HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import type { HtmlScanOptions } from '../../src/adapters/html/html-options.js';
import { expectPositions, rows, type Row } from './html-helpers.js';

// rule: html-text
// rule: html-anchor-text-once
// rule: html-wrapper-tag
describe('text', () => {
  it.each<[string, string, Row[]]>([
    ['after character references', '<p>&eacute;&amp;&#233;&#x1F600; http://t.example/a</p>', [['http://t.example/a', 'bare', 'http://t.example/a']]],
    ['an entity inside a URL', '<p>http://t.example/?a=1&amp;b=2 end</p>', [['http://t.example/?a=1&b=2', 'bare', 'http://t.example/?a=1&amp;b=2']]],
    ['a legacy reference without ;', '<p>http://t.example/?a=1&ampb=2 end</p>', [['http://t.example/?a=1&b=2', 'bare', 'http://t.example/?a=1&ampb=2']]],
    ['across CR LF', '<p>x\r\ny http://t.example/b\r\n</p>', [['http://t.example/b', 'bare', 'http://t.example/b']]],
    [
      'a wrapper escaped in <pre>, broken across lines: rejoined',
      '<pre>see &lt;URL:ftp://ds.in\n    ternic.net/rfc&gt; there</pre>',
      [['ftp://ds.internic.net/rfc', 'url-wrapper', '&lt;URL:ftp://ds.in\n    ternic.net/rfc&gt;']],
    ],
    [
      'a wrapper written as a tag (old pages): read as text',
      '<p>Note <URL:http://ds.internic.\nnet/instructions/> here</p>',
      [['http://ds.internic.net/instructions/', 'url-wrapper', '<URL:http://ds.internic.\nnet/instructions/>']],
    ],
    ['an angle URL written as a tag', '<p>see <http://a.example/x> now</p>', [['http://a.example/x', 'angle', '<http://a.example/x>']]],
    ['the hyphen rule', '<pre>&lt;URL:http://www.exam-\n  ple.com/&gt;</pre>', [['http://www.exam-ple.com/', 'url-wrapper', '&lt;URL:http://www.exam-\n  ple.com/&gt;']]],
    ['a tag ends a run of text', '<p>see<b>http://a.example/</b>x</p>', [['http://a.example/', 'bare', 'http://a.example/']]],
    ['title and textarea are text', '<title>http://t.example/</title><textarea>http://x.example/</textarea>', [['http://t.example/', 'bare', 'http://t.example/'], ['http://x.example/', 'bare', 'http://x.example/']]],
    ['link text equal to its href is one record', '<a href="http://d.example/">http://d.example/</a>', [['http://d.example/', 'a href', 'http://d.example/']]],
    ['link text that differs is kept', '<a href="http://d.example/">see http://e.example/</a>', [['http://d.example/', 'a href', 'http://d.example/'], ['http://e.example/', 'bare', 'http://e.example/']]],
    ['the same URL after the link is kept', '<a href="http://d.example/">d</a> http://d.example/', [['http://d.example/', 'a href', 'http://d.example/'], ['http://d.example/', 'bare', 'http://d.example/']]],
    ['CDATA is text', '<p><![CDATA[ http://c.example/ ]]></p>', [['http://c.example/', 'bare', 'http://c.example/']]],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });

  it('scan options apply to text', () => {
    expect(rows('<p>www.a.example and jim@b.example</p>', { schemeless: true, emails: true }).map((row) => row[0])).toEqual([
      'http://www.a.example',
      'mailto:jim@b.example',
    ]);
    expect(rows('<p>http://a.example/ ftp://b.example/</p>', { schemes: ['ftp'] }).map((row) => row[0])).toEqual(['ftp://b.example/']);
  });
});

// rule: html-raw-text
describe('script, style, comments', () => {
  const page = [
    '<script>var u = "http://s.example/";</script>',
    '<style>a { background: url(http://c.example/) }</style>',
    '<!-- http://m.example/ -->',
    '<p>http://t.example/</p>',
  ].join('\n');

  it('are not read by default', () => {
    expect(rows(page).map((row) => row[0])).toEqual(['http://t.example/']);
  });

  it.each([
    ['scripts', ['http://s.example/', 'http://t.example/']],
    ['styles', ['http://c.example/', 'http://t.example/']],
    ['comments', ['http://m.example/', 'http://t.example/']],
  ])('%s: true', (option, expected) => {
    expect(rows(page, { [option]: true }).map((row) => row[0])).toEqual(expected);
  });

  it('a script src is an attribute, whatever the options', () => {
    expect(rows('<script src="http://s.example/a.js"></script>')).toEqual([['http://s.example/a.js', 'script src', 'http://s.example/a.js']]);
  });

  it('text after </script> is read again', () => {
    expect(rows('<SCRIPT>if (a < b) x = "</p>"</SCRIPT> http://t.example/').map((row) => row[0])).toEqual(['http://t.example/']);
  });
});

/** The rows of `html` written to a scanner `size` characters at a time. */
function rowsInPieces(html: string, size: number, options?: HtmlScanOptions): Row[] {
  const scanner = createHtmlScanner(options);
  const records: HtmlRecord[] = [];
  for (let at = 0; at < html.length; at += size) records.push(...scanner.write(html.slice(at, at + size)));
  records.push(...scanner.end());
  expectPositions(html, records);
  return records.map((record) => [record.url, record.attribute ?? record.form, record.raw]);
}

// A run of text with no trigger (`:`, `@` with emails, `www.` with schemeless) in its source is not scanned:
// a character reference that spells one makes the run scanned, and so does a trigger split between writes.
describe('runs of text with and without a trigger', () => {
  it.each<[string, string, HtmlScanOptions, Row[]]>([
    ['a colon written as a reference', '<p>see http&#58;//r.example/a now</p>', {}, [['http://r.example/a', 'bare', 'http&#58;//r.example/a']]],
    ['a colon by name', '<p>http&colon;//r.example/b</p>', {}, [['http://r.example/b', 'bare', 'http&colon;//r.example/b']]],
    ['an at sign written as a reference (emails)', '<p>mail jim&#64;r.example today</p>', { emails: true }, [['mailto:jim@r.example', 'bare', 'jim&#64;r.example']]],
    ['www. with its dot a reference (schemeless)', '<p>go to www&#46;r.example now</p>', { schemeless: true }, [['http://www.r.example', 'bare', 'www&#46;r.example']]],
    ['a trigger, then a reference, in one run', '<p>http://r.example/?a=1&amp;b=2 x</p>', {}, [['http://r.example/?a=1&b=2', 'bare', 'http://r.example/?a=1&amp;b=2']]],
    ['runs without a trigger around one with', '<div>\n  <p>no link</p>\n  <p>one http://r.example/c</p>\n</div>', {}, [['http://r.example/c', 'bare', 'http://r.example/c']]],
    ['no trigger anywhere', '<div>\n  <p>no link &amp; no colon</p>\n</div>', {}, []],
  ])('%s', (_, html, options, expected) => {
    expect(rows(html, options)).toEqual(expected);
    for (const size of [1, 2, 7]) expect(rowsInPieces(html, size, options)).toEqual(expected);
  });

  it('a run of text longer than a MiB with one URL at its end', () => {
    const html = `<p>${'word '.repeat(300_000)}http://r.example/long</p>`;
    expect(rows(html)).toEqual([['http://r.example/long', 'bare', 'http://r.example/long']]);
    expect(rowsInPieces(html, 65_536)).toEqual([['http://r.example/long', 'bare', 'http://r.example/long']]);
  });
});
