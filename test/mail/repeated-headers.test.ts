/**
 * A mailing list's header fields repeat in every message: a value's records
 * are found once for the run and given to each message as copies, at that
 * message's places (a plain ASCII value placed without a map: folded, LF or
 * CRLF); no two records share an object, and a run with other options finds
 * its own.
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';

const postmark = 'From list@example.org Mon Jan  1 00:00:00 2024\n';
const fields = 'List-Unsubscribe: <mailto:leave@lists.example.org?subject=unsubscribe>,\n <https://lists.example.org/leave?u=1>\nList-Archive: <https://lists.example.org/archive/>\n';

function listMessage(index: number, padding: string): string {
  return `${postmark}Subject: post ${index}\n${padding}${fields}\nbody ${index}\n\n`;
}

async function records(mbox: string, options = {}): Promise<MailRecord[]> {
  const list: MailRecord[] = [];
  for await (const record of scanMail(Buffer.from(mbox), options)) list.push(record);
  return list;
}

describe('repeated header fields', () => {
  // the same fields at other columns and lines in each message
  const mbox = [listMessage(0, ''), listMessage(1, 'X-Padding: a\n'), listMessage(2, 'X-Padding: aaaaaaaa\nX-More: b\n')].join('');

  it.each([
    ['LF', mbox],
    ['CRLF', mbox.replaceAll('\n', '\r\n')],
  ])('each message gets the records its own fields give, at its own places (%s)', async (_, mbox) => {
    const all = await records(mbox);
    expect(all.map((record) => [record.message.index, record.header, record.url])).toEqual(
      [0, 1, 2].flatMap((index) => [
        [index, 'List-Unsubscribe', 'mailto:leave@lists.example.org?subject=unsubscribe'],
        [index, 'List-Unsubscribe', 'https://lists.example.org/leave?u=1'],
        [index, 'List-Archive', 'https://lists.example.org/archive/'],
      ]),
    );
    // each record's place is where its text is in the mbox: offset, and the line and column of that offset
    for (const record of all) {
      expect(mbox.slice(record.start.offset, record.end.offset)).toBe(record.raw);
      const before = mbox.slice(0, record.start.offset);
      expect(record.start.line).toBe(before.split('\n').length);
      expect(record.start.column).toBe(record.start.offset - before.lastIndexOf('\n'));
    }
    expect(new Set(all.map((record) => record.start.offset)).size).toBe(all.length);
    // each message's records are those of the message scanned alone, at its place
    const mark = mbox.includes('\r') ? postmark.replace('\n', '\r\n') : postmark;
    const [, second] = mbox.split(mark).slice(1);
    const alone = await records(mark + second);
    const shift = mbox.indexOf(`${mark}Subject: post 1`);
    expect(all.filter((record) => record.message.index === 1).map((record) => record.start.offset - shift)).toEqual(alone.map((record) => record.start.offset));
  });

  it('no two records share an object: changing one changes no other', async () => {
    const all = await records(mbox);
    const [first, , , fourth] = all as [MailRecord, MailRecord, MailRecord, MailRecord];
    expect(fourth.parts).toEqual(first.parts);
    expect(fourth.parts).not.toBe(first.parts);
    expect(fourth.errors).not.toBe(first.errors);
    expect(fourth.alternatives).not.toBe(first.alternatives);
    expect(fourth.start).not.toBe(first.start);
    expect(fourth.end).not.toBe(first.end);
    (first.parts as Record<string, unknown>).address = 'changed';
    first.alternatives.push('changed');
    const again = await records(mbox);
    expect(again[3]).toEqual(fourth);
    expect(again[0]!.parts).not.toHaveProperty('address', 'changed');
  });

  it('other scan options find their own records for the same value', async () => {
    const withFields = `${postmark}Subject: x\nList-Post: <mailto:post@lists.example.org>, www.lists.example.org/post\n\nbody\n\n`;
    const plain = await records(withFields);
    const schemeless = await records(withFields, { schemeless: true });
    expect(plain.map((record) => record.url)).toEqual(['mailto:post@lists.example.org']);
    expect(schemeless.map((record) => record.url)).toEqual(['mailto:post@lists.example.org', 'http://www.lists.example.org/post']);
    expect((await records(withFields)).map((record) => record.url)).toEqual(['mailto:post@lists.example.org']);
  });
});
