/**
 * Maildir messages stored compressed (Dovecot's mail_compress / zlib
 * plugin): told by their first bytes, whatever their name, as Dovecot tells
 * them. gzip is read; the other methods are named in a note and skipped,
 * and the messages after them keep their numbers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressionOf } from '../../src/decode/compressed-input.js';
import { scanMail, type MailNote } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';
import { tempDir } from '../temp-folders.js';

/** The first bytes of each method as its own tool writes them (bzip2 -9, xz, zstd, lz4), and Dovecot's LZ4 header. */
const heads = {
  bzip2: [0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0xbc, 0x04, 0x40, 0xb8, 0x00, 0x00],
  xz: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6, 0xb4, 0x46, 0x02, 0x00, 0x21, 0x01],
  zstd: [0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58, 0xf1, 0x00, 0x00, 0x53, 0x75, 0x62, 0x6a, 0x65, 0x63, 0x74],
  lz4: [0x04, 0x22, 0x4d, 0x18, 0x64, 0x40, 0xa7, 0x1e, 0x00, 0x00, 0x80, 0x53, 0x75, 0x62, 0x6a, 0x65],
  dovecotLz4: [...Buffer.from('Dovecot-LZ4\r', 'latin1'), 0x2a, 0x9b, 0xc5, 0x00, 0x01, 0x00, 0x00],
};

// rule: gzip-input
describe('compressionOf', () => {
  it.each([
    ['gzip', [...gzipSync('Subject: x\n\n')], 'gzip'],
    ['bzip2', heads.bzip2, 'bzip2'],
    ['xz', heads.xz, 'xz'],
    ['zstd', heads.zstd, 'zstd'],
    ['LZ4 frame', heads.lz4, 'lz4'],
    ["Dovecot's LZ4", heads.dovecotLz4, 'lz4'],
    ['a header field', [...Buffer.from('Subject: BZh9 and more')], undefined],
    ['"BZh9" without the block magic', [...Buffer.from('BZh91AY&SZ and more')], undefined],
    ['two bytes of gzip only', [0x1f, 0x8b], undefined],
    ['nothing', [], undefined],
  ])('%s', (_, bytes, expected) => {
    expect(compressionOf(Uint8Array.from(bytes))).toBe(expected);
  });
});

async function scanFolder(files: Record<string, Uint8Array | string>): Promise<{ folder: string; records: MailRecord[]; notes: MailNote[] }> {
  const folder = tempDir('urlsift-compressed-');
  for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(folder, sub));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, 'cur', name), content);
  const records: MailRecord[] = [];
  const notes: MailNote[] = [];
  for await (const record of scanMail(folder, { onNote: (note) => notes.push(note) })) records.push(record);
  return { folder, records, notes };
}

const message = (n: number): string => `Subject: ${n}\nMessage-ID: <${n}@example.org>\n\nsee http://m${n}.example.org/\n`;

describe('a maildir with compressed messages', () => {
  it('reads a gzip message whatever its name; positions count its decompressed bytes', async () => {
    const { records, notes } = await scanFolder({
      '1:2,S': message(1),
      // Dovecot marks compressed files with Z, but tells them by their bytes: so does urlsift
      '2,S=58:2,SZ': gzipSync(message(2)),
      '3:2,S': gzipSync(message(3)),
    });
    expect(notes).toEqual([]);
    const at = message(1).indexOf('http');
    expect(records.map((record) => [record.url, record.message.index, record.start.offset])).toEqual([
      ['http://m1.example.org/', 0, at],
      ['http://m2.example.org/', 1, at],
      ['http://m3.example.org/', 2, at],
    ]);
  });

  it.each([
    ['bzip2', heads.bzip2],
    ['xz', heads.xz],
    ['zstd', heads.zstd],
    ['lz4', heads.lz4],
    ['lz4', heads.dovecotLz4],
  ])('names a message compressed with %s, skips it, and numbers the next one after it', async (method, head) => {
    const { folder, records, notes } = await scanFolder({ a: message(1), b: Uint8Array.from(head), c: message(3) });
    expect(records.map((record) => [record.url, record.message.index])).toEqual([
      ['http://m1.example.org/', 0],
      ['http://m3.example.org/', 2],
    ]);
    expect(notes).toEqual([
      {
        code: 'compressed-message',
        message: `b is compressed with ${method}, which is not read (gzip is): skipped`,
        messageIndex: 1,
        file: join(folder, 'cur', 'b'),
      },
    ]);
  });

  it('reads damaged gzip up to the damage, with a note, and goes on', async () => {
    // letters that do not compress, so that the cut falls far after the URL
    let seed = 1;
    const noise = Array.from({ length: 4000 }, () => String.fromCharCode(97 + ((seed = (seed * 69_069 + 1) % 4_294_967_296) >>> 24) % 26)).join('');
    const whole = gzipSync(message(1) + noise);
    const { records, notes } = await scanFolder({ a: whole.subarray(0, whole.length - 20), b: message(2) });
    expect(records.map((record) => record.url)).toEqual(['http://m1.example.org/', 'http://m2.example.org/']);
    expect(notes.map((note) => [note.code, note.messageIndex])).toEqual([['compressed-message', 0]]);
    expect(notes[0]?.message).toMatch(/^a: gzip data cut short: read up to there; the last \d+ bytes, a word the fault cut, are not read$/);
  });

  it('reads a gzip mbox named as a path to scanMail', async () => {
    const folder = tempDir('urlsift-compressed-');
    const file = join(folder, 'list.mbox.gz');
    writeFileSync(file, gzipSync(`From a@example.org Mon Jan  1 00:00:00 2024\n${message(1)}\nFrom b@example.org Mon Jan  1 00:00:00 2024\n${message(2)}`));
    const urls: string[] = [];
    for await (const record of scanMail(file)) urls.push(record.url);
    expect(urls).toEqual(['http://m1.example.org/', 'http://m2.example.org/']);
  });
});
