/**
 * Rows leave as they are found, whatever the input: with `--context`, every
 * file is streamed (its rows wait only for the text after their URL), and a
 * gzip file that may inflate past what is read whole is streamed too, even
 * named without `.gz`. The memory checks run the command with a heap far
 * smaller than the rows of the input would take if they were held.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, runCli, tempDir } from './cli-helpers.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** The command with a small heap: exit code, rows written, the first line of stderr. */
function runSmall(argv: string[], heapMb: number): Promise<{ code: number | null; signal: string | null; rows: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, bin, ...argv]);
    let rows = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('close', (code, signal) => resolve({ code, signal, rows, stderr: stderr.split('\n')[0] ?? '' }));
  });
}

/** Lines of URLs, `count` of them. */
const dense = (count: number) => Array.from({ length: count }, (_, i) => `x http://c.example/p/${i}\n`).join('');

interface Row {
  url: string;
  file: string;
  context?: string;
  start: { offset: number };
}

const parse = (stdout: string): Row[] =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);

describe('--context', () => {
  const files = [
    write('a.txt', 'one http://text.example/a two\nthree <URL:http://text.example/\n  b> four\n'),
    write('b.html', '<!doctype html>\n<p>see <a href="http://html.example/a">x</a> and http://html.example/b\n'),
    write('c.md', '# T\n\nsee [x](http://md.example/a) and <http://md.example/b>\n'),
    write('d.eml', 'From: a@example.org\nSubject: s\n\nhttp://mail.example/a\n'),
  ];

  it.each([['--jobs', '1'], ['--jobs', '2']])('%s %s: the rows without --context, each with the context of its file', async (...jobs) => {
    const plain = parse((await runCli(['--format', 'jsonl', ...jobs, ...files])).stdout);
    const withContext = parse((await runCli(['--format', 'jsonl', '--context', '6', ...jobs, ...files])).stdout);
    expect(withContext.map(({ context, ...row }) => row)).toEqual(plain);
    // as the whole text gave them before files were streamed for --context
    expect(withContext.map((row) => [row.url, row.context])).toEqual([
      ['http://text.example/a', 'one http://text.example/a two t'],
      ['http://text.example/b', 'three <URL:http://text.example/   b> four '],
      ['http://html.example/a', 'href="http://html.example/a">x</a'],
      ['http://html.example/b', '> and http://html.example/b '],
      ['http://md.example/a', '  see [x](http://md.example/a) and <'],
      ['http://md.example/b', ') and <http://md.example/b> '],
      ['http://mail.example/a', undefined],
    ]);
  });

  it('a dense file whose rows with context are far more than the heap: every row, in bounded memory', async () => {
    const file = write('dense.txt', dense(60_000));
    const { code, signal, rows, stderr } = await runSmall(['--context', '500', file], 64);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(rows).toBe(60_000);
  });
});

describe('a maildir', () => {
  it('of many messages dense with URLs: every row, in bounded memory', async () => {
    const box = path.join(dir, 'box');
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(box, sub), { recursive: true });
    for (let i = 0; i < 1500; i++) {
      const body = Array.from({ length: 150 }, (_, j) => `http://m${i}.example/p/${j}\n`).join('');
      writeFileSync(path.join(box, 'cur', `${String(i).padStart(6, '0')}.host:2,S`), `From: a@example.org\nSubject: ${i}\n\n${body}`);
    }
    const { code, signal, rows, stderr } = await runSmall([box], 48);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(rows).toBe(1500 * 150);
  });
});

describe('a big Markdown file', () => {
  it('of definitions, each followed by a reference to it: every row, in a heap smaller than its rows', async () => {
    // 250,000 definitions (19 MB, streamed): their rows held whole took more than 160 MB of heap
    const count = 250_000;
    const body = Array.from({ length: count }, (_, i) => `[l${i}]: http://host${i}.example/p${i}\n\nSee [text ${i}][l${i}] here.\n\n`).join('');
    const file = write('definitions.md', body);
    const { code, signal, rows, stderr } = await runSmall(['--format', 'jsonl', file], 160);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(rows).toBe(count);
  });
});

describe('gzip named without .gz', () => {
  it('that may inflate past what is read whole: streamed, every row in bounded memory', async () => {
    const file = write('dense.dat', gzipSync(dense(300_000)));
    const { code, signal, rows, stderr } = await runSmall([file], 64);
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(rows).toBe(300_000);
  });

  it.each([['--jobs', '1'], ['--jobs', '2']])('%s %s: its rows keep their place among the other files', async (...jobs) => {
    const big = write('big.dat', gzipSync(`see http://gz.example/\n${'no link here\n'.repeat(200_000)}`));
    const before = write('before.txt', 'http://before.example/\n');
    const after = write('after.txt', 'http://after.example/\n');
    const { stdout, code } = await runCli([...jobs, before, big, after]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${before}:1:1\thttp://before.example/\n${big}:1:5\thttp://gz.example/\n${after}:1:1\thttp://after.example/\n`);
  });
});
