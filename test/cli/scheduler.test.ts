/**
 * The scheduler hands results back in input order, whatever order the
 * threads finish their batches in.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Batch } from '../../src/cli/scan/batches.js';
import type { Input } from '../../src/cli/walk/inputs.js';
import { createScheduler } from '../../src/cli/scan/scheduler.js';
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
