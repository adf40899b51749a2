/**
 * A big mailbox scanned on several cores (`--jobs N`, N ≥ 2): the main
 * thread reads and splits it, N - 1 worker threads and the main thread scan
 * its messages in batches (`message-batch.ts` in the mail adapter), and the
 * rows are written in the mailbox's order. Without `--jobs`, or with
 * `--jobs 1`, it is scanned in the main thread alone: a worker costs some
 * 45 MB more memory and, with the work of handing batches over, about a
 * sixth more CPU in all, which pays only where a core is free.
 */
import type { Piscina } from 'piscina';
import type { MessageBatch, MessageRunner } from '../../adapters/mail/message-batch.js';
import type { MailTask, MailTaskResult } from './worker.js';
import { setWorkerFlags } from '../start-flags.js';
import { workerUrl } from './scheduler.js';

/** A mailbox at least this big is scanned on several cores when `--jobs` asks for them (a smaller one is not streamed, and is one input of a batch). */
export const mailThreadsFrom = 16 * 1024 * 1024;

/** A batch of messages closes at this many bytes. */
export const mailBatchBytes = 256 * 1024;

/** Batches in flight per worker: one being scanned, one waiting, while the main thread writes the rows of another. */
const batchesPerWorker = 2;

/**
 * A mail worker's young generation: a batch's records live only until its
 * rows are written. On 40 MB of the bench's mbox with two workers, 8 MB
 * took the process to a peak of 207 MB against 233 MB with 16 and 271 MB
 * with 48, for the same CPU within 5%.
 */
const workerLimits = { maxYoungGenerationSizeMb: 8 };

/** Message batches scanned by worker threads and the main thread, and how to stop the workers. */
export interface MailThreads {
  runner: MessageRunner<MailTaskResult>;
  close(): Promise<void>;
}

/**
 * The rows of a mailbox written by the workers, as JSON Lines: the main
 * thread then only reads, splits and writes (the rows of JSON Lines are the
 * records alone, and those that cross between threads as text cost a
 * fraction of records that cross as objects).
 */
export interface JsonRows {
  /** The input's name, as rows show it. */
  name: string;
  /** Called with each batch's rows, in order, in pieces; `rows` is how many. */
  write(text: readonly string[], rows: number): Promise<void>;
}

/**
 * Scan a mailbox's messages on `threads` threads: the main thread and
 * `threads - 1` workers. A batch goes to a worker unless every worker has
 * one waiting already: then the main thread scans it itself, between
 * splitting and writing (it takes the share its other work leaves it,
 * whatever the load). With `jsonRows`, the workers write their rows.
 */
export async function startMailThreads(threads: number, jsonRows?: JsonRows): Promise<MailThreads> {
  const { Piscina } = await import('piscina');
  const { scanMessageBatch } = await import('../../adapters/mail/message-batch.js');
  setWorkerFlags();
  const workers = Math.max(1, threads - 1);
  const pool: Piscina = new Piscina({ filename: workerUrl().href, minThreads: workers, maxThreads: workers, resourceLimits: workerLimits });
  const task = (batch: MessageBatch): MailTask => (jsonRows === undefined ? { mail: batch } : { mail: batch, jsonRowsOf: jsonRows.name });
  let remote = 0;
  const runner: MessageRunner<MailTaskResult> = {
    run: async (batch) => {
      if (remote >= workers * batchesPerWorker) return scanMessageBatch(batch);
      remote++;
      try {
        // the batch's bytes are moved, not copied: the main thread lets them go at once
        return (await pool.run(task(batch), { transferList: [batch.bytes.buffer as ArrayBuffer] })) as MailTaskResult;
      } finally {
        remote--;
      }
    },
    inFlight: threads * batchesPerWorker,
    batchBytes: mailBatchBytes,
  };
  if (jsonRows !== undefined) runner.taken = async (result) => {
    if (result.json !== undefined) await jsonRows.write(result.json.text, result.json.rows);
  };
  return { runner, close: () => pool.destroy() };
}
