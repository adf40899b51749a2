/**
 * A big mailbox with `--jobs 2`: its messages are scanned by worker threads
 * in batches, and the command writes what `--jobs 1` writes, byte for byte
 * (rows, their order and positions, the notes on standard error), whether
 * the workers write the rows (JSON Lines) or hand back records (other
 * formats, `--stats`), with a message over the size limit, scanned in the
 * main thread, among them.
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

  it('the workers write the JSON Lines rows themselves, in pieces, counted', async () => {
    const options: ScanInputOptions = { as: 'auto', scan: {}, context: 0 };
    const pieces: string[] = [];
    let told = 0;
    const rows: string[] = [];
    const result = await streamInput(
      { kind: 'file', name: 'big.mbox', path: file, size: statSync(file).size, regular: true },
      {
        ...options,
        mailThreads: 2,
        mailJsonRows: async (text, count) => {
          pieces.push(...text);
          told += count;
        },
      },
      async (found) => void rows.push(...found.map((row) => row.record.url)),
      undefined,
    );
    // the oversized message's rows come as records, scanned here; every other row as text from a worker
    expect(rows.every((url) => url.startsWith('http://over.example/'))).toBe(true);
    expect(told).toBeGreaterThan(0);
    expect(pieces.join('').split('\n').length - 1).toBe(told);
    expect(result.found).toBe(told + rows.length);
  }, 120_000);
});
