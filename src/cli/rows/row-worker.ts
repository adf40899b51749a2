/**
 * The rows' worker thread of a big text input written as JSON Lines
 * (`row-threads.ts`): it takes batches of the scanner's candidates, makes
 * their records (the parse) and their rows, and hands back each batch's
 * rows as bytes (`json-row-bytes.ts`), in the order the batches came.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedScanOptions } from '../../scanner/scan-options.js';
import { warmRows } from '../output/json-row.js';
import { takeWarmUpRecords, warmUp } from '../scan/warm-up.js';
import type { PackedCandidates } from './candidate-batch.js';
import { buffersOf, rowBytesOf, type RowBytes } from './json-row-bytes.js';

/** What the worker is started with. */
export interface RowWorkerData {
  /** The input's name, as rows show it. */
  name: string;
  /** The run's scan options, resolved: the records' filter (`schemes`, `strict`), and the warm-up's options. */
  options: ResolvedScanOptions;
}

/** A batch to make rows of: `id` counts batches from 0. */
export interface RowTask {
  id: number;
  packed: PackedCandidates;
}

/** A batch's rows, or why they could not be made (the main thread then makes them). */
export type RowAnswer = { id: number; rows: RowBytes } | { id: number; error: string };

if (parentPort !== null && workerData !== undefined) {
  const port = parentPort;
  const { name, options } = workerData as RowWorkerData;
  // the parse and the rows see every branch of the warm-up's text before V8 optimizes them (`warm-up.ts`, `warmRows`)
  warmUp({ schemes: options.schemes === undefined ? undefined : [...options.schemes], strict: options.strict, schemeless: options.schemeless, emails: options.emails, hyphen: options.hyphen, maxWrapperLength: options.maxWrapperLength });
  warmRows(takeWarmUpRecords());
  port.on('message', ({ id, packed }: RowTask) => {
    let rows: RowBytes;
    try {
      rows = rowBytesOf(packed, name, options);
    } catch (error) {
      const failed: RowAnswer = { id, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(failed);
      return;
    }
    // the rows' bytes are moved, not copied
    const answer: RowAnswer = { id, rows };
    port.postMessage(answer, buffersOf(rows));
  });
}
