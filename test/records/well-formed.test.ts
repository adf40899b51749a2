/**
 * No record holds a lone surrogate, whatever adapter read it: JSON with one
 * (`"\ud800"`) is refused by strict readers such as jq. Decoders of UTF-16,
 * UTF-32, UTF-7 and the like make U+FFFD of each, as `TextDecoder` does.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeBytes, streamDecoder } from '../../src/decode/charset.js';
import { runCli, tempDir } from '../cli/cli-helpers.js';

const lone = '\ud800';
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
/** UTF-16LE bytes of `before`, an unpaired high surrogate, then `after`. */
const withLone = (before: string, after: string) => Buffer.concat([utf16(before), Buffer.from([0x00, 0xd8]), utf16(after)]);

describe('decoders give well-formed text', () => {
  it.each([
    ['utf-16le', withLone('a', 'b'), 'a\ufffdb'],
    ['utf-16be', Buffer.concat([Buffer.from('a', 'utf16le').swap16(), Buffer.from([0xdc, 0x00])]), 'a\ufffd'],
    ['utf-7', Buffer.from('a+2AA-b'), 'a\ufffdb'],
    ['utf-32le', Buffer.from([0x00, 0xd8, 0x00, 0x00]), '\ufffd'],
  ])('decodeBytes, %s', (encoding, bytes, expected) => {
    expect(decodeBytes(bytes, encoding)).toBe(expected);
  });

  it('a pair cut between two writes stays a pair; a high half left at the end becomes U+FFFD', () => {
    const pair = utf16('\u{1F600}');
    const decoder = streamDecoder('utf-16le');
    const text = decoder.write(pair.subarray(0, 2)) + decoder.write(pair.subarray(2)) + decoder.write(pair.subarray(0, 2)) + decoder.end();
    expect(text).toBe('\u{1F600}\ufffd');
  });
});

describe('UTF-7 fed a byte at a time decodes as it does whole', () => {
  it.each(['+AGgAdAB0AHA-://a.example/', 'a+-b', '+AGg.b', 'x+', '+AGgAdA', 'a+2AA-b', '++AGg-'])('%s', (text) => {
    const bytes = Buffer.from(text);
    const whole = streamDecoder('UTF-7');
    const byByte = streamDecoder('UTF-7');
    let out = '';
    for (const byte of bytes) out += byByte.write(Uint8Array.of(byte));
    expect(out + byByte.end()).toBe(whole.write(bytes) + whole.end());
    expect(whole.write(bytes) + whole.end()).toBe(decodeBytes(bytes, 'UTF-7'));
  });
});

describe('every adapter, through the command line', () => {
  const dir = tempDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const mail = (headers: string, body: Buffer) => Buffer.concat([Buffer.from(`From: a@example.org\nSubject: s\nMIME-Version: 1.0\n${headers}\n`), body]);
  const files: Array<[string, Buffer]> = [
    ['utf16-base64.eml', mail('Content-Type: text/plain; charset=utf-16le\nContent-Transfer-Encoding: base64\n', Buffer.from(`${withLone('see http://a.example/x', 'y\n').toString('base64')}\n`))],
    ['utf16-html.eml', mail('Content-Type: text/html; charset=utf-16le\nContent-Transfer-Encoding: base64\n', Buffer.from(`${withLone('<a href="http://b.example/x', 'y">b</a>\n').toString('base64')}\n`))],
    ['utf7.eml', mail('Content-Type: text/plain; charset=utf-7\n', Buffer.from('see http://c.example/x+2AA-y\n'))],
    ['utf7-quoted-printable.eml', mail('Content-Type: text/plain; charset=utf-7\nContent-Transfer-Encoding: quoted-printable\n', Buffer.from('see http://d.example/x+2AA-y =\nz\n'))],
    ['text.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), withLone('see http://e.example/x', 'y\n')])],
    ['page.html', Buffer.concat([Buffer.from([0xff, 0xfe]), withLone('<a href="http://f.example/x', 'y">f</a> http://g.example/x&#xD800;y\n')])],
    ['notes.md', Buffer.concat([Buffer.from([0xff, 0xfe]), withLone('see <http://h.example/x', 'y> and [i](http://i.example/&#xD800;)\n')])],
  ];
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of files) writeFileSync(path.join(dir, name), bytes);

  it('JSON Lines rows hold U+FFFD, never a lone surrogate', async () => {
    const { stdout } = await runCli(['--format', 'jsonl', '--markdown-html', ...files.map(([name]) => path.join(dir, name))]);
    const rows = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { url: string; raw: string; file: string });
    expect(stdout).not.toMatch(/\\ud[89ab]/i);
    const strings: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
    };
    walk(rows);
    expect(strings.filter((text) => !(text as unknown as { isWellFormed(): boolean }).isWellFormed())).toEqual([]);
    expect(strings.join('')).not.toContain(lone);
    expect(new Set(rows.map((row) => path.basename(row.file)))).toEqual(new Set(files.map(([name]) => name)));
  });
});
