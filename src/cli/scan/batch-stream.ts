/**
 * The inputs of a run, as they are found, grouped into batches for the
 * scheduler; the other events of the walk (errors, notes, `.urlsiftignore`
 * files) handed to the caller in their turn. When `--jobs` is not given,
 * the number of workers follows the work, so batches are read ahead until
 * the work would pay for every core or the walk ends: a run over a million
 * files starts scanning before the walk is over, with at most that much
 * read ahead.
 */
import { BatchMaker, costPerWorker, defaultJobs, type Batch } from './batches.js';
import type { InputEvent } from '../walk/inputs.js';

export interface InputTotals {
  /** Inputs found so far. */
  inputs: number;
  /** Their bytes on disk, as far as known. */
  bytes: number;
  /** The walk is over: the totals are final. */
  done: boolean;
}

export interface PlannedRun {
  /** Threads to scan with: 1 is the main thread. */
  jobs: number;
  /** Every batch, in order: those read ahead, then the rest as the walk finds them. */
  batches: AsyncIterable<Batch>;
  totals: InputTotals;
}

export interface PlanOptions {
  /** `--jobs`, if given. */
  jobs: number | undefined;
  cores: number;
  /** Called with each event that is not an input, in order. */
  onEvent: (event: Exclude<InputEvent, { kind: 'input' }>) => void | Promise<void>;
}

/** Batches from `events`, and the number of threads to scan them with. */
export async function planRun(events: AsyncIterable<InputEvent>, options: PlanOptions): Promise<PlannedRun> {
  const totals: InputTotals = { inputs: 0, bytes: 0, done: false };
  const maker = new BatchMaker();
  const iterator = events[Symbol.asyncIterator]();
  /** The next batches, or undefined at the end of the walk. */
  const next = async (): Promise<Batch[] | undefined> => {
    for (;;) {
      const step = await iterator.next();
      if (step.done === true) {
        totals.done = true;
        const last = maker.end();
        return last.length > 0 ? last : undefined;
      }
      const event = step.value;
      if (event.kind !== 'input') {
        await options.onEvent(event);
        continue;
      }
      totals.inputs++;
      if (event.input.kind === 'file') totals.bytes += event.input.size ?? 0;
      const closed = maker.add(event.input);
      if (closed.length > 0) return closed;
    }
  };
  // read ahead until the work would keep every core busy, or the walk ends
  const ahead: Batch[] = [];
  const enough = costPerWorker * options.cores;
  let pooledCost = 0;
  let pooledBatches = 0;
  while (options.jobs === undefined ? pooledCost < enough : ahead.length === 0) {
    const batches = await next();
    if (batches === undefined) break;
    for (const batch of batches) {
      ahead.push(batch);
      if (batch.stream !== true) {
        pooledCost += batch.cost;
        pooledBatches++;
      }
    }
  }
  const wanted = options.jobs ?? defaultJobs(ahead, options.cores);
  // no more workers than the cores, nor than the batches they would scan (when all are known)
  const jobs = Math.max(1, Math.min(wanted, options.cores, totals.done ? pooledBatches : Infinity));
  async function* all(): AsyncGenerator<Batch> {
    yield* ahead;
    ahead.length = 0;
    for (let batches = await next(); batches !== undefined; batches = await next()) yield* batches;
  }
  return { jobs, batches: all(), totals };
}
