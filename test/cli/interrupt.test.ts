/**
 * Ctrl-C stops the run and its workers: the command says it was
 * interrupted and ends with exit 130 (or, when a thread is stuck in a
 * system call, by SIGINT's own action, which a shell reports as 130).
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './cli-helpers.js';
import { untilWaitingOnFifo } from './signals.js';

describe('SIGINT', () => {
  it('stops the workers and the run: its own message, exit 130', async () => {
    const tree = tempDir();
    const text = Array.from({ length: 2_000 }, (_, i) => `line ${i} see http://host${i}.example/path`).join('\n');
    for (let i = 0; i < 8; i++) writeFileSync(path.join(tree, `f${i}.txt`), text);
    // after the files, a FIFO nobody writes to: the run cannot end before the signal comes
    const fifo = path.join(tempDir(), 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const child = spawn(process.execPath, [bin, '--jobs', '2', tree, fifo]);
    let stderr = '';
    let rows = 0;
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    const firstRows = new Promise<void>((resolve) =>
      child.stdout.on('data', (data: Buffer) => {
        rows += data.toString().split('\n').length - 1;
        resolve();
      }),
    );
    // ready: the files' rows are out and the run waits on the FIFO
    await firstRows;
    await untilWaitingOnFifo(child.pid as number);
    child.kill('SIGINT');
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    expect(rows).toBeGreaterThan(0);
    expect(stderr).toContain('urlsift: interrupted\n');
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
  });
});
