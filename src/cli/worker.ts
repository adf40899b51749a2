/**
 * A worker thread of the CLI's pool: scans one batch of inputs.
 */
import type { Input } from './inputs.js';
import { scanInput } from './scan-input.js';
import type { ScanInputOptions, ScanResult } from './scan-input.js';

export interface BatchTask {
  inputs: Input[];
  options: ScanInputOptions;
}

export default async function scanBatch(task: BatchTask): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  for (const input of task.inputs) results.push(await scanInput(input, task.options));
  return results;
}
