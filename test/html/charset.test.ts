/**
 * HTML read as bytes: the encoding found as browsers find it, and positions
 * counted in the decoded text.
 */
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { sniffHtmlEncoding } from '../../src/adapters/html/html-charset.js';
import { scanHtmlWhole } from '../../src/adapters/html/html-scanner.js';

const latin1Page = (meta: string) => iconv.encode(`<html><head>${meta}</head><body>caf\u00e9 \u201chttp://a.example/\u00e9\u201d</body></html>`, 'windows-1252');

// rule: html-charset
describe('sniffHtmlEncoding', () => {
  it.each<[string, Uint8Array, string, string]>([
    ['UTF-8 BOM', Buffer.from('\ufeff<p>x', 'utf8'), 'utf-8', 'bom'],
    ['UTF-16LE BOM', Buffer.from('\ufeff<p>x', 'utf16le'), 'utf-16le', 'bom'],
    ['BOM before a meta that says otherwise', Buffer.from('\ufeff<meta charset="iso-8859-2">', 'utf8'), 'utf-8', 'bom'],
    ['<meta charset>', Buffer.from('<!doctype html><meta charset="ISO-8859-2"><p>'), 'ISO-8859-2', 'meta'],
    ['<meta charset> unquoted', Buffer.from('<meta charset=windows-1252>'), 'WINDOWS-1252', 'meta'],
    ['http-equiv content-type', Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'), 'KOI8-R', 'meta'],
    ['a meta inside a comment does not count', Buffer.from('<!-- <meta charset="koi8-r"> --><p>'), 'utf-8', 'content'],
    ['a meta after the first 1024 bytes does not count', Buffer.from(`${' '.repeat(1100)}<meta charset="koi8-r">`), 'utf-8', 'content'],
    ['a UTF-16 label means UTF-8', Buffer.from('<meta charset="utf-16">'), 'utf-8', 'meta'],
    ['an unknown label is ignored', Buffer.from('<meta charset="no-such-charset">\u00e9'), 'utf-8', 'content'],
    ['valid UTF-8', Buffer.from('<p>caf\u00e9'), 'utf-8', 'content'],
    ['not UTF-8: windows-1252', latin1Page(''), 'windows-1252', 'content'],
  ])('%s', (_, bytes, encoding, from) => {
    const found = sniffHtmlEncoding(bytes);
    expect({ encoding: found.encoding.toLowerCase(), from: found.from }).toEqual({ encoding: encoding.toLowerCase(), from });
  });

  it('a head cut inside a UTF-8 sequence is still UTF-8', () => {
    const bytes = Buffer.from('<p>\u00e9\u00e9');
    expect(sniffHtmlEncoding(bytes.subarray(0, bytes.length - 1), false).encoding).toBe('utf-8');
  });
});

describe('scanHtmlWhole on bytes', () => {
  it('windows-1252 without a meta: decoded, positions in characters', () => {
    const records = scanHtmlWhole(latin1Page(''));
    expect(records.map((record) => [record.url, record.start.offset, record.start.column])).toEqual([['http://a.example/\u00e9', 31, 32]]);
    expect(records[0]?.valid).toBe(false);
  });

  it('a declared charset is used', () => {
    const bytes = iconv.encode('<meta charset="koi8-r"><p>\u041f\u0440\u0438\u0432\u0435\u0442 http://a.example/</p>', 'koi8-r');
    const [record] = scanHtmlWhole(bytes);
    expect(record?.url).toBe('http://a.example/');
    expect(record?.start.column).toBe(34);
  });

  it('a BOM is not counted in positions', () => {
    const [record] = scanHtmlWhole(Buffer.from('\ufeff<a href="http://a.example/">a</a>', 'utf8'));
    expect(record?.start).toEqual({ line: 1, column: 10, offset: 9 });
  });

  it('UTF-16 with a BOM', () => {
    const [record] = scanHtmlWhole(Buffer.from('\ufeff<p>http://a.example/</p>', 'utf16le'));
    expect(record?.url).toBe('http://a.example/');
    expect(record?.start.offset).toBe(3);
  });
});
