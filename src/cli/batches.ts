/**
 * Inputs grouped into batches for the workers: small files together (one
 * message per batch instead of one per file), a big file alone. Batches are
 * cut by estimated cost, not size alone: parsing Markdown costs far more per
 * byte than scanning text, and even batches keep every worker busy.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Input } from './inputs.js';
import type { ScanInputOptions } from './scan-input.js';
import { isStreamable } from './stream-input.js';

export interface Batch {
  inputs: Input[];
  /** Bytes on disk, as far as known. */
  bytes: number;
  /** Estimated cost, in bytes of plain text. */
  cost: number;
  /** One big text or mail file, scanned in the main thread with its records written as they come. */
  stream?: boolean;
}

/** A batch closes at this many files… */
export const maxBatchFiles = 64;
/** …or at this cost (bytes of plain text, or their equivalent). */
export const maxBatchCost = 2 * 1024 * 1024;
/** A byte of Markdown costs about this many bytes of plain text (remark parses it first). */
const markdownCostFactor = 40;

function costOf(input: Input, size: number): number {
  if (input.kind === 'file' && /^\.(md|markdown|mdx)$/i.test(path.extname(input.name))) return size * markdownCostFactor;
  return size;
}

export async function sizeOf(input: Input): Promise<number> {
  if (input.kind !== 'file') return 0;
  if (input.size !== undefined) return input.size;
  try {
    return (await stat(input.path)).size;
  } catch {
    return 0;
  }
}

/** Group `inputs`, in order, into batches. */
export async function makeBatches(inputs: readonly Input[], options: ScanInputOptions): Promise<Batch[]> {
  const sizes = await Promise.all(inputs.map(sizeOf));
  const streamable = await Promise.all(inputs.map((input, index) => isStreamable(input, sizes[index] ?? 0, options)));
  const batches: Batch[] = [];
  let current: Batch = { inputs: [], bytes: 0, cost: 0 };
  const close = () => {
    if (current.inputs.length > 0) batches.push(current);
    current = { inputs: [], bytes: 0, cost: 0 };
  };
  inputs.forEach((input, index) => {
    const size = sizes[index] ?? 0;
    // standard input is always streamed: it may never end (`tail -f log | urlsift`)
    if (streamable[index] || (input.kind === 'stdin' && input.chunks !== undefined)) {
      close();
      batches.push({ inputs: [input], bytes: size, cost: size, stream: true });
      return;
    }
    const cost = costOf(input, size);
    if (current.inputs.length > 0 && (current.inputs.length >= maxBatchFiles || current.cost + cost > maxBatchCost)) close();
    current.inputs.push(input);
    current.bytes += size;
    current.cost += cost;
  });
  close();
  return batches;
}
