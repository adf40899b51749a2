/**
 * Positions through content-transfer and charset decoding: columns count
 * the line's characters (8bit) or its source characters (quoted-printable,
 * where `=C3=A9` is 6), offsets count bytes of the file.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';
import { decodeBytes, resolveCharset } from '../../src/decode/charset.js';
import type { MailRecord } from '../../src/records/url-record.js';

async function records(message: Buffer): Promise<MailRecord[]> {
  const list: MailRecord[] = [];
  for await (const record of scanMail(message)) list.push(record);
  return list;
}

function message(charset: string, encoding: string, body: Buffer): Buffer {
  const head = `Subject: t\nContent-Type: text/plain; charset=${charset}\nContent-Transfer-Encoding: ${encoding}\n\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

const url = 'http://example.com/x';

describe('positions through decoding', () => {
  it.each([
    ['UTF-8, 8bit', 'utf-8', '8bit', Buffer.from(`naïve ☕ 😀 ${url}\n`), 12, 17],
    ['ISO-8859-1, 8bit', 'iso-8859-1', '8bit', iconv.encode(`naïve ${url}\n`, 'latin1'), 7, 7],
    ['windows-1252, 8bit', 'windows-1252', '8bit', iconv.encode(`“q” ${url}\n`, 'windows-1252'), 5, 5],
    ['Shift_JIS, 8bit', 'shift_jis', '8bit', iconv.encode(`日本語 ${url}\n`, 'shift_jis'), 5, 8],
    ['GBK, 8bit', 'gbk', '8bit', iconv.encode(`中文 ${url}\n`, 'gbk'), 4, 6],
    ['GB2312 label, 8bit', 'gb2312', '8bit', iconv.encode(`中文 ${url}\n`, 'gbk'), 4, 6],
    ['GB18030, 8bit', 'gb18030', '8bit', iconv.encode(`中文 ${url}\n`, 'gb18030'), 4, 6],
    ['Big5, 8bit', 'big5', '8bit', iconv.encode(`中文 ${url}\n`, 'big5'), 4, 6],
    ['EUC-KR, 8bit', 'euc-kr', '8bit', iconv.encode(`한국 ${url}\n`, 'euc-kr'), 4, 6],
    ['ks_c_5601-1987 label, 8bit', 'ks_c_5601-1987', '8bit', iconv.encode(`한국 ${url}\n`, 'cp949'), 4, 6],
    ['EUC-JP, 8bit', 'euc-jp', '8bit', iconv.encode(`日本語 ${url}\n`, 'euc-jp'), 5, 8],
    ['GBK, quoted-printable', 'gbk', 'quoted-printable', Buffer.from(`=D6=D0=CE=C4 ${url}\n`), 14, 14],
    ['KOI8-R, 8bit', 'koi8-r', '8bit', iconv.encode(`Привет ${url}\n`, 'koi8-r'), 8, 8],
    ['UTF-8, quoted-printable', 'utf-8', 'quoted-printable', Buffer.from(`na=C3=AFve ${url}\n`), 12, 12],
    ['ISO-8859-1, quoted-printable', 'iso-8859-1', 'quoted-printable', Buffer.from(`na=EFve ${url}\n`), 9, 9],
  ])('%s', async (_, charset, encoding, body, column, byteColumn) => {
    const input = message(charset, encoding, body);
    const [record] = await records(input);
    expect(record?.url).toBe(url);
    const lineStart = input.indexOf('\n\n') + 2;
    expect(record?.start).toEqual({ line: 5, column, offset: lineStart + byteColumn - 1 });
    expect(record?.end).toEqual({ line: 5, column: column + url.length, offset: lineStart + byteColumn - 1 + url.length });
    expect(record?.raw).toBe(url);
  });

  it('plain ASCII lines between accented ones (8bit): each URL at its line, column and byte', async () => {
    const lines = ['see http://a.example/1', 'naïve http://b.example/2', 'x', 'y http://c.example/3', 'café', 'http://d.example/4'];
    for (const charset of ['utf-8', 'iso-8859-1']) {
      const body = iconv.encode(`${lines.join('\n')}\n`, charset === 'utf-8' ? 'utf8' : 'latin1');
      const input = message(charset, '8bit', body);
      const bodyStart = input.indexOf('\n\n') + 2;
      const found = (await records(input)).map((r) => [r.url, r.start.line, r.start.column, r.start.offset - bodyStart, r.end.column]);
      // the accented line's byte offsets differ by charset; the lines after it shift by its extra bytes
      const extra = charset === 'utf-8' ? 1 : 0;
      expect(found).toEqual([
        ['http://a.example/1', 5, 5, 4, 23],
        ['http://b.example/2', 6, 7, 23 + 6 + extra, 25],
        ['http://c.example/3', 8, 3, 23 + 25 + extra + 2 + 2, 21],
        ['http://d.example/4', 10, 1, 23 + 25 + extra + 2 + 21 + 5 + extra, 19],
      ]);
    }
  });

  it('plain lines between encoded ones (quoted-printable): each URL at its line, column and byte', async () => {
    const body = ['see http://a.example/1', 'na=C3=AFve http://b.example/2', 'x', 'y http://c.example/3', 'soft =', 'break http://d.example/4'].join('\n');
    const input = message('utf-8', 'quoted-printable', Buffer.from(`${body}\n`));
    const bodyStart = input.indexOf('\n\n') + 2;
    const found = (await records(input)).map((r) => [r.url, r.start.line, r.start.column, r.start.offset - bodyStart]);
    expect(found).toEqual([
      ['http://a.example/1', 5, 5, 4],
      ['http://b.example/2', 6, 12, 23 + 11],
      ['http://c.example/3', 8, 3, 23 + 30 + 2 + 2],
      ['http://d.example/4', 10, 7, 23 + 30 + 2 + 21 + 7 + 6],
    ]);
  });

  it('ISO-2022-JP (decoded by the platform)', async () => {
    const body = Buffer.concat([Buffer.from('\u001b$BF|K\\8l\u001b(B '), Buffer.from(`${url}\n`)]);
    const [record] = await records(message('iso-2022-jp', '7bit', body));
    expect(record?.url).toBe(url);
    expect(record?.start.column).toBe(5);
  });

  it('a URL split by a soft break ends on the next line', async () => {
    const [record] = await records(message('utf-8', 'quoted-printable', Buffer.from('=C3=A9 http://example.com/a=\nb/c\n')));
    expect([record?.url, record?.start.line, record?.start.column, record?.end.line, record?.end.column]).toEqual([
      'http://example.com/ab/c',
      5,
      8,
      6,
      4,
    ]);
  });

  it('a multi-byte character split by a soft break', async () => {
    const [record] = await records(message('utf-8', 'quoted-printable', Buffer.from('http://example.com/=C3=\n=A9t=C3=A9 x\n')));
    expect([record?.url, record?.end.line, record?.end.column]).toEqual(['http://example.com/été', 6, 11]);
  });
});

describe('charsets decoded by label', () => {
  it.each([
    ['shift_jis', '日本語', 'shift_jis'],
    ['x-sjis', '日本語', 'shift_jis'],
    ['euc-jp', '日本語', 'euc-jp'],
    ['gb2312', '中文字', 'gbk'],
    ['GBK', '中文字', 'gbk'],
    ['gb18030', '中文字', 'gb18030'],
    ['big5', '中文字', 'big5'],
    ['big5-hkscs', '中文字', 'big5hkscs'],
    ['euc-kr', '한국어', 'euc-kr'],
    ['ks_c_5601-1987', '한국어', 'cp949'],
    ['iso-8859-2', 'Łódź', 'iso-8859-2'],
    ['windows-1252', '“€”', 'windows-1252'],
  ])('%s', (label, text, encoder) => {
    const bytes = iconv.encode(text, encoder);
    expect(decodeBytes(bytes, resolveCharset(label, bytes).encoding)).toBe(text);
  });
});

describe('base64 decoded a piece at a time', () => {
  it('a body of several MiB, lines of any length and padded segments, gives every URL as a whole decode would', async () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `line ${i}: see http://b${i}.example.org/p/${i} é\n`);
    // wrapped at 70 characters (not a multiple of 4): quanta straddle line breaks
    const encoded = Buffer.from(lines.join('')).toString('base64').replace(/.{70}/g, '$&\r\n');
    // a second segment, padded on its own, after the first
    const body = `${encoded}\r\n${Buffer.from('and http://padded.example/ x').toString('base64')}\r\n`;
    expect(body.length).toBeGreaterThan(3 * 1024 * 1024);
    const found = (await records(message('utf-8', 'base64', Buffer.from(body)))).map((record) => record.url);
    expect(found).toHaveLength(60_001);
    expect(found[0]).toBe('http://b0.example.org/p/0');
    expect(found[59_999]).toBe('http://b59999.example.org/p/59999');
    expect(found[60_000]).toBe('http://padded.example/');
  });
});
