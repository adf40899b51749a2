/**
 * A big mailbox scanned on several cores (`--jobs 2` and up): the main
 * thread reads and splits it, worker threads scan its messages in batches
 * (`message-batch.ts` in the mail adapter), and the rows are written in the
 * mailbox's order. Without `--jobs`, or with `--jobs 1`, it is scanned in the
 * main thread alone: the workers cost about 100 MB more memory and a quarter
 * more CPU in all, which pays only where cores are free.
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

/** Message batches scanned by worker threads, and how to stop them. */
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

/** Start `threads` workers for a mailbox's messages; with `jsonRows`, they write its rows. */
export async function startMailThreads(threads: number, jsonRows?: JsonRows): Promise<MailThreads> {
  const { Piscina } = await import('piscina');
  setWorkerFlags();
  const pool: Piscina = new Piscina({ filename: workerUrl().href, minThreads: threads, maxThreads: threads, resourceLimits: workerLimits });
  const task = (batch: MessageBatch): MailTask => (jsonRows === undefined ? { mail: batch } : { mail: batch, jsonRowsOf: jsonRows.name });
  const runner: MessageRunner<MailTaskResult> = {
        // the batch's bytes are moved, not copied: the main thread lets them go at once
    run: (batch) => pool.run(task(batch), { transferList: [batch.bytes.buffer as ArrayBuffer] }) as Promise<MailTaskResult>,
    inFlight: threads * batchesPerWorker,
    batchBytes: mailBatchBytes,
  };
  if (jsonRows !== undefined) runner.taken = async (result) => {
    if (result.json !== undefined) await jsonRows.write(result.json.text, result.json.rows);
  };
  return { runner, close: () => pool.destroy() };
}
