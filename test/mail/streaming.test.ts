/**
 * Streaming: the records do not depend on how the input is cut into chunks,
 * nor on whether it comes as a path, bytes, a stream or strings.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';
import { corpusDirectory } from './corpus-helpers.js';

async function collect(records: AsyncIterable<MailRecord>): Promise<MailRecord[]> {
  const list: MailRecord[] = [];
  for await (const record of records) list.push(record);
  return list;
}

async function* chunks(bytes: Uint8Array, size: (index: number) => number): AsyncGenerator<Uint8Array> {
  let index = 0;
  for (let at = 0; at < bytes.length; ) {
    const next = Math.min(bytes.length, at + Math.max(1, size(index++)));
    yield bytes.subarray(at, next);
    at = next;
  }
}

describe('mail streaming', () => {
  const inputs = ['archive.mbox', 'alternative.eml', 'quoted-printable.eml', 'charsets.eml', 'forwarded.eml', 'broken.eml'];

  it.each(inputs)('%s: one byte at a time gives the same records as the path', async (input) => {
    const path = corpusDirectory + input;
    const expected = await collect(scanMail(path));
    const bytes = readFileSync(path);
    expect(await collect(scanMail(chunks(bytes, () => 1)))).toEqual(expected);
  });

  it.each(inputs)('%s: uneven chunks, bytes, streams', async (input) => {
    const path = corpusDirectory + input;
    const expected = await collect(scanMail(path));
    const bytes = readFileSync(path);
    expect(await collect(scanMail(chunks(bytes, (i) => [3, 1, 7, 64, 2, 13][i % 6]!)))).toEqual(expected);
    expect(await collect(scanMail(new Uint8Array(bytes)))).toEqual(expected);
    expect(await collect(scanMail(createReadStream(path, { highWaterMark: 17 })))).toEqual(expected);
    expect(await collect(scanMail(Readable.from([bytes])))).toEqual(expected);
    expect(await collect(scanMail(new URL(`file://${path}`)))).toEqual(expected);
  });

  it('accepts strings as chunks (UTF-8)', async () => {
    const text = readFileSync(corpusDirectory + 'flowed.eml', 'utf8');
    const expected = await collect(scanMail(corpusDirectory + 'flowed.eml'));
    async function* strings(): AsyncGenerator<string> {
      for (let at = 0; at < text.length; at += 5) yield text.slice(at, at + 5);
    }
    expect(await collect(scanMail(strings()))).toEqual(expected);
  });
});

describe('records in batches', () => {
  it('scanMailBatches gives scanMail\'s records, in batches of at most 256, a message\'s records spread over several', async () => {
    const { scanMailBatches } = await import('../../src/adapters/mail/scan-mail.js');
    const body = Array.from({ length: 600 }, (_, i) => `http://a.example/${i}`).join('\n');
    const mbox = Buffer.from(`From a@example.org Mon Jan  1 00:00:00 2024\nSubject: one\n\n${body}\n\nFrom b@example.org Mon Jan  1 00:00:00 2024\nSubject: two\n\nhttp://b.example/\n`);
    const batches: number[] = [];
    const batched = [];
    for await (const batch of scanMailBatches(mbox)) {
      batches.push(batch.length);
      batched.push(...batch);
    }
    const single = [];
    for await (const record of scanMail(mbox)) single.push(record);
    expect(batched).toEqual(single);
    expect(batches).toEqual([256, 256, 88, 1]);
  });
});
