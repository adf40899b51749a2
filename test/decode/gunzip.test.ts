/**
 * gzip read member by member, nothing lost before a fault: what inflated
 * stands, every fault is told once in a sentence, and the word a fault cut
 * into is not handed on.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipChunks } from '../../src/decode/gunzip.js';

async function gunzip(bytes: Buffer, pieceSize = 1 << 16): Promise<{ text: string; faults: string[] }> {
  const faults: string[] = [];
  const chunks = (async function* () {
    for (let at = 0; at < bytes.length; at += pieceSize) yield bytes.subarray(at, at + pieceSize);
  })();
  const out: Buffer[] = [];
  for await (const piece of gunzipChunks(chunks, (fault) => faults.push(fault))) out.push(Buffer.from(piece));
  return { text: Buffer.concat(out).toString('latin1'), faults };
}

const lines = (count: number, tag = 'u') => Array.from({ length: count }, (_, i) => `see http://${tag}.example/${i} ok\n`).join('');

/** A stored (level 0) member: its data lies in the file as it is, five bytes after the ten of the header. */
const stored = (text: string) => gzipSync(text, { level: 0 });

describe('gzip that ends well', () => {
  it.each([
    ['one member', gzipSync(lines(3)), lines(3)],
    ['two members, as cat a.gz b.gz makes', Buffer.concat([gzipSync(lines(2, 'a')), gzipSync(lines(2, 'b'))]), lines(2, 'a') + lines(2, 'b')],
    ['zero bytes of padding after it', Buffer.concat([gzipSync(lines(2)), Buffer.alloc(100)]), lines(2)],
    ['text that ends without white space', gzipSync('http://end.example/x'), 'http://end.example/x'],
    [
      'a header with a name, a comment, extra data and its own checksum',
      (() => {
        const plain = gzipSync(lines(2));
        const extra = Buffer.from([4, 0, 1, 2, 3, 4]);
        const header = Buffer.concat([plain.subarray(0, 3), Buffer.from([2 | 4 | 8 | 16]), plain.subarray(4, 10), extra, Buffer.from('name.txt\0comment\0'), Buffer.from([0, 0])]);
        return Buffer.concat([header, plain.subarray(10)]);
      })(),
      lines(2),
    ],
  ])('%s: all of it, no fault', async (_, bytes, text) => {
    for (const size of [1, 7, 1 << 16]) expect(await gunzip(bytes, size)).toEqual({ text, faults: [] });
  });
});

describe('faults: what came before stands, and the fault is told', () => {
  it('a bad checksum: every URL, as zcat gives them, and a note', async () => {
    const bytes = gzipSync(lines(200_000));
    bytes[bytes.length - 8]! ^= 0xff;
    const { text, faults } = await gunzip(bytes);
    expect(text).toBe(lines(200_000));
    expect(faults).toEqual(['gzip checksum does not match the data (damaged?): read whole, as it inflated']);
  });

  it('one member followed by garbage: the member, and a note', async () => {
    const { text, faults } = await gunzip(Buffer.concat([gzipSync('see http://one.example/ here\n'), Buffer.from('garbage '.repeat(20))]));
    expect(text).toBe('see http://one.example/ here\n');
    expect(faults).toEqual(['what follows the gzip data is no gzip: not read']);
  });

  it.each([1, 5, 1 << 16])('cut inside a URL (pieces of %i): the URL the cut ran into is not handed on', async (size) => {
    const text = `${'a line\n'.repeat(100)}see http://whole.example/ and http://trunc.example/path\n`;
    const cut = 10 + 5 + text.indexOf('http://trunc.exa') + 'http://trunc.exa'.length;
    const found = await gunzip(stored(text).subarray(0, cut), size);
    expect(found.text).toBe(text.slice(0, text.indexOf('http://trunc.exa')));
    expect(found.faults).toEqual(['gzip data cut short: read up to there; the last 16 bytes, a word the fault cut, are not read']);
  });

  it('cut after white space: nothing more is dropped', async () => {
    const text = 'see http://whole.example/ and more\n';
    const cut = 10 + 5 + text.indexOf('and');
    expect(await gunzip(stored(text).subarray(0, cut))).toEqual({ text: 'see http://whole.example/ ', faults: ['gzip data cut short: read up to there'] });
  });

  it('cut inside the checksum: the data is whole', async () => {
    const bytes = gzipSync(lines(5));
    expect(await gunzip(bytes.subarray(0, bytes.length - 3))).toEqual({ text: lines(5), faults: ['gzip data cut short before its checksum: read whole, as it inflated'] });
  });

  it('damaged deflate data: what inflated before the damage, and a note', async () => {
    const text = lines(20_000);
    const bytes = stored(text);
    // the second stored block's header made a block of the reserved type
    const first = bytes.readUInt16LE(11);
    expect(bytes[10]).toBe(0);
    bytes[10 + 5 + first] = 0x07;
    const found = await gunzip(bytes);
    expect(found.faults).toEqual([expect.stringMatching(/^gzip data damaged \(invalid block type\): read up to there/)]);
    expect(text.startsWith(found.text)).toBe(true);
    // the first block, less the word cut at its end, at most one step of zlib's output short of it
    expect(found.text.length).toBeGreaterThan(first - (1 << 14) - 64);
  });

  it('a second member cut in its header: the first stands', async () => {
    const second = gzipSync(lines(1, 'b'));
    const { text, faults } = await gunzip(Buffer.concat([gzipSync(lines(2, 'a')), second.subarray(0, 6)]));
    expect(text).toBe(lines(2, 'a'));
    expect(faults).toEqual(['gzip data cut short in a header: read up to there']);
  });
});
