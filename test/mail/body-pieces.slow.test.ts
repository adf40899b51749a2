/**
 * Every text part is decoded in pieces, so what is held follows a piece, not
 * the part: 7bit and 8bit bodies as quoted-printable ones. The pieces joined
 * are the body decoded whole, and URLs of a big part, plain or HTML, come out
 * at their exact places in the file whichever piece they fall in.
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';
import { resolveCharset } from '../../src/decode/charset.js';
import { decodeBody, decodeBodyPieces } from '../../src/adapters/mail/decode-body.js';
import type { MailRecord } from '../../src/records/url-record.js';

const piece = 64 * 1024;

async function records(bytes: Buffer): Promise<MailRecord[]> {
  const list: MailRecord[] = [];
  for await (const record of scanMail(bytes)) list.push(record);
  return list;
}

/** `lines` URLs, one a line, as bytes. */
function body(lines: number, accent = ''): string {
  return Array.from({ length: lines }, (_, i) => `see${accent} http://h${i}.example.org/p/${i} and more\n`).join('');
}

describe('7bit and 8bit bodies in pieces', () => {
  it.each([
    ['plain ASCII (cut at a line end)', '7bit', body(8000)],
    ['UTF-8 (cut at a line)', '8bit', body(8000, '\u00e9')],
  ])('%s: several pieces, joined the body decoded whole, each unit at its place', (_, encoding, text) => {
    const bytes = Buffer.from(`Subject: x\n\n${text}`);
    const range = { bytes, start: 12, end: bytes.length, line: 2, column: 1 };
    const charset = resolveCharset('utf-8', bytes);
    const whole = decodeBody(range, encoding, charset).text;
    const taken: string[] = [];
    let last;
    for (const decoded of decodeBodyPieces(range, encoding, charset, piece)) {
      taken.push(decoded.text.take());
      last = decoded.text;
    }
    expect(taken.length).toBeGreaterThanOrEqual(Math.floor((bytes.length - 12) / piece));
    expect(taken.join('')).toBe(whole.text);
    for (let unit = 0; unit < whole.length; unit += 997) expect(last!.startPlace(unit)).toEqual(whole.startPlace(unit));
  });
});

describe('base64 bodies in pieces', () => {
  it('decoded 64 KiB of source at a time, a character cut between pieces whole, every unit pointing at the part', () => {
    // 3-byte characters: the 48 KiB a piece decodes to cuts one of them
    const text = body(6000, '\u2603');
    const encoded = Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\n');
    const bytes = Buffer.from(`Subject: x\n\n${encoded}\n`);
    const range = { bytes, start: 12, end: bytes.length, line: 2, column: 1 };
    const pieces: string[] = [];
    let last;
    for (const decoded of decodeBodyPieces(range, 'base64', resolveCharset('utf-8', bytes), piece)) {
      pieces.push(decoded.text.take());
      last = decoded;
    }
    expect(pieces.length).toBeGreaterThanOrEqual(Math.floor(encoded.length / piece));
    expect(pieces.join('')).toBe(text);
    expect(last!.partPositions).toBe(true);
    const end = { offset: bytes.length, line: 2 + encoded.split('\n').length, column: 1 };
    expect([last!.text.startPlace(text.length - 5), last!.text.endPlace(text.length - 5)]).toEqual([{ offset: 12, line: 2, column: 1 }, end]);
  });
});

describe('a big part, scanned piece by piece', () => {
  /** 1-based line and column of byte `offset`, `starts` the line starts, searched from line index `from`. */
  function point(starts: number[], from: number, offset: number): { line: number; column: number; offset: number } {
    let line = from;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return { line: line + 1, column: offset - starts[line]! + 1, offset };
  }

  it.each([
    ['text/plain, 7bit', 'text/plain', '7bit', (i: number) => `see http://h${i}.example.org/p/${i} more\n`, (i: number) => `http://h${i}.example.org/p/${i}`],
    [
      'text/html, quoted-printable',
      'text/html',
      'quoted-printable',
      (i: number) => `<p><a href=3D"http://h${i}.example.org/p/${i}">link =C3=A9</a> http://t${i}.example.org/=\nx</p>\n`,
      (i: number) => `http://h${i}.example.org/p/${i}`,
    ],
    ['text/html, 7bit', 'text/html', '7bit', (i: number) => `<p><a href="http://h${i}.example.org/p/${i}">x</a></p>\n`, (i: number) => `http://h${i}.example.org/p/${i}`],
  ])('%s: every URL at its place', async (_, type, encoding, line, url) => {
    const head = `Subject: x\nContent-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: ${encoding}\n\n`;
    const count = 8000;
    const text = head + Array.from({ length: count }, (_, i) => line(i)).join('');
    expect(text.length).toBeGreaterThan(4 * piece);
    const bytes = Buffer.from(text, 'latin1');
    const found = (await records(bytes)).filter((record) => record.url.startsWith('http://h'));
    expect(found.map((record) => record.url)).toEqual(Array.from({ length: count }, (_, i) => url(i)));
    const starts = [0];
    for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', lf + 1)) starts.push(lf + 1);
    // records come in order: the line search goes on from the last one
    let from = 0;
    for (const record of found) {
      expect(record.raw).toBe(text.slice(record.start.offset, record.end.offset));
      const start = point(starts, from, record.start.offset);
      expect(record.start).toEqual(start);
      expect(record.end).toEqual(point(starts, from, record.end.offset));
      from = start.line - 1;
    }
  });

  it('text/html: a URL at the start of a text run longer than many pieces is placed when the run ends', async () => {
    const head = 'Subject: x\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n';
    // one text run of about 700 KB (no tag in it), its URL first; the HTML scanner reports it at `</p>`
    const words = Array.from({ length: 60_000 }, (_, i) => `w=C3=A9rd${i}`).join(' ');
    const text = `${head}<p class=3D"x">http://first.example.org/a=3Db ${words.replace(/(.{70} )/g, '$1=\n')}</p>\n`;
    expect(text.length).toBeGreaterThan(10 * piece);
    const bytes = Buffer.from(text, 'latin1');
    const found = await records(bytes);
    const at = text.indexOf('http://first');
    expect(found.map(({ url, raw, start }) => ({ url, raw, start }))).toEqual([
      { url: 'http://first.example.org/a=b', raw: 'http://first.example.org/a=3Db', start: { line: 5, column: at - head.length + 1, offset: at } },
    ]);
  });
});
