/**
 * Bare URLs written carelessly (README, "What counts as a URL", rules 3, 11
 * and 20): a known scheme glued to the word before it, a bare URL broken
 * after a hyphen at a line's end, `WWW.` in capitals. The raw span is marked
 * «like this»; a line without marks holds no URL.
 */
import { describe, expect, it } from 'vitest';
import type { ScanOptions, UrlRecord } from '../../src/index.js';
import { scan } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

function expectMarked(marked: string, options?: ScanOptions): void {
  const { input, spans } = unmark(marked);
  expect(foundSpans(input, options)).toEqual(spans);
}

const readings = (record: UrlRecord | undefined) => (record === undefined ? [] : [record.url, ...record.alternatives]);

// rule: scheme-glued-to-word
describe('a known scheme glued to a word: a missing space (rule 11)', () => {
  it.each([
    ['This is great«https://github.com/user/repo»', 'greathttps://github.com/user/repo'],
    ['Demo«http://example.com/demo»', 'Demohttp://example.com/demo'],
    ['see«http://example.com/»', 'seehttp://example.com/'],
    ['x«http://example.com»', 'xhttp://example.com'],
    ['spam«https://example.com/»', 'spamhttps://example.com/'],
    ['link«ftp://ftp.example.org/pub/»', 'linkftp://ftp.example.org/pub/'],
    ['here«sftp://host.example/x»', 'heresftp://host.example/x'],
    ['repo«git://git.example.org/r.git»', 'repogit://git.example.org/r.git'],
    ['chat«wss://chat.example/»', 'chatwss://chat.example/'],
    ['(Site«https://example.com/a»)', 'Sitehttps://example.com/a'],
    ['Step2«http://example.com/»', 'Step2http://example.com/'],
    // `mailto:` needs no `//`: its `@` is its guard
    ['Email«mailto:jim@example.com»', 'Emailmailto:jim@example.com'],
    ['x«mailto:jim@example.com»', 'xmailto:jim@example.com'],
  ])('%j: the known scheme, and the glued reading in `alternatives`', (marked, glued) => {
    const { input, spans } = unmark(marked);
    const records = scan(input);
    expect(records.map((record) => [record.start.offset, record.end.offset])).toEqual(spans);
    expect(records[0]?.alternatives).toEqual([glued]);
  });

  it.each([
    // a scheme starts with a letter: the glued reading is none
    ['3«http://example.com»', []],
    ['2024«https://example.com/»', []],
  ])('%j: no glued reading when it is no scheme', (marked, alternatives) => {
    const { input, spans } = unmark(marked);
    const records = scan(input);
    expect(records.map((record) => [record.start.offset, record.end.offset])).toEqual(spans);
    expect(records[0]?.alternatives).toEqual(alternatives);
  });

  it.each([
    // `+`, `-` or `.` in the word: a scheme of its own, or rule 11's joint
    ['see «git+https://github.com/a/b.git»', 'git+https'],
    ['see «svn+ssh://svn.example.org/r»', 'svn+ssh'],
    ['see «foo.bar://example.com/»', 'foo.bar'],
    ['see «coap+ws://example.com/»', 'coap+ws'],
    // a known scheme that is itself the longest: `sftp`, not `ftp`; `https`, not `http`
    ['«sftp://host.example/»', 'sftp'],
    ['«news://news.example/»', 'news'],
    // registered schemes that end in a known one are read whole
    ['get «tftp://boot.example/pxelinux.0»', 'tftp'],
    ['«shttp://example.com/»', 'shttp'],
    ['«snews://news.example/group»', 'snews'],
    ['«xftp://host.example/»', 'xftp'],
    // any other scheme with `//` (rule 10)
    ['«myapp://open/item»', 'myapp'],
    ['«vscode://file/a.txt»', 'vscode'],
  ])('%j is read whole, the scheme %j', (marked, scheme) => {
    const { input, spans } = unmark(marked);
    const records = scan(input);
    expect(records.map((record) => [record.start.offset, record.end.offset, record.scheme])).toEqual([[...spans[0]!, scheme]]);
    expect(records[0]?.alternatives).toEqual([]);
  });

  it.each([
    // without `//` the glued word stays a word: `hotel:`, `return:`, `gossip:`
    'hotel:Paris',
    'return:value',
    'gossip:x',
    'greathttp:example.com',
    'Attribute:tel',
    // a glued `mailto:` without an address is prose too
    'Emailmailto:jim',
  ])('%j holds no URL', (input) => {
    expect(scan(input)).toEqual([]);
  });
});

// rule: hyphen-rule-bare
describe('a bare URL broken after a hyphen at a line end: the hyphen rule (rule 3)', () => {
  it.each([
    ['see http://www.exam-\nple.com/x for', ['http://www.exam-ple.com/x', 'http://www.example.com/x'], 'http://www.exam-\nple.com/x'],
    ['see http://www.exam-\r\nple.com/x', ['http://www.exam-ple.com/x', 'http://www.example.com/x'], 'http://www.exam-\r\nple.com/x'],
    ['see http://www.exam-\rple.com/x', ['http://www.exam-ple.com/x', 'http://www.example.com/x'], 'http://www.exam-\rple.com/x'],
    // whitespace around the break is ignored: trailing spaces, the next line's indentation
    ['  ftp://ftp.exam- \t\n      ple.org/pub/ then', ['ftp://ftp.exam-ple.org/pub/', 'ftp://ftp.example.org/pub/'], 'ftp://ftp.exam- \t\n      ple.org/pub/'],
    // in the path, and with the sentence's punctuation after it
    ['at http://example.com/docs/intro-\nduction.html.', ['http://example.com/docs/intro-duction.html', 'http://example.com/docs/introduction.html'], 'http://example.com/docs/intro-\nduction.html'],
    ['(http://example.com/a-\nb)', ['http://example.com/a-b', 'http://example.com/ab'], 'http://example.com/a-\nb'],
    ['"http://example.com/a-\nb"', ['http://example.com/a-b', 'http://example.com/ab'], '"http://example.com/a-\nb"'],
    // several breaks: every combination, as in a wrapper
    ['http://a-\nb-\nc.example/', ['http://a-b-c.example/', 'http://abc.example/', 'http://ab-c.example/', 'http://a-bc.example/'], 'http://a-\nb-\nc.example/'],
    // other schemes, and IRIs
    ['mailto:jim@exam-\nple.com', ['mailto:jim@exam-ple.com', 'mailto:jim@example.com'], 'mailto:jim@exam-\nple.com'],
    ['http://例え-\nサイト.jp/', ['http://例え-サイト.jp/', 'http://例えサイト.jp/'], 'http://例え-\nサイト.jp/'],
  ])('%j', (input, expected, raw) => {
    const records = scan(input);
    expect(records.map(readings)).toEqual([expected]);
    expect(records[0]?.raw).toBe(raw);
    expect(records[0]?.form).toBe(raw.startsWith('"') ? 'quoted' : 'bare');
  });

  it('`hyphen: drop` swaps the readings', () => {
    expect(scan('see http://www.exam-\nple.com/x', { hyphen: 'drop' }).map(readings)).toEqual([
      ['http://www.example.com/x', 'http://www.exam-ple.com/x'],
    ]);
  });

  it('positions cover both lines', () => {
    const [record] = scan('see http://www.exam-\n  ple.com/x for');
    expect([record?.start, record?.end]).toEqual([
      { line: 1, column: 5, offset: 4 },
      { line: 2, column: 12, offset: 32 },
    ]);
  });

  it('the first line alone is a URL too: the joined reading wins', () => {
    expect(scan('see http://example.com/a-\nb/x').map(readings)).toEqual([['http://example.com/a-b/x', 'http://example.com/ab/x']]);
  });

  it.each([
    // a line break without a hyphen: two things (only the hyphen joins)
    ['see http://example.com/a\nbook', ['http://example.com/a']],
    ['see http://example.com/\nNext line', ['http://example.com/']],
    // a blank line, a list item, a quote, another URL after the break
    ['see http://example.com/a-\n\nb', ['http://example.com/a-']],
    ['see http://example.com/a-\n- item', ['http://example.com/a-']],
    ['see http://example.com/a-\n* item', ['http://example.com/a-']],
    ['see http://example.com/a-\n> quote', ['http://example.com/a-']],
    ['see http://example.com/a-\nhttp://b.example/', ['http://example.com/a-', 'http://b.example/']],
    ['see http://example.com/a-\nHTTPS://b.example/', ['http://example.com/a-', 'HTTPS://b.example/']],
    ['see http://example.com/a-\nmailto:j@b.example', ['http://example.com/a-', 'mailto:j@b.example']],
    ['see http://example.com/a-\nwww.b.example', ['http://example.com/a-']],
    ['see http://example.com/a-\n(b)', ['http://example.com/a-']],
    ['see http://example.com/a-\n.b', ['http://example.com/a-']],
    // a hyphen that is not the URL's (a space before it), or not at the line's end
    ['see http://example.com/a -\nb', ['http://example.com/a']],
    ['see http://example.com/a-b\nc', ['http://example.com/a-b']],
    // the end of the input
    ['see http://example.com/a-\n', ['http://example.com/a-']],
    ['see http://example.com/a-', ['http://example.com/a-']],
  ])('%j', (input, urls) => {
    expect(scan(input).map((record) => record.url)).toEqual(urls);
  });

  it('a host impossible on the first line alone is found joined', () => {
    expect(scan('http://www.exam-').map((record) => record.url)).toEqual([]);
    expect(scan('http://www.exam-\nple.com').map((record) => record.url)).toEqual(['http://www.exam-ple.com']);
  });

  it('`www.` with `schemeless`, and the hyphen rule there too', () => {
    expect(scan('see www.exam-\n  ple.com/x.', { schemeless: true }).map(readings)).toEqual([
      ['http://www.exam-ple.com/x', 'http://www.example.com/x'],
    ]);
  });
});

// rule: www-any-case
describe('`WWW.` in any case with `schemeless` (host names are case-insensitive)', () => {
  const schemeless: ScanOptions = { schemeless: true };

  it.each([
    'see «WWW.EXAMPLE.COM».',
    '«Www.example.com» is a site',
    '«WWW.example.org/Path?x=1»,',
    '(«WwW.example.net»)',
    'at «wWW.example.com/a»',
  ])('%j', (marked) => expectMarked(marked, schemeless));

  it.each(['AWWW.example.com', 'WWW.', 'WWW.com', 'WWW..example.com', 'http://WWW.example.com/x'])(
    '%j gives no schemeless record',
    (input) => {
      expect(scan(input, schemeless).filter((record) => !/^[a-z]+:/i.test(record.raw))).toEqual([]);
    },
  );

  it('reports http:// and the host as written', () => {
    expect(scan('Visit WWW.EXAMPLE.COM today', schemeless).map((record) => [record.url, record.valid])).toEqual([
      ['http://WWW.EXAMPLE.COM', true],
    ]);
  });
});
