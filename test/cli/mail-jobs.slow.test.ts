/**
 * A big mailbox with `--jobs 2`: its messages are scanned in batches by a
 * worker thread and the main thread, and the command writes what `--jobs 1`
 * writes, byte for byte (rows, their order and positions, the notes on
 * standard error), whether the worker writes its rows (JSON Lines) or hands
 * back records (other formats, `--stats`, URL filters), with a message over
 * the size limit, scanned in the main thread, among them.
 */
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamInput } from '../../src/cli/scan/stream-input.js';
import { mailThreadsFrom } from '../../src/cli/scan/mail-threads.js';
import type { ScanInputOptions } from '../../src/cli/scan/scan-result.js';
import { generatedMbox } from '../mail/generated-mbox.js';
import { runCli, tempDir } from './cli-helpers.js';

const postmark = 'From sender@example.org Mon Jan  1 00:00:00 2024\n';

/** A message over `maxMessageSize` (32 MiB): long lines, a URL on each. */
function oversizedMessage(): string {
  const line = (i: number) => `${'filler '.repeat(140)}http://over.example/${i}\n`;
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size <= 33 * 1024 * 1024; i++) {
    lines.push(line(i));
    size += lines[i]!.length;
  }
  return `${postmark}Subject: over the limit\n\n${lines.join('')}\n`;
}

describe('a big mailbox on two cores', () => {
  const folder = tempDir();
  const file = path.join(folder, 'big.mbox');
  const part = generatedMbox(1);
  const copies = Math.ceil(mailThreadsFrom / part.length) + 1;
  // the oversized message between two halves of the rest: batches before it are all written first
  const half = Buffer.concat(Array.from({ length: Math.ceil(copies / 2) }, () => part));
  writeFileSync(file, Buffer.concat([half, Buffer.from(oversizedMessage()), half]));

  it.each([
    [['--format', 'jsonl']],
    [['--format', 'csv', '--stats']],
    [['--format', 'jsonl', '--exclude-url', 'http://big.example/1*']],
  ])('%j: --jobs 2 writes what --jobs 1 writes', async (flags) => {
    const one = await runCli(['--jobs', '1', ...flags, file], undefined, { cores: 2 });
    const two = await runCli(['--jobs', '2', ...flags, file], undefined, { cores: 2 });
    expect(one.stdout.length).toBeGreaterThan(1_000_000);
    expect(two.code).toBe(one.code);
    // the notes (each problem of the input, with --stats), not the summary's times
    const notes = (stderr: string) => stderr.split('\n').filter((line) => line.includes('big.mbox'));
    expect(notes(one.stderr).length).toBeGreaterThan(0);
    expect(notes(two.stderr)).toEqual(notes(one.stderr));
    expect(two.stdout === one.stdout).toBe(true);
  }, 120_000);

  it('the worker writes its rows as JSON Lines, the main thread hands on its own as records, in the order of one thread', async () => {
    const options: ScanInputOptions = { as: 'auto', scan: {}, context: 0 };
    const input = { kind: 'file', name: 'big.mbox', path: file, size: statSync(file).size, regular: true } as const;
    /** The URLs of the rows, in the order they were handed on, however they came. */
    const scanned = async (threads: number) => {
      const urls: string[] = [];
      let written = 0;
      const result = await streamInput(
        input,
        {
          ...options,
          mailThreads: threads,
          mailJsonRows: async (text, count) => {
            const lines = text.join('').split('\n').slice(0, -1);
            expect(lines.length).toBe(count);
            for (const line of lines) urls.push((JSON.parse(line) as { url: string }).url);
            written += count;
          },
        },
        async (rows) => void urls.push(...rows.map((row) => row.record.url)),
        undefined,
      );
      expect(result.found).toBe(urls.length);
      return { urls, written };
    };
    const one = await scanned(1);
    const two = await scanned(2);
    expect(one.written).toBe(0);
    // a worker wrote rows (and the main thread scanned at least the message over the limit)
    expect(two.written).toBeGreaterThan(0);
    expect(two.written).toBeLessThan(two.urls.length);
    expect(two.urls).toEqual(one.urls);
  }, 120_000);
});
