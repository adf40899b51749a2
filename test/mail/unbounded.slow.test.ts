/**
 * Inputs that once overflowed or grew without bound: every URL still comes
 * out, whatever the count. (Memory itself is measured by the bench's mail
 * section, on inputs it generates.)
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';

async function count(bytes: Uint8Array, maxMessageSize?: number): Promise<{ records: number; last: string | undefined; notes: string[] }> {
  let records = 0;
  let last: string | undefined;
  const notes: string[] = [];
  const options = maxMessageSize === undefined ? {} : { maxMessageSize };
  for await (const record of scanMail(bytes, { ...options, onNote: (note) => notes.push(note.code) })) {
    records++;
    last = record.url;
  }
  return { records, last, notes };
}

/** More URLs than a spread of function arguments can take (V8 overflows its stack at about 120,000). */
const many = 130_000;
const lines = Array.from({ length: many }, (_, i) => `http://h.example/${i}\n`).join('');

describe('unbounded counts', () => {
  it('a base64 text part holding 130,000 URLs gives them all', async () => {
    const message = `Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n${Buffer.from(lines).toString('base64').replace(/.{76}/g, '$&\n')}\n`;
    const result = await count(Buffer.from(message));
    expect(result).toEqual({ records: many, last: `http://h.example/${many - 1}`, notes: [] });
  });

  it('a message over maxMessageSize, scanned in pieces, gives every URL once', async () => {
    const some = lines.slice(0, lines.indexOf('http://h.example/20000\n'));
    const result = await count(Buffer.from(`Subject: big\n\n${some}`), 64 * 1024);
    expect(result).toEqual({ records: 20_000, last: 'http://h.example/19999', notes: ['message-too-large'] });
  });
});

describe('HTML parts in pieces', () => {
  it('a text/html part of many 64 KiB pieces gives every link and text URL once, each at its place in the file', async () => {
    const rows = Array.from({ length: 6000 }, (_, i) => `<p><a href="http://h.example/a${i}">see http://t.example/b${i}</a> &amp; more text</p>\n`).join('');
    const bytes = Buffer.from(`Content-Type: text/html\n\n${rows}`);
    const urls: string[] = [];
    for await (const record of scanMail(bytes)) {
      urls.push(record.url);
      const raw = bytes.toString('utf8', record.start.offset, record.end.offset);
      expect(raw).toBe(record.raw);
    }
    expect(urls).toHaveLength(12_000);
    expect(new Set(urls).size).toBe(12_000);
    expect(urls.slice(-2)).toEqual(['http://h.example/a5999', 'http://t.example/b5999']);
  });
});
