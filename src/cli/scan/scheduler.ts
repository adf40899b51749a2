/**
 * Runs batches in the main thread (`--jobs 1`) or in a pool of worker threads
 * (piscina), and hands results back in input order whatever order they finish
 * in. At most a few batches per worker are in flight, so memory stays bounded.
 * An input that must be streamed (all of them with `--context`, and a gzip
 * file that may inflate past what is read whole) is handed back to be
 * streamed in the main thread, in its turn.
 */
import { existsSync } from 'node:fs';
import type { Piscina } from 'piscina';
import { sizeOf, type Batch } from './batches.js';
import type { Input } from '../walk/inputs.js';
import type { ScanInputOptions, ScanResult } from './scan-result.js';
import scanBatch from './worker.js';
import { setWorkerFlags } from '../start-flags.js';

/** The compiled worker, as the build bundles it (dist/cli-bundle/, one file and the chunks it shares with the command) or else as tsc left it: the same paths from src/cli and dist/cli. */
export function workerUrl(): URL {
  const bundled = new URL('../../../dist/cli-bundle/worker.js', import.meta.url);
  return existsSync(bundled) ? bundled : new URL('../../../dist/cli/scan/worker.js', import.meta.url);
}

/** A batch's outcome: its results, or, for a streamed batch, the batch for the caller to stream. */
export type BatchOutcome = { results: ScanResult[]; batch: Batch } | { stream: Batch };

export interface Scheduler {
  /** The outcome of each batch, in order; batches may come as they are made (a walk in progress). */
  run(batches: Iterable<Batch> | AsyncIterable<Batch>, options: ScanInputOptions): AsyncIterable<BatchOutcome>;
  /** Stop the workers (after a run, or on Ctrl-C). */
  close(): Promise<void>;
}

/** A batch whose worker died: each of its inputs reported as failed, the run goes on. */
function failed(batch: Batch, error: unknown): ScanResult[] {
  const reason = error instanceof Error ? error.message : String(error);
  return batch.inputs.map((input) => ({
    name: input.name,
    rows: [],
    found: 0,
    bytes: 0,
    notes: [],
    error: `${input.name}: worker failed: ${reason}`,
  }));
}

/** A batch of one input, streamed in the main thread. */
function streamed(input: Input, batch: Batch): Batch {
  const bytes = batch.inputs.length === 1 ? batch.bytes : sizeOf(input);
  return { inputs: [input], bytes, cost: bytes, stream: true };
}

/**
 * Each input of `batch` streamed on its own: with `--context`, a row leaves
 * as soon as the text after its URL is read, instead of every row of a file
 * waiting, with its context, for the file to end.
 */
function streamEach(batch: Batch): BatchOutcome[] {
  return batch.inputs.map((input) => ({ stream: streamed(input, batch) }));
}

/**
 * A scanned batch's outcomes, in order: its results, with each input that
 * asked to be streamed instead (`ScanResult.restream`: gzip data that may
 * inflate past what is read whole) handed back to be streamed in its turn.
 */
function outcomes(batch: Batch, results: ScanResult[]): BatchOutcome[] {
  if (!results.some((result) => result.restream === true)) return [{ results, batch }];
  const out: BatchOutcome[] = [];
  let from = 0;
  const upTo = (to: number) => {
    if (to > from) {
      const inputs = batch.inputs.slice(from, to);
      const bytes = inputs.reduce((sum, input) => sum + sizeOf(input), 0);
      out.push({ results: results.slice(from, to), batch: { inputs, bytes, cost: bytes } });
    }
  };
  results.forEach((result, index) => {
    if (result.restream !== true) return;
    upTo(index);
    out.push({ stream: streamed(batch.inputs[index] as Input, batch) });
    from = index + 1;
  });
  upTo(results.length);
  return out;
}

/** A turn of the event loop: Ctrl-C (a signal handler) and other events get their say. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Between the inputs of a batch scanned in the main thread, a turn of the
 * event loop once this many milliseconds have gone by since the last: a
 * turn costs some 35 µs of a cold run (2,584 documents: 90 ms), most
 * documents take less to scan, and an abort is still heard within a few
 * tens of milliseconds.
 */
const turnEveryMs = 20;

/** Turns between inputs, at most one every `turnEveryMs` of `clock` (milliseconds). */
export function turnsBetweenInputs(clock: () => number = () => performance.now()): () => Promise<void> | undefined {
  let last = clock();
  return () => {
    const now = clock();
    if (now - last < turnEveryMs) return undefined;
    last = now;
    return turn();
  };
}

/**
 * Turns enough that a signal that came during synchronous work (`--unique`
 * merging a file's rows) reaches its handler before `whileBusy` takes the
 * handler away: after one turn it may still wait for the next poll of the
 * event loop, and be lost with the handler (Ctrl-C was not heard at all).
 */
const turnsForSignals = async (): Promise<void> => {
  await turn();
  await turn();
};

/** Runs work that keeps the main thread busy (see `CliIo.whileBusy`). */
export type WhileBusy = <T>(work: () => Promise<T>) => Promise<T>;

const directly: WhileBusy = (work) => work();

function inProcess(whileBusy: WhileBusy): Scheduler {
  return {
    async *run(batches, options) {
      for await (const batch of batches) {
        await turnsForSignals();
        if (batch.stream) yield { stream: batch };
        else if (options.context > 0) yield* streamEach(batch);
        else yield* outcomes(batch, await whileBusy(() => scanBatch({ inputs: batch.inputs, options, yieldBetween: turnsBetweenInputs() })));
      }
    },
    close: async () => {},
  };
}

/**
 * A worker's young generation: V8's default (48 MB) makes the Markdown
 * parser, which allocates hundreds of megabytes of short-lived objects per
 * megabyte of input, collect every few milliseconds. Twice that cuts the
 * time a worker spends collecting by about a third (a run over 2,000 files
 * with two jobs: 7.9 → 7.3 s), for about 35 MB more memory per worker.
 */
const workerLimits = { maxYoungGenerationSizeMb: 96 };

function pooled(jobs: number): Scheduler {
  // Started on the first batch a worker scans (never before the inputs are
  // known and the number of workers fixed): a run of only streamed inputs
  // (a big mailbox, standard input) starts no thread.
  let pool: Promise<Piscina> | undefined;
  const started = (): Promise<Piscina> =>
    (pool ??= import('piscina').then(({ Piscina }) => {
      setWorkerFlags();
      return new Piscina({ filename: workerUrl().href, minThreads: jobs, maxThreads: jobs, resourceLimits: workerLimits });
    }));
  return {
    async *run(batches, options) {
      const inFlight: Array<Promise<BatchOutcome[]>> = [];
      const source = (Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]()) as
        | AsyncIterator<Batch>
        | Iterator<Batch>;
      let done = false;
      const limit = jobs * 4;
      const submit = async () => {
        while (!done && inFlight.length < limit) {
          const next = await source.next();
          if (next.done === true) {
            done = true;
            break;
          }
          const batch = next.value;
          if (batch.stream) {
            inFlight.push(Promise.resolve([{ stream: batch }]));
            continue;
          }
          if (options.context > 0) {
            inFlight.push(Promise.resolve(streamEach(batch)));
            continue;
          }
          const pending = started()
            .then((workers) => workers.run({ inputs: batch.inputs, options }) as Promise<ScanResult[]>)
            .then(
              (results) => outcomes(batch, results),
              (error: unknown) => [{ results: failed(batch, error), batch }],
            );
          inFlight.push(pending);
        }
      };
      await submit();
      while (inFlight.length > 0) {
        const batchOutcomes = await (inFlight.shift() as Promise<BatchOutcome[]>);
        await submit();
        yield* batchOutcomes;
      }
    },
    close: async () => {
      if (pool !== undefined) await (await pool).destroy();
    },
  };
}

/** One job: the main thread; more: that many worker threads. */
export function createScheduler(jobs: number, whileBusy: WhileBusy = directly): Scheduler {
  return jobs <= 1 ? inProcess(whileBusy) : pooled(jobs);
}
