/**
 * URL attributes: every attribute of the table, lists, `<meta>`, `<base>`,
 * entities, malformed markup, the one rule for schemes, relative links.
 */
import { describe, expect, it } from 'vitest';
import { urlAttributeList } from '../../src/adapters/html/url-attributes.js';
import { rows, type Row } from './html-helpers.js';

// rule: html-url-attributes
describe('every attribute of the table', () => {
  it.each(urlAttributeList())('%s', (pair) => {
    const [element, attribute] = pair.split(' ') as [string, string];
    const html = `<${element} ${attribute}="http://a.example/${attribute}">x</${element}>`;
    expect(rows(html)).toEqual([[`http://a.example/${attribute}`, pair, `http://a.example/${attribute}`]]);
  });

  it('an attribute on an element it does not belong to is not a URL', () => {
    expect(rows('<div href="http://a.example/"></div><a src="http://b.example/">x</a><p data="http://c.example/">')).toEqual([]);
  });
});

// rule: html-attribute-values
describe('attribute values', () => {
  it.each<[string, string, Row[]]>([
    ['href with &amp;', '<a href="http://a.example/?x=1&amp;y=2">t</a>', [['http://a.example/?x=1&y=2', 'a href', 'http://a.example/?x=1&amp;y=2']]],
    ['numeric references', '<a href="&#104;ttp://a.example/&#x41;">t</a>', [['http://a.example/A', 'a href', '&#104;ttp://a.example/&#x41;']]],
    ['references side by side', '<a href="http://a.example/&amp;&amp;z&lt;">t</a>', [['http://a.example/&&z<', 'a href', 'http://a.example/&amp;&amp;z&lt;']]],
    ['a legacy reference before = is not decoded in an attribute', '<a href="http://a.example/?a=1&copy=2">t</a>', [['http://a.example/?a=1&copy=2', 'a href', 'http://a.example/?a=1&copy=2']]],
    ['spaces trimmed, tabs and line breaks removed', '<a href=" http://a.example/\n\tx ">t</a>', [['http://a.example/x', 'a href', 'http://a.example/\n\tx']]],
    ['unquoted', '<a href=http://a.example/u>t</a>', [['http://a.example/u', 'a href', 'http://a.example/u']]],
    ['single quotes, spaces around =', "<a href = 'http://a.example/'>t</a>", [['http://a.example/', 'a href', 'http://a.example/']]],
    ['uppercase tag and attribute', '<IMG SRC="http://a.example/i.png">', [['http://a.example/i.png', 'img src', 'http://a.example/i.png']]],
    ['the first of two attributes with one name', '<a href="http://a.example/1" href="http://a.example/2">t</a>', [['http://a.example/1', 'a href', 'http://a.example/1']]],
    ['an attribute without a value', '<a href>t</a><img src alt="x">', []],
    ['an empty value', '<a href="">t</a><a href="  ">u</a>', []],
    [
      'srcset: each candidate, descriptors and commas left out',
      '<img srcset="http://a.example/1.png 1x, http://a.example/2.png 2x,http://a.example/3.png,, http://a.example/4.png 100w">',
      [
        ['http://a.example/1.png', 'img srcset', 'http://a.example/1.png'],
        ['http://a.example/2.png', 'img srcset', 'http://a.example/2.png'],
        ['http://a.example/3.png', 'img srcset', 'http://a.example/3.png'],
        ['http://a.example/4.png', 'img srcset', 'http://a.example/4.png'],
      ],
    ],
    [
      'srcset: a comma inside a URL stays, relative candidates go',
      '<source srcset="s.png 1x, http://a.example/a,b.png 2x">',
      [['http://a.example/a,b.png', 'source srcset', 'http://a.example/a,b.png']],
    ],
    ['imagesrcset on link', '<link rel=preload imagesrcset="http://a.example/w.png 480w">', [['http://a.example/w.png', 'link imagesrcset', 'http://a.example/w.png']]],
    [
      'ping: each URL',
      '<a href="http://a.example/" ping="http://p.example/1  http://p.example/2">t</a>',
      [
        ['http://a.example/', 'a href', 'http://a.example/'],
        ['http://p.example/1', 'a ping', 'http://p.example/1'],
        ['http://p.example/2', 'a ping', 'http://p.example/2'],
      ],
    ],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });
});

// Only attribute names as long as one of the tag's URL attributes' are read.
describe('attribute names among others', () => {
  it.each<[string, string, Row[]]>([
    ['a table cell with other attributes', '<td width="10" align=left bgcolor="#fff" background="http://b.example/bg.png" x>', [['http://b.example/bg.png', 'td background', 'http://b.example/bg.png']]],
    ['names in capitals', '<A TITLE="t" HREF="http://b.example/a">', [['http://b.example/a', 'a href', 'http://b.example/a']]],
    ['a name one longer or shorter', '<a hrefx="http://b.example/1" hre="http://b.example/2" href="http://b.example/3">', [['http://b.example/3', 'a href', 'http://b.example/3']]],
    ['a meta in capitals', '<META HTTP-EQUIV="Refresh" CONTENT="0; URL=http://b.example/r">', [['http://b.example/r', 'meta refresh', 'http://b.example/r']]],
    ['a link image set', '<link rel=preload imagesrcset="http://b.example/1x.png 1x">', [['http://b.example/1x.png', 'link imagesrcset', 'http://b.example/1x.png']]],
    ['a name no URL attribute has', '<img data-original-src-long-name="http://b.example/n" src="http://b.example/i">', [['http://b.example/i', 'img src', 'http://b.example/i']]],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });
});

// rule: html-meta-urls
describe('meta', () => {
  it.each<[string, string, Row[]]>([
    ['refresh', '<meta http-equiv="refresh" content="5; url=http://r.example/x">', [['http://r.example/x', 'meta refresh', 'http://r.example/x']]],
    ['refresh, URL in quotes, no space', "<meta http-equiv=Refresh content=\"0;URL='http://r.example/q'\">", [['http://r.example/q', 'meta refresh', 'http://r.example/q']]],
    ['refresh without url=', '<meta http-equiv="refresh" content="0, http://r.example/c">', [['http://r.example/c', 'meta refresh', 'http://r.example/c']]],
    ['refresh without a URL', '<meta http-equiv="refresh" content="30">', []],
    ['og:url', '<meta property="og:url" content="http://o.example/">', [['http://o.example/', 'meta og:url', 'http://o.example/']]],
    ['og:image, content first', '<meta content=" http://o.example/i.png " property="og:image">', [['http://o.example/i.png', 'meta og:image', 'http://o.example/i.png']]],
    ['twitter:image by name', '<meta name="twitter:image" content="http://t.example/i.png">', [['http://t.example/i.png', 'meta twitter:image', 'http://t.example/i.png']]],
    ['og:title is not a URL', '<meta property="og:title" content="http://not.example/">', []],
    ['description is not a URL', '<meta name="description" content="see http://d.example/">', []],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });
});

// rule: html-scheme-rule
describe('one rule for schemes', () => {
  it.each<[string, string, Row[]]>([
    ['javascript:, vbscript:, data:, about:, cid:, mid: are skipped', '<a href="javascript:go()">j</a><a href="VBScript:x">v</a><img src="data:image/png;base64,AAAA"><iframe src="about:blank"></iframe><img src="cid:a@b"><a href="mid:m@h">m</a>', []],
    ['a one-letter scheme is a drive letter', '<a href="h:x">h</a><a href="C:\\dir\\f.txt">c</a>', []],
    ['relative links are not URLs', '<a href="/x">a</a><a href="#y">b</a><a href="//h/x">c</a><img src="i.png">', []],
    ['mailto: and news: are URLs', '<a href="mailto:jim@example.org">m</a><a href="news:comp.lang.c">n</a>', [['mailto:jim@example.org', 'a href', 'mailto:jim@example.org'], ['news:comp.lang.c', 'a href', 'news:comp.lang.c']]],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });

  it('a skipped scheme named in schemes is reported', () => {
    expect(rows('<a href="javascript:go()">j</a><a href="http://a.example/">a</a>', { schemes: ['javascript'] })).toEqual([
      ['javascript:go()', 'a href', 'javascript:go()'],
    ]);
  });

  it('strict drops invalid URLs', () => {
    expect(rows('<a href="http://a.example/~x">t</a>', { strict: true })).toEqual([]);
    expect(rows('<a href="http://a.example/~x">t</a>')).toEqual([['http://a.example/~x', 'a href', 'http://a.example/~x']]);
  });
});

// rule: html-relative-links
describe('base and relative links', () => {
  const page = '<base href="http://b.example/dir/"><a href="x.html">x</a><img srcset="i.png 2x"><a href="#top">t</a>';

  it('<base href> is reported; relative links are not', () => {
    expect(rows(page)).toEqual([['http://b.example/dir/', 'base href', 'http://b.example/dir/']]);
  });

  it('resolve: relative links resolved against the base, raw keeps the source', () => {
    expect(rows(page, { resolve: true })).toEqual([
      ['http://b.example/dir/', 'base href', 'http://b.example/dir/'],
      ['http://b.example/dir/x.html', 'a href', 'x.html'],
      ['http://b.example/dir/i.png', 'img srcset', 'i.png'],
      ['http://b.example/dir/#top', 'a href', '#top'],
    ]);
  });

  it('resolve: without a base, against the document URL; a relative base against it too', () => {
    expect(rows('<a href="../a.html">a</a>', { resolve: true, url: 'file:///doc/sub/page.html' })).toEqual([
      ['file:///doc/a.html', 'a href', '../a.html'],
    ]);
    expect(rows('<base href="up/"><a href="a.html">a</a>', { resolve: true, url: 'http://h.example/d/p.html' })).toEqual([
      ['http://h.example/d/up/', 'base href', 'up/'],
      ['http://h.example/d/up/a.html', 'a href', 'a.html'],
    ]);
  });

  it('resolve: <a href=foo> unquoted', () => {
    expect(rows('<a href=foo>t</a>', { resolve: true, url: 'http://h.example/d/p.html' })).toEqual([['http://h.example/d/foo', 'a href', 'foo']]);
  });

  it('resolve: with no base and no document URL, relative links stay out; only the first base counts', () => {
    expect(rows('<a href="a.html">a</a>', { resolve: true })).toEqual([]);
    expect(rows('<base href="http://one.example/"><base href="http://two.example/"><a href="a">a</a>', { resolve: true })).toEqual([
      ['http://one.example/', 'base href', 'http://one.example/'],
      ['http://one.example/a', 'a href', 'a'],
    ]);
  });
});

// rule: html-unclosed-tag
describe('malformed markup never throws and loses nothing it can read', () => {
  it.each<[string, string, Row[]]>([
    ['unclosed tags', '<p>see <b>http://a.example/b <i>and http://a.example/i', [['http://a.example/b', 'bare', 'http://a.example/b'], ['http://a.example/i', 'bare', 'http://a.example/i']]],
    ['an unclosed quote at the end: the tag is read as text', '<a href="http://a.example/q>text http://t.example/', [['http://a.example/q', 'bare', 'http://a.example/q'], ['http://t.example/', 'bare', 'http://t.example/']]],
    ['an unclosed quote before another tag swallows it, as in a browser', '<a href="http://a.example/x>t</a> <a href="http://b.example/">u</a>', [['http://a.example/x>t</a> <a href=', 'a href', 'http://a.example/x>t</a> <a href=']]],
    ['a stray <', '<p>a < b http://a.example/ c</p>', [['http://a.example/', 'bare', 'http://a.example/']]],
    ['an unterminated comment', '<p>http://a.example/</p><!-- http://c.example/', [['http://a.example/', 'bare', 'http://a.example/']]],
    ['a tag cut by the end', '<p>http://a.example/</p><img src="http://i.example', [['http://a.example/', 'bare', 'http://a.example/'], ['http://i.example', 'bare', 'http://i.example']]],
    ['attributes without values and odd spacing', '<a\nhidden\nhref\n=\nhttp://a.example/n\ndownload>t</a>', [['http://a.example/n', 'a href', 'http://a.example/n']]],
    ['<a href=foo>: unquoted and relative, a reference', '<a href=foo>t</a> http://t.example/', [['http://t.example/', 'bare', 'http://t.example/']]],
    ['a name that is also an Object property', '<constructor href="http://a.example/">x</constructor><a __proto__="x" toString="y" href="http://b.example/">t</a>', [['http://b.example/', 'a href', 'http://b.example/']]],
  ])('%s', (_, html, expected) => {
    expect(rows(html)).toEqual(expected);
  });
});
