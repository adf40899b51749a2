/**
 * The record factory: one shape for every record, and the `schemes` and
 * `strict` filter in one place.
 */
import { describe, expect, it } from 'vitest';
import {
  createHtmlRecord,
  createMailRecord,
  createRecord,
  moveHtmlRecord,
  moveRecord,
  type RecordFilter,
} from '../../src/records/create-record.js';

const at = (offset: number) => ({ line: 1, column: offset + 1, offset });
const everything: RecordFilter = { schemes: undefined, strict: false };

describe('createRecord', () => {
  it('parses the URL and keeps what it is given', () => {
    const alternatives = ['ftp://ds.in-ternic.net/rfc'];
    const record = createRecord('ftp://ds.internic.net/rfc', 'url-wrapper', alternatives, '<URL:ftp://ds.internic.net/rfc>', at(4), at(35), everything);
    expect(record).toStrictEqual({
      url: 'ftp://ds.internic.net/rfc',
      href: undefined,
      raw: '<URL:ftp://ds.internic.net/rfc>',
      scheme: 'ftp',
      form: 'url-wrapper',
      alternatives,
      start: at(4),
      end: at(35),
      valid: true,
      errors: [],
      parts: { host: 'ds.internic.net', urlPath: 'rfc', cwd: [], name: 'rfc', defaultPort: 21 },
    });
    expect(record?.alternatives).toBe(alternatives);
  });

  it.each([
    // url, filter, kept?
    ['http://a.example/', { schemes: new Set(['http']), strict: false }, true],
    ['HTTP://a.example/', { schemes: new Set(['http']), strict: false }, true],
    ['ftp://a.example/', { schemes: new Set(['http']), strict: false }, false],
    ['http://a.example/~user/', { schemes: undefined, strict: false }, true],
    ['http://a.example/~user/', { schemes: undefined, strict: true }, false],
    ['http://a.example/user/', { schemes: undefined, strict: true }, true],
    ['http://a.example/~user/', { schemes: new Set(['ftp']), strict: true }, false],
    // skipped schemes apply only when `schemes` is not given
    ['javascript:x()', { schemes: undefined, strict: false, skippedSchemes: new Set(['javascript']) }, false],
    ['JavaScript:x()', { schemes: undefined, strict: false, skippedSchemes: new Set(['javascript']) }, false],
    ['http://a.example/', { schemes: undefined, strict: false, skippedSchemes: new Set(['javascript']) }, true],
    ['javascript:x()', { schemes: new Set(['javascript']), strict: false, skippedSchemes: new Set(['javascript']) }, true],
  ] as const)('%s with %o: kept %s', (url, filter, kept) => {
    expect(createRecord(url, 'bare', [], url, at(0), at(url.length), filter) !== undefined).toBe(kept);
  });

  it('reports invalid URLs with their errors when not strict', () => {
    const record = createRecord('http://a.example/~u', 'bare', [], 'http://a.example/~u', at(0), at(19), everything);
    expect(record?.valid).toBe(false);
    expect(record?.errors.map((error) => error.code)).toEqual(['national-character']);
  });

  it('every record has the same keys in the same order', () => {
    const a = createRecord('http://a.example/', 'bare', [], 'x', at(0), at(1), everything);
    const b = createRecord('mailto:a@b.example', 'html-attribute', ['y'], 'y', at(0), at(1), everything);
    expect(Object.keys(a ?? {})).toEqual(Object.keys(b ?? {}));
  });
});

describe('href: the URI a browser requests, when the URL holds characters a URI must escape', () => {
  it.each([
    // an IRI: the host by IDNA, the rest as UTF-8 octets
    ['http://例え.jp/パス?q=日本#見出し', 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E6%97%A5%E6%9C%AC#%E8%A6%8B%E5%87%BA%E3%81%97'],
    ['https://ru.wikipedia.org/wiki/Москва', 'https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0'],
    ['https://zh.wikipedia.org/wiki/中文', 'https://zh.wikipedia.org/wiki/%E4%B8%AD%E6%96%87'],
    ['http://bücher.example/', 'http://xn--bcher-kva.example/'],
    ['HTTP://BÜCHER.EXAMPLE', 'http://xn--bcher-kva.example/'],
    ['https://example.com/😀', 'https://example.com/%F0%9F%98%80'],
    ['http://example.com/café?x=é', 'http://example.com/caf%C3%A9?x=%C3%A9'],
    // characters RFC 3986 leaves out, found in a wrapper
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['http://example.com/"x"<y>', 'http://example.com/%22x%22%3Cy%3E'],
    ['http://example.com/{a}`b`', 'http://example.com/%7Ba%7D%60b%60'],
    // other schemes, as the WHATWG URL standard serializes them
    ['mailto:jürgen@example.com', 'mailto:j%C3%BCrgen@example.com'],
    ['file:///C:\\new\\table.txt', 'file:///C:/new/table.txt'],
    ['ftp://ftp.example.org/pub/ファイル', 'ftp://ftp.example.org/pub/%E3%83%95%E3%82%A1%E3%82%A4%E3%83%AB'],
  ])('%s → %s', (url, href) => {
    const record = createRecord(url, 'url-wrapper', [], url, at(0), at(url.length), everything);
    expect(record?.href).toBe(href);
    if (/^https?:/i.test(url)) expect(record?.href).toBe(new URL(url).href);
    expect(JSON.parse(JSON.stringify(record)).href).toBe(href);
  });

  it.each([
    // plain US-ASCII: its own URI (however a browser would write it)
    'http://example.com/',
    'HTTP://EXAMPLE.COM',
    'http://example.com/a/../b',
    'ftp://ftp.example.org/pub;type=d',
    'mailto:jim@example.com',
    'http://example.com/100%',
    // escaped, but serialized as written: `|` stays in a WHATWG path
    'http://example.com/a|b',
    // what the WHATWG parser rejects: a bad host, a bad port
    'http://exa mple.com/',
    'http://例%/',
    'http://例え.jp:é/',
  ])('%s: none, absent from JSON', (url) => {
    const record = createRecord(url, 'url-wrapper', [], url, at(0), at(url.length), everything);
    expect(record?.href).toBeUndefined();
    expect('href' in JSON.parse(JSON.stringify(record))).toBe(false);
  });

  it('moved records and mail records keep it', () => {
    const found = createRecord('http://例え.jp/', 'bare', [], 'x', at(0), at(1), everything)!;
    expect(moveRecord(found, 'y', at(2), at(3)).href).toBe('http://xn--r8jz45g.jp/');
    expect(moveHtmlRecord(found, 'y', at(2), at(3)).href).toBe('http://xn--r8jz45g.jp/');
    const place = { message: { index: 0 }, file: undefined, mimePart: '1', header: undefined, position: undefined };
    expect(createMailRecord(found, 'y', at(2), at(3), place).href).toBe('http://xn--r8jz45g.jp/');
  });
});

describe('moveRecord', () => {
  it('a copy with the source position, same keys', () => {
    const found = createRecord('http://a.example/', 'bare', [], 'http://a.example/', at(0), at(17), everything)!;
    const moved = moveRecord(found, 'http://a.exa\\\nmple/', { line: 3, column: 2, offset: 40 }, { line: 4, column: 6, offset: 59 });
    expect(moved).toEqual({ ...found, raw: 'http://a.exa\\\nmple/', start: { line: 3, column: 2, offset: 40 }, end: { line: 4, column: 6, offset: 59 } });
    expect(Object.keys(moved)).toEqual(Object.keys(found));
    expect(found.start).toEqual(at(0));
  });
});

describe('HTML records: one shape, with the attribute', () => {
  const filter: RecordFilter = { schemes: undefined, strict: false, skippedSchemes: new Set(['javascript']) };

  it('createHtmlRecord: form html-attribute, the attribute named, the filter applied', () => {
    const record = createHtmlRecord('http://a.example/i.png', 'img src', 'http://a.example/i.png', at(10), at(32), filter);
    expect(record).toEqual({
      ...createRecord('http://a.example/i.png', 'html-attribute', [], 'http://a.example/i.png', at(10), at(32), everything),
      attribute: 'img src',
    });
    expect(createHtmlRecord('javascript:go()', 'a href', 'javascript:go()', at(0), at(15), filter)).toBeUndefined();
    expect(createHtmlRecord('http://a.example/~u', 'a href', 'x', at(0), at(1), { schemes: undefined, strict: true })).toBeUndefined();
  });

  it('moveHtmlRecord: a text record moved to the HTML, with the same keys as an attribute record', () => {
    const found = createRecord('http://a.example/?a=1&b=2', 'bare', [], 'http://a.example/?a=1&b=2', at(0), at(25), everything)!;
    const moved = moveHtmlRecord(found, 'http://a.example/?a=1&amp;b=2', at(3), at(32));
    expect(moved).toEqual({ ...found, raw: 'http://a.example/?a=1&amp;b=2', start: at(3), end: at(32), attribute: undefined });
    expect('attribute' in moved).toBe(true);
    const attribute = createHtmlRecord('http://a.example/', 'a href', 'x', at(0), at(1), filter)!;
    expect(Object.keys(moved)).toEqual(Object.keys(attribute));
  });
});

describe('createMailRecord: the record at its place in the file, with the mail fields', () => {
  const found = createRecord('http://a.example/x', 'bare', [], 'http://a.example/x', at(0), at(18), everything)!;
  const place = { message: { index: 3, messageId: '<m@a.example>' }, file: undefined, mimePart: undefined, header: undefined, position: undefined };
  const base = ['url', 'href', 'raw', 'scheme', 'form', 'alternatives', 'start', 'end', 'valid', 'errors', 'parts'];

  it.each([
    ['a text part', { mimePart: '1' }, ['message', 'mimePart']],
    ["the message's own header", { header: 'List-Help' }, ['message', 'header']],
    ['a maildir message, in a part placed as a whole', { file: 'cur/1', mimePart: '2', position: 'part' as const }, ['message', 'file', 'mimePart', 'position']],
    ['a part header', { mimePart: '1.2', header: 'Content-Base' }, ['message', 'mimePart', 'header']],
  ])('%s: only the fields given, in one order', (_, fields, keys) => {
    const record = createMailRecord(found, 'http://a.example/x', at(100), at(118), { ...place, ...fields });
    expect(Object.keys(record)).toEqual([...base, ...keys]);
    expect(record).toMatchObject({ start: at(100), end: at(118), ...fields });
  });

  it('keeps the attribute of a record from an HTML part, before the mail fields', () => {
    const html = createHtmlRecord('http://a.example/x', 'a href', 'http://a.example/x', at(9), at(27), everything)!;
    const record = createMailRecord(html, 'http://a.example/x', at(9), at(27), { ...place, mimePart: '2' });
    expect(Object.keys(record)).toEqual([...base, 'attribute', 'message', 'mimePart']);
    expect((record as { attribute?: string }).attribute).toBe('a href');
  });

  it('a new object: the record it was made from is left as it was', () => {
    const record = createMailRecord(found, 'URL:http://a.example/x', at(100), at(122), { ...place, mimePart: '1' });
    expect(record).not.toBe(found);
    expect(found.raw).toBe('http://a.example/x');
    expect(found.start).toEqual(at(0));
    expect('message' in found).toBe(false);
  });
});
