/**
 * A quoted-printable text part is decoded, unwrapped and scanned piece by
 * piece (a piece is 64 KiB of source, cut at a line start): parts of a few
 * hundred KB whose every line break falls inside a URL put soft breaks and
 * `=XX` escapes at the cuts, and every URL still comes out whole, at its
 * exact place in the file.
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';
import { resolveCharset } from '../../src/decode/charset.js';
import { decodeBody, decodeBodyPieces } from '../../src/adapters/mail/decode-body.js';
import { prepareTextPart, TextPartPreparer } from '../../src/adapters/mail/text-part.js';
import type { MailRecord } from '../../src/records/url-record.js';

async function records(bytes: Buffer): Promise<MailRecord[]> {
  const list: MailRecord[] = [];
  for await (const record of scanMail(bytes)) list.push(record);
  return list;
}

/** 1-based line and column of `offset` in `text` (one byte per character). */
function point(text: string, offset: number): { line: number; column: number; offset: number } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < lineStart; at = text.indexOf('\n', at + 1)) line++;
  return { line, column: offset - lineStart + 1, offset };
}

/** Quoted-printable for `text`: `=` and non-ASCII escaped, a space before a line break as `=20`, lines soft-broken every `width` characters. */
function encodeQuotedPrintable(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      const units = [...Buffer.from(line)].map((byte, i, all) =>
        byte === 0x3d || byte > 0x7e || (byte === 0x20 && i === all.length - 1) ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte),
      );
      const out: string[] = [];
      for (let i = 0; i < units.length; i += width) out.push(units.slice(i, i + width).join(''));
      return out.join('=\n');
    })
    .join('\n');
}

const head = (encoding: string, format = ''): string =>
  `Subject: pieces\nContent-Type: text/plain; charset=utf-8${format}\nContent-Transfer-Encoding: ${encoding}\n\n`;

describe('a quoted-printable part in pieces', () => {
  it('every line break inside a URL, after an escape (`=3D=`): each URL whole, at its place in the file', async () => {
    const count = 8000;
    const encoded = (i: number): string => `http://h${i}.example.org/a=3D=\n/c${i}?q=3D${i}`;
    // every seventh URL ends a hard line, followed by a multi-byte character split by a soft break
    const after = (i: number): string => (i % 7 === 6 ? ' =C3=\n=A9 x\nsee ' : ' ');
    let body = 'see ';
    for (let i = 0; i < count; i++) body += encoded(i) + after(i);
    const text = `${head('quoted-printable')}${body}\n`;
    expect(text.length).toBeGreaterThan(5 * 64 * 1024);

    const bytes = Buffer.from(text, 'latin1');
    // the cuts fall inside URLs, right after an escape and a soft break
    const range = { bytes, start: head('quoted-printable').length, end: bytes.length, line: 4, column: 1 };
    const pieces: string[] = [];
    for (const piece of decodeBodyPieces(range, 'quoted-printable', resolveCharset('utf-8', bytes), 64 * 1024)) pieces.push(piece.text.take());
    expect(pieces.length).toBeGreaterThanOrEqual(5);
    expect(pieces.slice(0, -1).filter((piece) => piece.endsWith('.example.org/a=')).length).toBeGreaterThan(0);
    expect(pieces.join('')).toBe(decodeBody(range, 'quoted-printable', resolveCharset('utf-8', bytes)).text.text);

    const found = await records(bytes);
    let from = 0;
    const expected = Array.from({ length: count }, (_, i) => {
      const start = text.indexOf(`http://h${i}.`, from);
      const end = start + encoded(i).length;
      from = end;
      return { url: `http://h${i}.example.org/a=/c${i}?q=${i}`, raw: encoded(i), start: point(text, start), end: point(text, end) };
    });
    expect(found.map(({ url, raw, start, end }) => ({ url, raw, start, end }))).toEqual(expected);
  });

  it('flowed, quoted and quoted-printable: the same URLs as the same text sent 8bit, each raw the bytes at its place', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      lines.push(i % 3 === 0 ? `> see http://q${i}.example.org/caf\u00e9/long/ ` : `> ${i % 3 === 1 ? '' : '> '}path${i}?k=${i} and <URL:http://w${i}.example.org/a/`);
      lines.push(i % 3 === 2 ? `> > b${i}.html> end` : `> tail${i} http://t${i}.example.org/x `);
      lines.push('> more text');
    }
    const plain = `${lines.join('\n')}\n`;
    const flowed = '; format=flowed';
    const eight = await records(Buffer.from(head('8bit', flowed) + plain));
    const qpBytes = Buffer.from(head('quoted-printable', flowed) + encodeQuotedPrintable(plain, 23), 'latin1');
    expect(qpBytes.length).toBeGreaterThan(3 * 64 * 1024);
    const qp = await records(qpBytes);
    expect(qp.map((record) => record.url)).toEqual(eight.map((record) => record.url));
    expect(qp).toHaveLength(4000);
    // a flowed line joined to the next, `é` sent as `=C3=A9`; a wrapper joined across quoted lines
    expect(qp.slice(-6).map((record) => record.url)).toEqual([
      'http://w2995.example.org/a/tail2995http://t2995.example.org/xmoretext',
      'http://w2996.example.org/a/',
      'http://q2997.example.org/caf\u00e9/long/',
      'http://t2997.example.org/x',
      'http://w2998.example.org/a/tail2998http://t2998.example.org/xmoretext',
      'http://w2999.example.org/a/',
    ]);
    for (const record of qp) expect(qpBytes.toString('latin1', record.start.offset, record.end.offset)).toBe(record.raw);
  });
});

describe('TextPartPreparer', () => {
  it.each([
    ['quoted, flowed, DelSp', '> a http://x.example/ \n> b \n>> c\n-- \nsig \n', { flowed: true, delSp: true }],
    ['quoted replies', '> > see <URL:http://a.example/\r\n> > b>\r\nplain\n> last', { flowed: false, delSp: false }],
  ])('%s: written in pieces of any size, the same text and map as whole', (_, text, options) => {
    const whole = prepareTextPart(text, options);
    for (let size = 1; size <= text.length; size++) {
      const preparer = new TextPartPreparer(options);
      for (let at = 0; at < text.length; at += size) preparer.write(text.slice(at, at + size));
      preparer.end();
      expect(preparer.map.text).toBe(whole.text);
      for (let unit = 0; unit <= whole.text.length; unit++) {
        expect([preparer.map.start(unit), preparer.map.end(unit)]).toEqual([whole.map.start(unit), whole.map.end(unit)]);
      }
    }
  });
});
