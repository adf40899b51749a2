/**
 * What the HTML adapter does not read as it stands is said in a note
 * (`onNote`), and it reads on: a `<meta>` charset browsers do not know
 * (UTF-7 above all), one that browsers read as nothing, a URL attribute's
 * value over 1 MiB, a `<base href>` that is not the base.
 */
import { describe, expect, it } from 'vitest';
import { createHtmlScanner, scanHtmlWhole, type HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import { scanHtmlChunks } from '../../src/adapters/html/scan-html-stream.js';
import type { HtmlNote } from '../../src/adapters/html/html-notes.js';
import type { HtmlScanOptions } from '../../src/adapters/html/html-options.js';
import { expectPositions } from './html-helpers.js';

function read(html: string | Uint8Array, options: HtmlScanOptions = {}): { urls: string[]; notes: HtmlNote[]; records: HtmlRecord[] } {
  const notes: HtmlNote[] = [];
  const records = scanHtmlWhole(html, { ...options, onNote: (note) => notes.push(note) });
  return { urls: records.map((record) => record.url), notes, records };
}

/** The records of `html` written in pieces of `size` characters, and the notes. */
function inPieces(html: string, size: number): { records: HtmlRecord[]; notes: HtmlNote[] } {
  const notes: HtmlNote[] = [];
  const scanner = createHtmlScanner({ onNote: (note) => notes.push(note) });
  const records: HtmlRecord[] = [];
  for (let at = 0; at < html.length; at += size) records.push(...scanner.write(html.slice(at, at + size)));
  records.push(...scanner.end());
  return { records, notes };
}

/** UTF-7 (RFC 2152) with every character in base64: what a UTF-7 reader sees, and nobody else. */
const utf7 = (text: string) => `+${Buffer.from(text, 'utf16le').swap16().toString('base64').replace(/=+$/, '')}-`;

describe('<meta> charsets: the Encoding standard\'s labels only, as browsers read them', () => {
  it.each([
    ['utf-7 (no browser decodes it)', `<meta charset="utf-7"><p>${utf7('http://hidden.example/')} http://seen.example/</p>`, ['http://seen.example/'], ['unknown-charset']],
    ['utf-7 by http-equiv', `<meta http-equiv="Content-Type" content="text/html; charset=UTF-7"><p>${utf7('http://hidden.example/')}</p>`, [], ['unknown-charset']],
    ['an unknown label, then a known one', '<meta charset="cp437"><meta charset="windows-1251"><p>http://a.example/\xe6</p>', ['http://a.example/ж'], ['unknown-charset']],
    ['a label of the replacement encoding: one U+FFFD, nothing read', '<meta charset="iso-2022-kr"><a href="http://a.example/">a</a>', [], ['replacement-charset']],
    ['latin1 means windows-1252', '<meta charset="latin1"><p>http://a.example/\x80</p>', ['http://a.example/€'], []],
  ])('%s', (_, html, urls, notes) => {
    const found = read(Buffer.from(html, 'latin1'));
    expect(found.urls).toEqual(urls);
    expect(found.notes.map((note) => note.code)).toEqual(notes);
  });

  it('a streamed document says the same', async () => {
    const notes: HtmlNote[] = [];
    const bytes = Buffer.from(`<meta charset="utf-7"><p>${utf7('http://hidden.example/')}</p>${' '.repeat(2000)}http://seen.example/`, 'latin1');
    const urls: string[] = [];
    const chunks = (async function* () {
      yield bytes.subarray(0, 1500);
      yield bytes.subarray(1500);
    })();
    for await (const records of scanHtmlChunks(chunks, { onNote: (note) => notes.push(note) })) {
      urls.push(...records.map((record) => record.url));
    }
    expect(urls).toEqual(['http://seen.example/']);
    expect(notes.map((note) => note.code)).toEqual(['unknown-charset']);
  });

  it('a label a megabyte long is quoted in part', () => {
    const { notes } = read(Buffer.from(`<meta charset="${'x'.repeat(900)}">`, 'latin1'));
    expect(notes[0]!.message.length).toBeLessThan(200);
    expect(notes[0]!.message).toContain('(900 characters)');
  });
});

describe('a URL attribute over 1 MiB', () => {
  const long = 'x'.repeat((1 << 20) + 10);
  it.each([
    ['a long attribute that is no URL attribute, before href', `<p>\n<a title="${long}" href="http://kept.example/">k</a>`, ['http://kept.example/'], []],
    ['a long srcset, then src', `<img srcset="${long}"\n src="http://kept.example/i.png">`, ['http://kept.example/i.png'], ['attribute-too-long']],
    ['href before a long srcset', `<img src="http://before.example/" srcset="${long}">`, ['http://before.example/'], ['attribute-too-long']],
    ['a long href: the text after the tag still read', `<a href="http://${long}">x</a> http://after.example/`, ['http://after.example/'], ['attribute-too-long']],
  ])('%s: the other attributes are read, the long value is noted', (_, html, urls, notes) => {
    const found = read(html);
    expect(found.urls).toEqual(urls);
    expect(found.notes.map((note) => note.code)).toEqual(notes);
    expectPositions(html, found.records);
  });

  it('read in pieces of 64 KiB, the same records, raw and positions (the tag\'s start long gone from what is held)', () => {
    const html = `<p>\n<img src="http://a.example/one.png"\n title="${'t'.repeat(6 << 20)}"\n srcset="http://a.example/two.png 1x,\n http://a.example/three.png 2x" alt=x>\nhttp://after.example/`;
    const whole = read(html);
    const pieces = inPieces(html, 1 << 16);
    expect(pieces.records).toEqual(whole.records);
    expect(whole.urls).toEqual(['http://a.example/one.png', 'http://a.example/two.png', 'http://a.example/three.png', 'http://after.example/']);
    expectPositions(html, pieces.records);
    expect(pieces.notes).toEqual([]);
  });

  it('the note names the line', () => {
    const { notes } = read(`<p>\n\n<img srcset="${long}">`);
    expect(notes).toEqual([{ code: 'attribute-too-long', line: 3, message: expect.stringMatching(/^line 3: an <img srcset> value of more than 1048576 characters is not read/) }]);
  });
});

describe('<base href> that is not the base', () => {
  const url = 'http://doc.example/dir/page.html';
  it.each([
    ['javascript:', '<base href="javascript:void(0)"><a href="a.html">a</a>', ['http://doc.example/dir/a.html'], ['base-not-used']],
    ['data:', '<base href="data:text/html,x"><a href="a.html">a</a>', ['http://doc.example/dir/a.html'], ['base-not-used']],
    ['longer than 2,048 characters', `<base href="http://base.example/${'b'.repeat(3000)}/"><a href="a.html">a</a>`, ['http://base.example/' + 'b'.repeat(3000) + '/', 'http://doc.example/dir/a.html'], ['base-not-used']],
    ['one that does not parse (reported, as any href)', '<base href="http://[bad/"><a href="a.html">a</a>', ['http://[bad/', 'http://doc.example/dir/a.html'], []],
  ])('%s: links resolve against the document\'s URL, as browsers resolve them', (_, html, urls, notes) => {
    const found = read(html, { resolve: true, url });
    expect(found.urls).toEqual(urls);
    expect(found.notes.map((note) => note.code)).toEqual(notes);
  });

  it('without resolve a long base is only a URL: no note', () => {
    const { notes } = read(`<base href="http://base.example/${'b'.repeat(3000)}/"><a href="a.html">a</a>`);
    expect(notes).toEqual([]);
  });

  it('20,000 links under a long base make no more than the links themselves', () => {
    const html = `<base href="http://base.example/${'b'.repeat(50_000)}/">${'<a href=p>x</a>'.repeat(20_000)}`;
    const { records } = read(html, { resolve: true, url });
    const total = records.reduce((sum, record) => sum + record.url.length, 0);
    expect(records.length).toBe(20_001);
    expect(total).toBeLessThan(2 * html.length);
  });
});

it('onNote must be a function', () => {
  expect(() => scanHtmlWhole('', { onNote: 'x' as never })).toThrow(new TypeError('Expected option `onNote` to be a function, got string'));
});
