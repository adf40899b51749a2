/**
 * Big text and mail files are scanned in the main thread with their records
 * written as they come; problems in the input are counted, or listed with
 * --stats; a binary file named on the command line says it was skipped.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanInput } from '../../src/cli/scan/scan-input.js';
import { groupSize, streamInput, streamInputsFrom } from '../../src/cli/scan/stream-input.js';
import type { UrlRecord } from '../../src/index.js';
import { root, runCli, runLiveStdin, spawnCli, tempDir } from './cli-helpers.js';

describe('big files stream', () => {
  it('a file over the streaming size gives the same rows as one read whole', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big.txt');
    const line = `${'filler text without links, '.repeat(36)}then <URL:http://wrapped.exam\n  ple/a> and http://bare.example/b.\n`;
    writeFileSync(file, line.repeat(Math.ceil((streamInputsFrom + 1024) / line.length)));
    const writes: string[] = [];
    const streamed = await runCli(['--format', 'jsonl', file], undefined, {
      write: (text) => {
        writes.push(text);
      },
    });
    streamed.stdout = writes.join('');
    // a regular file's rows are held until they fill a chunk: not one write for each group of rows
    const full = writes.filter((text) => text.length >= 16 * 1024);
    expect(writes.filter((text) => text !== '').length - full.length).toBeLessThanOrEqual(1);
    // with --context the stream keeps a window of text: the records stay the same
    const whole = await runCli(['--format', 'jsonl', '--as', 'text', '--context', '1', file]);
    const rows = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .map((row) => {
          const { context, ...rest } = JSON.parse(row) as UrlRecord & { context?: string };
          void context;
          return rest;
        });
    const streamedRows = rows(streamed.stdout);
    expect(streamedRows.length).toBeGreaterThan(30_000);
    expect(streamedRows).toEqual(rows(whole.stdout));
    // two runs over 16 MiB: about 3 s on an idle machine; the bound only catches a hang, never a busy machine
  }, 180_000);

  it.each([
    ['a big file', 'big', undefined, 1],
    ['standard input', '-', 'see http://a.example/\n', 1],
    ['small files only', 'small', undefined, 0],
  ] as const)('the command is told before streaming starts: %s', async (_, which, stdin, calls) => {
    const dir = tempDir();
    const small = path.join(dir, 'small.txt');
    const big = path.join(dir, 'big.txt');
    writeFileSync(small, 'see http://a.example/\n');
    writeFileSync(big, 'see http://a.example/\n'.padEnd(streamInputsFrom + 1, '.'));
    let told = 0;
    const input = which === 'big' ? big : which === 'small' ? small : '-';
    const { code } = await runCli([input], stdin, { beforeStreaming: () => told++ });
    expect(code).toBe(0);
    expect(told).toBe(calls);
  });

  it('hands records on in groups of at most groupSize, in order, and counts them', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'urls.txt');
    writeFileSync(file, Array.from({ length: 1500 }, (_, i) => `http://host${i}.example/`).join('\n'));
    const groups: number[] = [];
    const urls: string[] = [];
    const result = await streamInput(
      { kind: 'file', name: file, path: file },
      { as: 'auto', scan: {}, context: 0 },
      async (rows) => {
        groups.push(rows.length);
        for (const row of rows) urls.push(row.record.url);
      },
      undefined,
    );
    // each 16 KiB piece of text in full groups, then the rest of the piece; then the URL the end of input completes
    const pieces = [687, 668, 144];
    const expected = pieces.flatMap((rows) => [
      ...Array.from({ length: Math.floor(rows / groupSize) }, () => groupSize),
      ...(rows % groupSize === 0 ? [] : [rows % groupSize]),
    ]);
    expect(groups).toEqual([...expected, 1]);
    expect(urls[1499]).toBe('http://host1499.example/');
    expect(result).toMatchObject({ found: 1500, rows: [], notes: [] });
  });
});

describe('a big Markdown file', () => {
  it.each([
    ['UTF-8', (text: string) => Buffer.from(text)],
    ['UTF-16LE with its BOM', (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
  ])('%s: decoded as read, it gives the rows of the file read whole, with context, and lowers the heap setting first', async (_, encode) => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.md');
    const source = readFileSync(path.join(root, 'corpus/markdown/autolinks.md'), 'utf8');
    // past one read and one decoded piece, with a multi-byte character at every alignment
    writeFileSync(file, encode(`${'Caf\u00e9 \u{1f600} text.\n\n'.repeat(7000)}${source}`));
    const options = { as: 'auto' as const, scan: {}, context: 12 };
    const whole = await scanInput({ kind: 'file', name: file, path: file, regular: true }, options);
    expect(whole.rows.length).toBeGreaterThan(3);
    const streamed: unknown[] = [];
    let lowered = 0;
    const result = await streamInput(
      { kind: 'file', name: file, path: file, regular: true },
      { ...options, beforeMarkdown: () => lowered++ },
      async (rows) => {
        streamed.push(...rows);
      },
      undefined,
    );
    expect(streamed).toEqual(whole.rows);
    expect(lowered).toBe(1);
    expect(result.found).toBe(whole.rows.length);
  });

  it('a text file does not lower the heap setting', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.txt');
    writeFileSync(file, 'see http://a.example/\n');
    let lowered = 0;
    await streamInput({ kind: 'file', name: file, path: file, regular: true }, { as: 'auto', scan: {}, context: 0, beforeMarkdown: () => lowered++ }, async () => {}, undefined);
    expect(lowered).toBe(0);
  });
});

describe('--context on a stream', () => {
  it('a streamed file gets the context the whole text gives, in a window of the text', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big.txt');
    const line = `${'filler text, '.repeat(70)}\r\ntext <URL:http://wrapped.exam\n  ple/a> and http://bare.example/b.\n`;
    const text = line.repeat(Math.ceil((streamInputsFrom + 1024) / line.length));
    writeFileSync(file, text);
    const rows: Array<{ start: { offset: number }; end: { offset: number }; context: string }> = [];
    const result = await streamInput(
      { kind: 'file', name: file, path: file, size: text.length },
      { as: 'text', scan: {}, context: 7 },
      async (group) => {
        for (const row of group) rows.push({ start: row.record.start, end: row.record.end, context: row.context ?? '' });
      },
      undefined,
    );
    expect(result.found).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(30_000);
    for (const index of [0, 1, 2, 9_999, rows.length - 2, rows.length - 1]) {
      const row = rows[index] as (typeof rows)[number];
      const expected = text.slice(Math.max(0, row.start.offset - 7), row.end.offset + 7).replace(/\r\n|[\r\n]/g, ' ');
      expect(row.context).toBe(expected);
    }
  });
});

describe('--unique', () => {
  it('keeps the first row of each URL, serialized, and counts the rest, in the order first seen', async () => {
    const { UniqueRows } = await import('../../src/cli/output/unique-rows.js');
    const { scan } = await import('../../src/index.js');
    const unique = new UniqueRows();
    const records = scan('http://b.example/ http://a.example/ <URL:http://b.example/> http://b.example/');
    for (const record of records) unique.add({ record, file: 'f.txt', context: `around ${record.start.offset}` });
    const rows = [...unique.rows()];
    expect(rows).toEqual([
      { record: records[0], file: 'f.txt', context: 'around 0', count: 3 },
      { record: records[1], file: 'f.txt', context: 'around 18', count: 1 },
    ]);
  });
});

describe('standard input streams', () => {
  it('rows of each chunk are written before the next chunk is read', async () => {
    const { code, written } = await runLiveStdin('see http://first.example/ now\n', 'and http://second.example/\n', 'first.example');
    expect(code).toBe(0);
    expect(written).toBe('-:1:5\thttp://first.example/\n-:2:5\thttp://second.example/\n');
  });
});

describe('what the CLI says on standard error', () => {
  const mbox = path.join(root, 'corpus/mail/archive.mbox');

  it('counts problems in the input, and lists them with --stats (messages numbered from 1)', async () => {
    const quiet = await runCli([mbox]);
    expect(quiet.stderr).toBe(`urlsift: ${mbox}: 2 problems in the input, read past (--stats lists them)\n`);
    const listed = await runCli(['--stats', mbox]);
    expect(listed.stderr).toContain(`urlsift: ${mbox}: message 3: a "From " line in a body was not escaped`);
  });

  it('problems in files found by a walk are told in one line at the end, not one line a file', async () => {
    const dir = tempDir();
    const archive = readFileSync(mbox);
    writeFileSync(path.join(dir, 'a.mbox'), archive);
    writeFileSync(path.join(dir, 'b.mbox'), archive);
    writeFileSync(path.join(dir, 'clean.txt'), 'http://clean.example/\n');
    const quiet = await runCli([dir]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('urlsift: 4 problems in the input of 2 files found by a walk or a pattern, read past (--stats lists them)\n');
    const listed = await runCli(['--stats', dir]);
    expect(listed.stderr).toContain(`urlsift: ${path.join(dir, 'b.mbox')}: message 3: a "From " line in a body was not escaped`);
    expect(listed.stderr).not.toContain('found by a walk');
  });

  it('a maildir named on the command line is told about like a file named there; one found by a walk is counted', async () => {
    const dir = tempDir();
    const maildir = path.join(dir, 'box');
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(maildir, sub), { recursive: true });
    writeFileSync(path.join(maildir, 'cur', 'a'), 'Subject: a\n\nhttp://a.example/\n');
    // the first bytes of an xz file: a compressed message that is not read
    writeFileSync(path.join(maildir, 'cur', 'b'), Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04]));
    const named = await runCli([maildir]);
    expect(named.stderr).toBe(`urlsift: ${maildir}: 1 problem in the input, read past (--stats lists them)\n`);
    const walked = await runCli([dir]);
    expect(walked.stderr).toBe('urlsift: 1 problem in the input of 1 file found by a walk or a pattern, read past (--stats lists them)\n');
    const listed = await runCli(['--stats', maildir]);
    expect(listed.stderr).toContain(`urlsift: ${maildir}: message 2: b is compressed with xz, which is not read (gzip is): skipped`);
  });

  it.each([
    ['one message', ['b'], (maildir: string) => `urlsift: ${maildir}: message 2: message file cur/b could not be read (ENOENT): skipped\n`],
    [
      'several messages',
      ['b', 'c'],
      (maildir: string) => `urlsift: ${maildir}: 2 messages could not be read: message 2: message file cur/b could not be read (ENOENT): skipped; message 3: message file cur/c could not be read (ENOENT): skipped\n`,
    ],
  ])('a maildir %s that cannot be read fails as a file that cannot be read does: named, counted, exit 2; the others are read', async (_, broken, said) => {
    const dir = tempDir();
    const maildir = path.join(dir, 'box');
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(maildir, sub), { recursive: true });
    writeFileSync(path.join(maildir, 'cur', 'a'), 'Subject: a\n\nhttp://a.example/\n');
    for (const name of broken) symlinkSync(path.join(dir, 'nowhere'), path.join(maildir, 'cur', name));
    writeFileSync(path.join(maildir, 'cur', 'd'), 'Subject: d\n\nhttp://d.example/\n');
    const { code, stdout, stderr } = await runCli([maildir]);
    expect([code, stderr]).toEqual([2, said(maildir)]);
    expect(stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[1])).toEqual(['http://a.example/', 'http://d.example/']);
    const stats = await runCli(['--stats', maildir]);
    expect(stats.stderr).toMatch(/skipped: 0, failed: 1\n/);
  });

  it('standard input with problems is told about like a file named on the command line', async () => {
    // read as UTF-8, the Latin-1 byte in a header becomes U+FFFD (valid UTF-8): the unescaped `From ` line is the one problem left
    const { stderr } = await runCli([], readFileSync(mbox, 'utf8'));
    expect(stderr).toBe('urlsift: -: 1 problem in the input, read past (--stats lists them)\n');
  });

  // zstd's magic holds no NUL byte: read as text, such a file would give its stray URL-like bytes
  const zstd = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, ...Buffer.from(' http://in.zstd.example/\n')]);
  it('a file compressed by a method that is not read says so, named or on standard input', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'notes.txt.zst');
    writeFileSync(file, zstd);
    const named = await runCli([file]);
    expect([named.code, named.stdout, named.stderr]).toEqual([1, '', `urlsift: ${file}: skipped: compressed with zstd, which is not read (gzip is)\n`]);
    const piped = await spawnCli([], { stdin: zstd });
    expect([piped.stdout, piped.stderr]).toEqual(['', 'urlsift: -: skipped: compressed with zstd, which is not read (gzip is)\n']);
  });

  it('a binary file named on the command line says it was skipped', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'blob.bin');
    writeFileSync(file, new Uint8Array([0, 1, 2, ...Buffer.from(' http://in.binary.example/')]));
    const { code, stdout, stderr } = await runCli([file]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`urlsift: ${file}: skipped: binary (NUL bytes in the first 8 KiB)\n`);
  });
});
