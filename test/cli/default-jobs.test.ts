/**
 * How many threads scan when `--jobs` is not given: the main thread alone
 * for work a worker would not pay for, else one worker per `costPerWorker`
 * of work, at most the cores; streamed inputs (scanned in the main thread)
 * do not count.
 */
import { describe, expect, it } from 'vitest';
import { costPerWorker, defaultJobs, makeBatches, markdownCostFactor, type Batch } from '../../src/cli/scan/batches.js';
import type { Input } from '../../src/cli/walk/inputs.js';

const MB = 1024 * 1024;

/** Text files of `size` bytes each, `count` of them, batched as the CLI batches them. */
function textFiles(count: number, size: number, extension = '.txt'): Batch[] {
  const inputs: Input[] = Array.from({ length: count }, (_, n) => ({ kind: 'file', name: `f${n}${extension}`, path: `f${n}${extension}`, size }));
  return makeBatches(inputs);
}

describe('defaultJobs', () => {
  it.each([
    // [what, batches, cores, jobs]
    ['no work', [] as Batch[], 8, 1],
    ['a tree of 40 MB of text, on 8 cores', textFiles(2000, 20_000), 8, 1],
    ['work for two workers, on 8 cores', [{ inputs: [], bytes: 0, cost: 2 * costPerWorker }], 8, 2],
    ['work for twenty workers, on 8 cores', [{ inputs: [], bytes: 0, cost: 20 * costPerWorker }], 8, 8],
    ['work for twenty workers, on 1 core', [{ inputs: [], bytes: 0, cost: 20 * costPerWorker }], 1, 1],
    ['a streamed input counts nothing', [{ inputs: [], bytes: 0, cost: 20 * costPerWorker, stream: true }], 8, 1],
  ])('%s', (_, batches, cores, jobs) => {
    expect(defaultJobs(batches, cores)).toBe(jobs);
  });

  it('Markdown counts more than text of the same size (a worker pays off sooner)', () => {
    const size = 2 * MB;
    const count = Math.ceil((4 * costPerWorker) / (markdownCostFactor * size));
    expect(defaultJobs(textFiles(count, size, '.md'), 8)).toBeGreaterThanOrEqual(2);
    expect(defaultJobs(textFiles(count, size, '.txt'), 8)).toBe(1);
  });
});
