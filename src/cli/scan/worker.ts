/**
 * A worker thread of the CLI's pool: scans one batch of inputs.
 */
import type { Input } from '../walk/inputs.js';
import { scanInput } from './scan-input.js';
import type { ScanInputOptions, ScanResult } from './scan-result.js';

export interface BatchTask {
  inputs: Input[];
  options: ScanInputOptions;
  /** In the main thread: a turn of the event loop between inputs (Ctrl-C is heard). */
  yieldBetween?: () => Promise<void>;
}

export default async function scanBatch(task: BatchTask): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  for (const input of task.inputs) {
    if (results.length > 0) await task.yieldBetween?.();
    results.push(await scanInput(input, task.options));
  }
  return results;
}
