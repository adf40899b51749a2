/**
 * gzip-compressed inputs are read through a decompressor, by their first
 * bytes: the adapter is chosen by the name without `.gz`, then by content;
 * positions count in the decompressed content; damaged data keeps what was
 * found before it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir } from './cli-helpers.js';

const mbox = [
  'From alice@example.com Mon Jan  1 00:00:00 2024',
  'From: Alice <alice@example.com>',
  'Subject: a link',
  'Message-ID: <1@example.com>',
  '',
  'See http://mail.example/a',
  '',
].join('\n');

interface Row {
  url: string;
  form: string;
  file: string;
  start: { line: number; column: number; offset: number };
  message?: unknown;
}

function rows(stdout: string): Row[] {
  return stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Row);
}

// rule: gzip-input
describe('gzip inputs', () => {
  it.each([
    ['notes.txt.gz', 'one\nsee <URL:http://wrap.exam\n ple/x>\n', 'http://wrap.example/x', 'url-wrapper', { line: 2, column: 5, offset: 8 }],
    ['doc.md.gz', '# T\n\n[a](https://md.example/)\n', 'https://md.example/', 'markdown-link', { line: 3, column: 1, offset: 5 }],
    ['page.html.gz', '<p><a href="http://h.example/">x</a>\n', 'http://h.example/', 'html-attribute', { line: 1, column: 13, offset: 12 }],
    // mail by content: a mailing list archive's name says nothing
    ['2024-May.txt.gz', mbox, 'http://mail.example/a', 'bare', { line: 6, column: 5, offset: 129 }],
  ])('%s: read as what it holds, positions in the decompressed content', async (name, content, url, form, start) => {
    const dir = tempDir();
    const file = path.join(dir, name);
    writeFileSync(file, gzipSync(content));
    const { code, stdout, stderr } = await runCli(['--format', 'jsonl', file]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [row, ...rest] = rows(stdout);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ url, form, file, start });
    expect(row?.message !== undefined).toBe(name.startsWith('2024'));
  });

  it('several gzip members one after the other are read as one content', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'two.gz');
    writeFileSync(file, Buffer.concat([gzipSync('see http://one.example/\n'), gzipSync('and http://two.example/\n')]));
    const { stdout } = await runCli(['--format', 'jsonl', file]);
    expect(rows(stdout).map((row) => [row.url, row.start.line])).toEqual([
      ['http://one.example/', 1],
      ['http://two.example/', 2],
    ]);
  });

  it('from standard input too', async () => {
    const { stdout } = await spawnCli(['-'], { stdin: gzipSync('see http://piped.example/\n') });
    expect(stdout).toBe('-:1:5\thttp://piped.example/\n');
  });

  it('damaged data: what came before is kept, and the damage is told', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'cut.txt.gz');
    const text = `see http://early.example/\n${'filler without links\n'.repeat(20_000)}and http://late.example/\n`;
    const whole = gzipSync(text, { level: 0 });
    writeFileSync(file, whole.subarray(0, whole.length >> 1));
    const { code, stdout, stderr } = await runCli(['--stats', file]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${file}:1:5\thttp://early.example/\n`);
    expect(stderr).toMatch(new RegExp(`^urlsift: ${file}: gzip data cut short: read up to there; the last \\d+ bytes, a word the fault cut, are not read$`, 'm'));
  });

  it.each([
    ['text', 'cut.txt.gz', `${'a line\n'.repeat(10)}see http://whole.example/ and http://trunc.example/path\n`],
    ['HTML', 'cut.html.gz', `<!doctype html>\n<a href="http://whole.example/">w</a> <a href="http://trunc.example/path">t</a>\n`],
    ['mail', 'cut.eml.gz', 'From: a@example.org\nSubject: s\n\nsee http://whole.example/ and http://trunc.example/path\n'],
  ])('%s cut inside a URL: the URL the cut ran into is not reported, the note says so', async (_, name, text) => {
    const dir = tempDir();
    const file = path.join(dir, name);
    const cut = 10 + 5 + text.indexOf('http://trunc.exa') + 'http://trunc.exa'.length;
    writeFileSync(file, gzipSync(text, { level: 0 }).subarray(0, cut));
    const { stdout, stderr } = await runCli(['--stats', '--format', 'jsonl', file]);
    expect(rows(stdout).map((row) => row.url)).toEqual(['http://whole.example/']);
    expect(stderr).toMatch(/gzip data cut short: read up to there; the last \d+ bytes, a word the fault cut, are not read/);
  });

  it.each([
    ['named .gz (streamed)', 'big.txt.gz', 400_000],
    ['read whole', 'small.txt.gz', 2_000],
  ])('--stats counts a gzip file\'s bytes and what they inflated to (%s)', async (_, name, size) => {
    const dir = tempDir();
    const file = path.join(dir, name);
    const text = `http://a.example/\n${' '.repeat(size)}\n`;
    const bytes = gzipSync(text);
    writeFileSync(file, bytes);
    const { stderr } = await runCli(['--stats', file]);
    const line = stderr.split('\n').find((l) => l.includes(' files, ')) ?? '';
    expect(line).toMatch(new RegExp(`^urlsift: 1 files, ${bytes.length} bytes \\(${bytes.length} of gzip, inflated to ${Buffer.byteLength(text)}\\), 1 URLs in ([\\d.]+) s \\(([\\d.]+) MB/s\\)$`));
  });

  it('a compressed archive of binary files is told binary', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'x.tar.gz');
    writeFileSync(file, gzipSync(Buffer.concat([Buffer.from('notes.txt'), Buffer.alloc(512)])));
    const { code, stderr } = await runCli([file]);
    expect(code).toBe(1);
    expect(stderr).toBe(`urlsift: ${file}: skipped: binary (NUL bytes in the first 8 KiB)\n`);
  });
});
