/**
 * The one stream-to-scanner loop and its decoder: chunks may split any
 * sequence; UTF-16 by its BOM when asked; UTF-32 reported, not read.
 */
import { describe, expect, it } from 'vitest';
import { decodeChunks } from '../../src/decode/decode-chunks.js';
import { scanTextStream } from '../../src/adapters/text/scan-text-stream.js';
import { createScanner, scan } from '../../src/index.js';

async function* oneByteAtATime(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (const byte of bytes) yield new Uint8Array([byte]);
}

async function decodeAll(chunks: AsyncIterable<string | Uint8Array>, sniff: boolean): Promise<string> {
  let text = '';
  for await (const piece of decodeChunks(chunks, { sniff })) text += piece;
  return text;
}

describe('decodeChunks', () => {
  const text = 'caf\u00e9 \u{1f600} http://a.example/\n';
  it.each([
    ['UTF-8', Buffer.from(text)],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['UTF-16BE', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
  ])('%s, one byte a chunk', async (_, bytes) => {
    expect(await decodeAll(oneByteAtATime(bytes), true)).toBe(text);
  });

  it('without sniffing, a UTF-16 BOM is just bytes (UTF-8, invalid: U+FFFD)', async () => {
    expect(await decodeAll(oneByteAtATime(Buffer.from([0xff, 0xfe, 0x68, 0x00])), false)).toBe('\ufffd\ufffdh\u0000');
  });

  it('a stream shorter than any BOM is still decoded', async () => {
    expect(await decodeAll(oneByteAtATime(Buffer.from('ab')), true)).toBe('ab');
  });

  it('UTF-32 is reported and nothing is decoded', async () => {
    const seen: string[] = [];
    let text = '';
    for await (const piece of decodeChunks(oneByteAtATime(Buffer.from([0xff, 0xfe, 0, 0, 0x68, 0, 0, 0])), {
      sniff: true,
      onUnreadable: (encoding) => seen.push(encoding),
    })) {
      text += piece;
    }
    expect(seen).toEqual(['utf-32le']);
    expect(text).toBe('');
  });

  it('a big chunk is handed on in pieces of at most 16 KiB, sequences split between pieces whole', async () => {
    // four-byte characters at every alignment across the piece boundaries
    const long = 'ab\u{1f600}c\u00e9 http://a.example/ '.repeat(6000);
    const bytes = Buffer.from(long);
    async function* once(): AsyncIterable<Uint8Array> {
      yield bytes;
    }
    const pieces: string[] = [];
    for await (const piece of decodeChunks(once())) pieces.push(piece);
    expect(pieces.length).toBe(Math.ceil(bytes.byteLength / (16 * 1024)));
    expect(pieces.join('')).toBe(long);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(16 * 1024 + 3);
  });

  it('strings and bytes mixed: held bytes are decoded before a string', async () => {
    async function* mixed() {
      yield Buffer.from([0x63, 0x61, 0x66, 0xc3]);
      yield 'x';
    }
    expect(await decodeAll(mixed(), false)).toBe('caf\ufffdx');
  });
});

describe('decodeChunks: where the chunks split makes no difference', () => {
  async function* chunksOf(...parts: number[][]): AsyncIterable<Uint8Array> {
    for (const part of parts) yield Uint8Array.from(part);
  }
  const ascii = (text: string): number[] => [...Buffer.from(text, 'latin1')];
  it.each([
    ['a sequence cut before an ASCII chunk: U+FFFD, then the ASCII', [[...ascii('ab'), 0xe2], ascii('cd')], 'ab\ufffdcd'],
    ['a sequence completed by the next chunk', [[...ascii('ab'), 0xe2, 0x82], [0xac, ...ascii('cd')]], 'ab\u20accd'],
    ['an ASCII chunk, then a BOM: kept (not at the start)', [ascii('ab'), [0xef, 0xbb, 0xbf, ...ascii('c')]], 'ab\ufeffc'],
    ['a BOM at the start, then ASCII: dropped', [[0xef, 0xbb, 0xbf], ascii('ab')], 'ab'],
    ['a BOM cut in two at the start: dropped', [[0xef, 0xbb], [0xbf, ...ascii('ab')]], 'ab'],
    ['a second BOM after the first: kept', [[0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], ascii('a')], '\ufeffa'],
    ['invalid bytes between ASCII chunks', [ascii('a'), [0xff], ascii('b'), [0xc3], ascii('c')], 'a\ufffdb\ufffdc'],
    ['an unfinished sequence at the end', [ascii('a'), [0xf0, 0x9f]], 'a\ufffd'],
  ])('%s', async (_, parts, expected) => {
    expect(await decodeAll(chunksOf(...parts), false)).toBe(expected);
    expect(await decodeAll(chunksOf(...parts), true)).toBe(expected);
  });

  it('any split of any bytes gives what one TextDecoder gives for the whole', async () => {
    // mostly ASCII, with multi-byte characters, BOMs and invalid bytes: 200 inputs, each split at random places
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pieces = [ascii('http://a.example/ '), ascii('x'), [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xff], [0xe2], [0x82]];
    for (let input = 0; input < 200; input++) {
      const bytes: number[] = [];
      while (bytes.length < 40) bytes.push(...(pieces[random(pieces.length)] as number[]));
      const whole = Uint8Array.from(bytes);
      const cuts = [0, ...Array.from({ length: random(6) }, () => random(whole.length)), whole.length].sort((a, b) => a - b);
      const parts = cuts.slice(1).map((cut, i) => [...whole.subarray(cuts[i], cut)]);
      expect(await decodeAll(chunksOf(...parts), false)).toBe(new TextDecoder().decode(whole));
    }
  });
});

describe('scanTextStream', () => {
  it('gives what scan gives, one group per chunk that completes records', async () => {
    const text = 'see <URL:http://www.exam-\n  ple.com/> and http://b.example/x. and more text\n'.repeat(50);
    const groups: number[] = [];
    const urls: string[] = [];
    for await (const records of scanTextStream(oneByteAtATime(Buffer.from(text)), createScanner())) {
      groups.push(records.length);
      for (const record of records) urls.push(record.url);
    }
    expect(groups.every((size) => size > 0)).toBe(true);
    expect(urls).toEqual(scan(text).map((record) => record.url));
  });
});
