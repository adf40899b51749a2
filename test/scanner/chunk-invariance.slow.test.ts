/**
 * Chunk invariance: records, positions included, are the same however the
 * input is split: every split point, one character at a time, CR and LF in
 * different chunks, bytes split inside UTF-8 sequences.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScanOptions, UrlRecord } from '../../src/index.js';
import { createScanner, scan, scanStream } from '../../src/index.js';

const appendix = readFileSync(new URL('../fixtures/appendix-example.txt', import.meta.url), 'utf8');
const rfc = readFileSync(new URL('../../corpus/text/rfc1738.txt', import.meta.url), 'utf8');

function scanChunks(chunks: string[], options?: ScanOptions): UrlRecord[] {
  const scanner = createScanner(options);
  const records: UrlRecord[] = [];
  for (const chunk of chunks) records.push(...scanner.write(chunk));
  records.push(...scanner.end());
  return records;
}

function splitAt(text: string, points: number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const point of [...points].sort((a, b) => a - b)) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

async function collect(iterable: AsyncIterable<UrlRecord>): Promise<UrlRecord[]> {
  const records: UrlRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

const mixed = [
  'Mail <URL:mailto:jim@info.cern.ch> or see http://example.com/a_(b)). Then',
  '<http://www.exam-\r\n    ple.com/> and "ftp://x.example/y" URL:news:comp.lang.c, also',
  'www.example.org/path, jim@example.net. <URL:http://unclosed.example/\n\n',
  'x <URL:http://a.example/ <URL:http://b.example/> tel:+1-555-0100.',
].join('\r\n');

describe('chunk invariance', () => {
  it('every split point of the Appendix example gives the same records', () => {
    const whole = scan(appendix);
    expect(whole).toHaveLength(3);
    for (let point = 0; point <= appendix.length; point++) {
      expect(scanChunks(splitAt(appendix, [point]))).toEqual(whole);
    }
  });

  it.each([
    ['a hyphen break whose next line starts with a letter outside the BMP (split inside its surrogate pair)', 'ftp://WWW.{-\n\u{20000}<', 'ftp://WWW.{-\u{20000}'],
    ['the same in running text, a CJK ideograph after the break', 'see http://a.example/x-\n\u{2A6D6}y z', 'http://a.example/x-\u{2A6D6}y'],
  ])('every split point of %s gives the same records', (_, text, url) => {
    const options: ScanOptions = { emails: true, schemeless: true };
    const whole = scan(text, options);
    expect(whole.map((record) => record.url)).toEqual([url]);
    for (let point = 0; point <= text.length; point++) {
      expect(scanChunks(splitAt(text, [point]), options)).toEqual(whole);
    }
  });

  it('every split point of mixed text, with every option, gives the same records', () => {
    const options: ScanOptions = { emails: true, schemeless: true };
    const whole = scan(mixed, options);
    expect(whole.length).toBeGreaterThan(8);
    for (let point = 0; point <= mixed.length; point++) {
      expect(scanChunks(splitAt(mixed, [point]), options)).toEqual(whole);
    }
  });

  it('every pair of split points of a short text with every trigger gives the same records', () => {
    const options: ScanOptions = { emails: true, schemeless: true };
    const short = 'x "ftp://x.example/y" URL:news:comp.lang.c, www.a.example <http://b.exam-\n ple/> j@c.example.';
    const whole = scan(short, options);
    expect(whole).toHaveLength(5);
    for (let a = 0; a <= short.length; a++) {
      for (let b = a; b <= short.length; b++) {
        expect(scanChunks([short.slice(0, a), short.slice(a, b), short.slice(b)], options)).toEqual(whole);
      }
    }
  });

  it('every pair of split points of text with the running-text rules gives the same records', () => {
    const options: ScanOptions = { emails: true };
    const short =
      "svn+ssh://a.example/r spam.https://b.example (http://c.example/)(git://d.example/) x'/> " +
      "'http://e.example/'/> http://-f.example/ news:形式 見る(https://g.example/cjk)をして。 Mail:h@i.example|" +
      'news:\u{20000} https://j.example/k[the text] http://[::1]/l https://m.example/n\\ . "x\\"http://o.example/\\"' +
      ' http://p.example/,ftp://q.example/ ssh://[<u>@]<h> "http://r.example/\\nx" file:///C:\\new';
    const whole = scan(short, options);
    expect(whole.map((record) => record.url)).toEqual([
      'svn+ssh://a.example/r',
      'https://b.example',
      'http://c.example/',
      'git://d.example/',
      'http://e.example/',
      'https://g.example/cjk',
      'mailto:h@i.example',
      'https://j.example/k',
      'http://[::1]/l',
      'https://m.example/n',
      'http://o.example/',
      'http://p.example/',
      'ftp://q.example/',
      'http://r.example/',
      'file:///C:\\new',
    ]);
    for (let a = 0; a <= short.length; a++) {
      for (let b = a; b <= short.length; b += 3) {
        expect(scanChunks([short.slice(0, a), short.slice(a, b), short.slice(b)], options)).toEqual(whole);
      }
    }
  });

  it('every pair of split points of text with the rules for IRIs, hosts, addresses, glued schemes and hyphen breaks gives the same records', () => {
    const options: ScanOptions = { emails: true, schemeless: true };
    const short =
      'a http://b.example/c\u202ed http://e.example\\f http://g.example:٨٠/ http://12345/ http://fe80::1/ ' +
      "ftp://-u@h.example/ mailto:i mailto:j@k.example o'brien@l.example 'm@n.example' --to=o@p.example " +
      'WWW.Q.EXAMPLE greathttps://r.example/ see http://s.exam-\r\n  ple/t x www.u-\nv.example ' +
      'http://w.example/x-\n\ny http://z.example/a-\nhttp://b2.example/';
    const whole = scan(short, options);
    expect(whole.map((record) => [record.url, ...record.alternatives])).toEqual([
      ['http://b.example/c'],
      ['http://e.example'],
      ['http://g.example'],
      ['ftp://-u@h.example/'],
      ['mailto:j@k.example'],
      ["mailto:o'brien@l.example"],
      ['mailto:m@n.example'],
      ['mailto:o@p.example'],
      ['http://WWW.Q.EXAMPLE'],
      ['https://r.example/', 'greathttps://r.example/'],
      ['http://s.exam-ple/t', 'http://s.example/t'],
      ['http://www.u-v.example', 'http://www.uv.example'],
      ['http://w.example/x-'],
      ['http://z.example/a-'],
      ['http://b2.example/'],
    ]);
    for (let a = 0; a <= short.length; a++) {
      for (let b = a; b <= short.length; b += 2) {
        expect(scanChunks([short.slice(0, a), short.slice(a, b), short.slice(b)], options)).toEqual(whole);
      }
    }
  });

  it('a bare URL over many hyphen breaks, one character at a time, with `hyphen: drop`', () => {
    const text = `see http://a-\n${'b-\r\n  '.repeat(30)}c.example/d-\ne and more`;
    const options: ScanOptions = { hyphen: 'drop' };
    const whole = scan(text, options);
    expect(whole.map((record) => record.url)).toEqual([`http://a${'b'.repeat(30)}c.example/de`]);
    expect(scanChunks([...text], options)).toEqual(whole);
  });

  it('chunks longer than the piece the buffer is joined in give the records of the whole text', () => {
    // a kept tail joined to chunks of 40,000 characters (joined 16 Ki characters at a time), with URLs across each cut
    const line = 'text http://a.example/path and <URL:http://b.exam-\n  ple/> then ';
    const text = line.repeat(Math.ceil(200_000 / line.length));
    const whole = scan(text);
    expect(whole).toHaveLength(2 * Math.ceil(200_000 / line.length));
    for (const size of [40_000, 70_001]) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
      expect(scanChunks(['t', ...chunks])).toEqual(scan(`t${text}`));
    }
  });

  it('the whole RFC in 1-character chunks gives the same records', () => {
    const whole = scan(rfc);
    expect(whole).toHaveLength(30);
    expect(scanChunks([...rfc])).toEqual(whole);
  });

  it('any random split gives the same records (property)', () => {
    const whole = scan(mixed, { emails: true, schemeless: true });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: mixed.length }), { maxLength: 12 }), (points) => {
        expect(scanChunks(splitAt(mixed, points), { emails: true, schemeless: true })).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('any random split of text with hyphen breaks, IRIs and addresses gives the same records (property)', () => {
    const options: ScanOptions = { emails: true, schemeless: true, hyphen: 'drop' };
    const text = "x http://a.exam-\r\n ple/\u2066b o'c@d.example mailto:e WWW.F-\n  G.EXAMPLE/h greatftp://i.example/ http://j.example\\k ";
    const whole = scan(text, options);
    expect(whole).toHaveLength(5);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 12 }), (points) => {
        expect(scanChunks(splitAt(text, points), options)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('CRLF split between CR and LF counts one line break', () => {
    const text = 'a\r\nb http://x.example/\r\nc <URL:http://y.exam\r\nple/>';
    const whole = scan(text);
    expect(whole.map((r) => [r.start.line, r.start.column, r.end.line])).toEqual([
      [2, 3, 2],
      [3, 3, 4],
    ]);
    for (let point = 0; point <= text.length; point++) {
      if (text[point - 1] === '\r') expect(scanChunks(splitAt(text, [point]))).toEqual(whole);
    }
  });

  it('bytes split inside UTF-8 sequences give the same records', async () => {
    const text = 'Ünïcödé → see http://example.com/ü 日本 <URL:http://例え.jp/\n  パス> 😀 http://x.example/😀';
    const bytes = new TextEncoder().encode(text);
    const whole = scan(text);
    expect(whole).toHaveLength(3);
    for (let point = 0; point <= bytes.length; point++) {
      const chunks = [bytes.slice(0, point), bytes.slice(point)];
      expect(await collect(scanStream((async function* () { yield* chunks; })()))).toEqual(whole);
    }
  });

  it('invalid UTF-8 bytes become U+FFFD and end a bare URL', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('see http://a.example/x'), 0xff, 0x20]);
    const records = await collect(scanStream((async function* () { yield bytes; })()));
    expect(records.map((r) => r.url)).toEqual(['http://a.example/x']);
  });
});
