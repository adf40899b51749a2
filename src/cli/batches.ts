/**
 * Inputs grouped into batches for the workers: small files together (one
 * message per batch instead of one per file), a big file alone.
 */
import { stat } from 'node:fs/promises';
import type { Input } from './inputs.js';

export interface Batch {
  inputs: Input[];
  /** Bytes on disk, as far as known. */
  bytes: number;
}

/** A batch closes at this many files… */
export const maxBatchFiles = 64;
/** …or this many bytes. */
export const maxBatchBytes = 4 * 1024 * 1024;

export async function sizeOf(input: Input): Promise<number> {
  if (input.kind !== 'file') return 0;
  try {
    return (await stat(input.path)).size;
  } catch {
    return 0;
  }
}

/** Group `inputs`, in order, into batches. */
export async function makeBatches(inputs: readonly Input[]): Promise<Batch[]> {
  const sizes = await Promise.all(inputs.map(sizeOf));
  const batches: Batch[] = [];
  let current: Batch = { inputs: [], bytes: 0 };
  inputs.forEach((input, index) => {
    const size = sizes[index] ?? 0;
    if (current.inputs.length > 0 && (current.inputs.length >= maxBatchFiles || current.bytes + size > maxBatchBytes)) {
      batches.push(current);
      current = { inputs: [], bytes: 0 };
    }
    current.inputs.push(input);
    current.bytes += size;
  });
  if (current.inputs.length > 0) batches.push(current);
  return batches;
}
