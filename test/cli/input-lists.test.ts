/**
 * Inputs: --files-from lists (lines or NUL-separated, from a file or
 * standard input), --list-inputs, .ignore files and --no-ignore, and `-`
 * on a terminal.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namesIn } from '../../src/cli/walk/files-from.js';
import { runCli, spawnCli, urlsOf } from './cli-helpers.js';
import { tempTree } from '../temp-folders.js';


async function names(chunks: string[], nullSeparated = false): Promise<Array<string | number[]>> {
  const found: Array<string | number[]> = [];
  const source = (async function* () {
    for (const chunk of chunks) yield Buffer.from(chunk, 'latin1');
  })();
  for await (const name of namesIn(source, nullSeparated)) found.push(typeof name === 'string' ? name : [...name]);
  return found;
}

describe('reading a list of names', () => {
  it.each([
    [['a.txt\nb.txt\n'], false, ['a.txt', 'b.txt']],
    [['a.txt\r\nb.txt'], false, ['a.txt', 'b.txt']],
    [['a.t', 'xt\n\nb', '.txt'], false, ['a.txt', 'b.txt']],
    [['a\nb.txt\0c.txt\0'], true, ['a\nb.txt', 'c.txt']],
    [['caf\xe9.txt\n'], false, [[0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]]],
    [['caf\xc3\xa9.txt\n'], false, ['café.txt']],
  ])('%j (NUL: %s)', async (chunks, nullSeparated, expected) => {
    expect(await names(chunks, nullSeparated)).toEqual(expected);
  });
});

describe('--files-from', () => {
  it('reads the files named, in order, from a file or standard input', async () => {
    const folder = tempTree({ 'a.txt': 'http://a.example/', 'b.txt': 'http://b.example/', 'c.txt': 'http://c.example/' });
    const list = path.join(folder, 'list.txt');
    writeFileSync(list, `${path.join(folder, 'c.txt')}\n${path.join(folder, 'a.txt')}\n`);
    expect(urlsOf((await runCli(['--files-from', list])).stdout)).toEqual(['http://c.example/', 'http://a.example/']);
    const piped = await runCli(['--files-from', '-'], `${path.join(folder, 'b.txt')}\n`);
    expect(urlsOf(piped.stdout)).toEqual(['http://b.example/']);
  });

  it('with --null, names may hold line breaks; names that are not UTF-8 are read and shown escaped', async () => {
    const folder = tempTree({ 'a\nb.txt': 'http://ab.example/' });
    writeFileSync(Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]), 'http://cafe.example/');
    const list = Buffer.concat([Buffer.from(`${folder}/a\nb.txt\0${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.txt\0')]);
    const { code, stdout } = await spawnCli(['--null', '--files-from', '-'], { stdin: list });
    expect(code).toBe(0);
    expect(stdout).toBe(`${folder}/a\\x0ab.txt:1:1\thttp://ab.example/\n${folder}/caf\\xe9.txt:1:1\thttp://cafe.example/\n`);
  });

  it('a name in the list that cannot be read is named, the others are scanned, exit 2, counted by --stats', async () => {
    const folder = tempTree({ 'a.txt': 'http://a.example/' });
    const list = path.join(folder, 'list.txt');
    writeFileSync(list, `${path.join(folder, 'missing.txt')}\n${path.join(folder, 'a.txt')}\n`);
    const { code, stdout, stderr } = await runCli(['--stats=json', '--files-from', list]);
    expect(code).toBe(2);
    expect(urlsOf(stdout)).toEqual(['http://a.example/']);
    expect(stderr).toContain(`urlsift: ${path.join(folder, 'missing.txt')}: no such file or directory\n`);
    const summary = JSON.parse(stderr.trimEnd().split('\n').at(-1) as string);
    expect(summary.notRead).toEqual([{ file: path.join(folder, 'missing.txt'), reason: 'no such file or directory' }]);
  });

  it('paths named on the command line come first, then the list', async () => {
    const folder = tempTree({ 'a.txt': 'http://a.example/', 'b.txt': 'http://b.example/' });
    const { stdout } = await runCli([path.join(folder, 'b.txt'), '--files-from', '-'], path.join(folder, 'a.txt'));
    expect(urlsOf(stdout)).toEqual(['http://b.example/', 'http://a.example/']);
  });
});

describe('--list-inputs', () => {
  it('lists what a run reads and how, and what it leaves out and why, scanning nothing', async () => {
    const folder = tempTree({
      '.gitignore': 'build/\n',
      '.ignore': '*.log\n',
      'a.md': '# A\nhttp://a.example/',
      'b.html': '<a href="http://b.example/">b</a>',
      'c.txt': 'http://c.example/',
      'd.eml': 'From: a@b.example\nSubject: x\n\nhttp://d.example/\n',
      'e.bin': Buffer.from([0, 1, 2, 3]),
      'f.log': 'http://f.example/',
      'build/g.txt': 'http://g.example/',
      '.hidden.txt': 'http://h.example/',
    });
    const { code, stdout } = await runCli(['--list-inputs', folder]);
    expect(code).toBe(0);
    const rel = (line: string) => line.replaceAll(`${folder}/`, '');
    expect(stdout.trimEnd().split('\n').map(rel)).toEqual([
      '.gitignore\tleft out: hidden (--hidden reads it)',
      '.hidden.txt\tleft out: hidden (--hidden reads it)',
      '.ignore\tleft out: hidden (--hidden reads it)',
      'a.md\tmarkdown',
      'b.html\thtml',
      'build\tleft out: ignored by .gitignore (--no-ignore reads it)',
      'c.txt\ttext',
      'd.eml\tmail',
      'e.bin\tleft out: binary (NUL bytes in the first 8 KiB)',
      'f.log\tleft out: ignored by .ignore (--no-ignore reads it)',
    ]);
  });

  it('as JSON Lines', async () => {
    const folder = tempTree({ 'a.md': 'x', 'z.bin': Buffer.from([0]) });
    const { stdout } = await runCli(['--list-inputs', '--format', 'jsonl', folder]);
    expect(stdout.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual([
      { path: `${folder}/a.md`, as: 'markdown' },
      { path: `${folder}/z.bin`, leftOut: 'binary (NUL bytes in the first 8 KiB)' },
    ]);
  });

  it('exit 1 when nothing would be read', async () => {
    const folder = tempTree({ 'z.bin': Buffer.from([0]) });
    expect((await runCli(['--list-inputs', folder])).code).toBe(1);
  });
});

describe('.ignore and --no-ignore', () => {
  // rule: ignore-file-precedence
  it('.ignore files are read as .gitignore files are, and win over them in their folder', async () => {
    const folder = tempTree({
      '.gitignore': '*.txt\n',
      '.ignore': '!keep.txt\n',
      'keep.txt': 'http://keep.example/',
      'drop.txt': 'http://drop.example/',
      'sub/.ignore': 'x.md\n',
      'sub/x.md': 'http://x.example/',
      'sub/y.md': 'http://y.example/',
    });
    expect(urlsOf((await runCli([folder])).stdout)).toEqual(['http://keep.example/', 'http://y.example/']);
    expect(urlsOf((await runCli(['--no-ignore', folder])).stdout)).toEqual([
      'http://drop.example/',
      'http://keep.example/',
      'http://x.example/',
      'http://y.example/',
    ]);
  });

  // rule: ignore-file-precedence
  it('a deeper ignore file wins over one above it where it speaks', async () => {
    const folder = tempTree({
      '.gitignore': '*.txt\n',
      'a.txt': 'http://a.example/',
      'sub/.gitignore': '!keep.txt\n',
      'sub/keep.txt': 'http://keep.example/',
      'sub/drop.txt': 'http://drop.example/',
    });
    expect(urlsOf((await runCli([folder])).stdout)).toEqual(['http://keep.example/']);
  });
});

describe('"-" on a terminal', () => {
  it('reads it until end of file, as grep does; with no path at all, says there is no input', async () => {
    const terminal = { stdin: (evenTerminal?: boolean) => (evenTerminal === true ? (async function* () { yield new TextEncoder().encode('http://typed.example/\n'); })() : undefined) };
    const typed = await runCli(['-'], undefined, terminal);
    expect([typed.code, urlsOf(typed.stdout)]).toEqual([0, ['http://typed.example/']]);
    const none = await runCli([], undefined, terminal);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('urlsift: no input: give a path or "-", or pipe text in (urlsift --help lists the options)\n');
  });
});
