/**
 * The body reader alone, on streams made here: it stops at the bound
 * (counted after decompression), when the reader has enough, or at the end;
 * a gzip bomb without end is inflated no further than the bound, and only a
 * few of its compressed pieces are ever pulled.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/check/read-body.js';

/** 10 MiB of spaces as one gzip member (about 10 KB). */
const member = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, ' '));

/** gzip members without end, counting how many were pulled. */
function bomb(): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const stream = new Readable({
    read() {
      pulled++;
      this.push(member);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readBody', () => {
  it('a gzip bomb without end: stops at the bound, a few members pulled', async () => {
    const { stream, pulled } = bomb();
    let handed = 0;
    const reading = await readBody(stream, 'gzip', undefined, 1024 * 1024, (text) => {
      handed += text.length;
      return false;
    });
    expect(reading).toEqual({ bytes: 1024 * 1024, complete: false, truncated: true });
    expect(handed).toBe(1024 * 1024);
    expect(pulled()).toBeLessThan(20);
    expect(stream.destroyed).toBe(true);
  });

  it.each([
    ['identity', (text: string) => Buffer.from(text)],
    ['gzip', (text: string) => zlib.gzipSync(text)],
    ['deflate', (text: string) => zlib.deflateSync(text)],
    ['br', (text: string) => zlib.brotliCompressSync(text)],
  ] as const)('%s: read to the end when it fits', async (encoding, encode) => {
    const text = '<p id="a">é</p>'.repeat(1000);
    let read = '';
    const reading = await readBody(Readable.from([encode(text)]), encoding, 'utf-8', 1 << 20, (piece) => {
      read += piece;
      return false;
    });
    expect(reading).toEqual({ bytes: Buffer.byteLength(text), complete: true, truncated: false });
    expect(read).toBe(text);
  });

  it('stops when the reader has enough', async () => {
    const pieces = ['<p id="a">', '<p id="b">', '<p id="c">'];
    const seen: string[] = [];
    const reading = await readBody(Readable.from(pieces.map((piece) => Buffer.from(piece))), undefined, undefined, 1 << 20, (text) => {
      seen.push(text);
      return text.includes('"b"');
    });
    expect(seen).toEqual(pieces.slice(0, 2));
    expect(reading.complete).toBe(false);
  });

  it('damaged gzip data: what came before, and why it stopped', async () => {
    const good = zlib.gzipSync('<p id="a">'.repeat(100));
    const damaged = Buffer.concat([good.subarray(0, good.length - 8), Buffer.from('garbage!')]);
    const reading = await readBody(Readable.from([damaged]), 'gzip', undefined, 1 << 20, () => false);
    expect(reading.complete).toBe(false);
    expect(reading.error).toMatch(/check|incorrect|invalid/i);
  });

  it('an encoding it does not read: said, nothing read', async () => {
    const reading = await readBody(Readable.from([Buffer.from('x')]), 'zstd', undefined, 1 << 20, () => false);
    expect(reading).toEqual({ bytes: 0, complete: false, truncated: false, error: 'the body is encoded as "zstd", which is not read' });
  });

  it('a charset of the Content-Type', async () => {
    let read = '';
    await readBody(Readable.from([Buffer.from([99, 97, 102, 233])]), undefined, 'iso-8859-1', 100, (text) => {
      read += text;
      return false;
    });
    expect(read).toBe('café');
  });
});
