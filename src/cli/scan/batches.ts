/**
 * Inputs grouped into batches for the workers: small files together (one
 * message per batch instead of one per file), a streamed input alone. Batches
 * are cut by estimated cost, not size alone: parsing Markdown costs far more
 * per byte than scanning text, and even batches keep every worker busy.
 * Sizes come with the inputs (the walk or the command line looked at each
 * file once): nothing is looked at again here.
 */
import path from 'node:path';
import type { Input } from '../walk/inputs.js';
import { isStreamed } from './stream-input.js';

export interface Batch {
  inputs: Input[];
  /** Bytes on disk, as far as known. */
  bytes: number;
  /** Estimated cost, in bytes of plain text. */
  cost: number;
  /** One streamed input, scanned in the main thread with its rows written as they come. */
  stream?: boolean;
}

/** A batch closes at this many files… */
export const maxBatchFiles = 64;
/** …or at this cost (bytes of plain text, or their equivalent). */
export const maxBatchCost = 2 * 1024 * 1024;
/**
 * A byte of Markdown costs about this many bytes of plain text: it is read
 * as Markdown first (our unit reader, remark for what it does not model).
 * Measured with one thread: `corpus/large/markdown`, 7.7 MB, 2.7 s; the 55
 * MB of `corpus/large/text`, 2.7 s; its HTML alone, 20 MB, 1.7 s.
 */
export const markdownCostFactor = 10;
/** What opening and reading a file costs beyond its bytes, in bytes of plain text. */
const perFileCost = 4096;

const markdownName = /^\.(md|markdown|mdx)$/i;

function costOf(input: Input, size: number): number {
  if (input.kind === 'file' && markdownName.test(path.extname(input.name))) return size * markdownCostFactor + perFileCost;
  return size + perFileCost;
}

export function sizeOf(input: Input): number {
  return input.kind === 'file' ? (input.size ?? 0) : 0;
}

/** Groups inputs, in order, into batches as they come. */
export class BatchMaker {
  private current: Batch = { inputs: [], bytes: 0, cost: 0 };

  /** Add `input`; returns the batches it closes (none, one, or two: the one before a streamed input, and that input's). */
  add(input: Input): Batch[] {
    const closed: Batch[] = [];
    const size = sizeOf(input);
    // standard input is always streamed: it may never end (`tail -f log | urlsift`)
    if (isStreamed(input)) {
      this.close(closed);
      closed.push({ inputs: [input], bytes: size, cost: size, stream: true });
      return closed;
    }
    const cost = costOf(input, size);
    const current = this.current;
    if (current.inputs.length > 0 && (current.inputs.length >= maxBatchFiles || current.cost + cost > maxBatchCost)) this.close(closed);
    this.current.inputs.push(input);
    this.current.bytes += size;
    this.current.cost += cost;
    return closed;
  }

  /** The last batch, if any input is left. */
  end(): Batch[] {
    const closed: Batch[] = [];
    this.close(closed);
    return closed;
  }

  private close(into: Batch[]): void {
    if (this.current.inputs.length > 0) into.push(this.current);
    this.current = { inputs: [], bytes: 0, cost: 0 };
  }
}

/** Group `inputs`, in order, into batches. */
export function makeBatches(inputs: readonly Input[]): Batch[] {
  const maker = new BatchMaker();
  const batches: Batch[] = [];
  for (const input of inputs) batches.push(...maker.add(input));
  batches.push(...maker.end());
  return batches;
}

/**
 * Work (in cost units) below which a worker does not pay for itself: each
 * worker thread starts its own copy of V8's compiled code and warms it up
 * again, about 1.5 s of CPU for the Markdown reader, the HTML tokenizer and
 * the scanner. On the 2,000-file tree (92 M units, 3.1 s in one thread) and
 * on twice that tree (184 M, 4.9 s), two workers on two cores took as long
 * or longer than the main thread alone, with 2 s more CPU and twice the
 * memory. About 5 s of one thread's work.
 */
export const costPerWorker = 192 * 1024 * 1024;

/**
 * How many threads scan when `--jobs` is not given: one (the main thread)
 * for work a single thread does in a few seconds, else one worker per
 * `costPerWorker` of work, at most `cores`.
 */
export function defaultJobs(batches: readonly Batch[], cores: number): number {
  let cost = 0;
  for (const batch of batches) if (batch.stream !== true) cost += batch.cost;
  return Math.max(1, Math.min(cores, Math.floor(cost / costPerWorker)));
}
