/**
 * The scheduler hands results back in input order, whatever order the
 * threads finish their batches in.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Batch } from '../../src/cli/scan/batches.js';
import type { Input } from '../../src/cli/walk/inputs.js';
import { createScheduler, turnsBetweenInputs } from '../../src/cli/scan/scheduler.js';
import { tempDir } from './cli-helpers.js';

/** `count` batches of one text file each, the n-th holding `http://n.example/`; every third one long, so that batches finish out of order. */
function batchesOf(count: number): Batch[] {
  const dir = tempDir();
  return Array.from({ length: count }, (_, n) => {
    const file = path.join(dir, `${n}.txt`);
    const text = `${n % 3 === 0 ? 'filler without links\n'.repeat(20_000) : ''}see http://${n}.example/\n`;
    writeFileSync(file, text);
    const input: Input = { kind: 'file', name: file, path: file, explicit: true, size: text.length, regular: true };
    return { inputs: [input], bytes: text.length, cost: text.length };
  });
}

describe('scheduler', () => {
  it.each([1, 2, 3])('%i jobs: every batch once, in input order', async (jobs) => {
    const batches = batchesOf(24);
    const scheduler = createScheduler(jobs);
    const urls: string[] = [];
    try {
      for await (const outcome of scheduler.run(batches, { as: 'auto', scan: {}, context: 0 })) {
        if ('results' in outcome) for (const result of outcome.results) for (const row of result.rows) urls.push(row.record.url);
      }
    } finally {
      await scheduler.close();
    }
    expect(urls).toEqual(batches.map((_, n) => `http://${n}.example/`));
  });
});

describe('turns of the event loop between inputs scanned in the main thread', () => {
  it('one when 20 ms went by since the last (or since the batch began), none before', async () => {
    let now = 1000;
    const between = turnsBetweenInputs(() => now);
    // [milliseconds on, a turn taken?]
    const steps: [number, boolean][] = [
      [5, false],
      [10, false],
      [5, true],
      [19, false],
      [1, true],
      [0, false],
      [40, true],
    ];
    for (const [advance, turns] of steps) {
      now += advance;
      const turn = between();
      expect(turn !== undefined).toBe(turns);
      if (turn !== undefined) await turn;
    }
  });
});

describe('signals and work that keeps the main thread busy', () => {
  it('a Ctrl-C that came during synchronous work reaches its handler before the next scan takes the handler away', async () => {
    const [batch] = batchesOf(1);
    let heard = false;
    const listener = () => {
      heard = true;
    };
    process.on('SIGINT', listener);
    let heardBeforeScan: boolean | undefined;
    // as the command's whileBusy: the handler goes while the main thread scans (Ctrl-C then takes its default action)
    const whileBusy = async <T>(work: () => Promise<T>): Promise<T> => {
      heardBeforeScan ??= heard;
      process.removeListener('SIGINT', listener);
      return work();
    };
    try {
      // the signal comes while this thread is busy, as while --unique merges a file's rows
      spawn('sh', ['-c', `sleep 0.2; kill -INT ${process.pid}`], { stdio: 'ignore' });
      const until = Date.now() + 1000;
      while (Date.now() < until);
      const scheduler = createScheduler(1, whileBusy);
      for await (const outcome of scheduler.run([batch as Batch], { as: 'auto', scan: {}, context: 0 })) void outcome;
      await scheduler.close();
    } finally {
      process.removeListener('SIGINT', listener);
    }
    expect(heardBeforeScan).toBe(true);
  });
});
