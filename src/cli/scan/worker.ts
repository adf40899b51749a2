/**
 * A worker thread of the CLI's pool: scans one batch of inputs, or one
 * batch of a big mailbox's messages.
 */
import type { Input } from '../walk/inputs.js';
import { scanInput } from './scan-input.js';
import type { ScanInputOptions, ScanResult } from './scan-result.js';
import type { MessageBatch, MessageBatchResult } from '../../adapters/mail/message-batch.js';

export interface BatchTask {
  inputs: Input[];
  options: ScanInputOptions;
  /** In the main thread: a turn of the event loop between inputs (Ctrl-C is heard), or undefined where none is due. */
  yieldBetween?: () => Promise<void> | undefined;
}

/** A batch of a big mailbox's messages (`mail-threads.ts`). */
export interface MailTask {
  mail: MessageBatch;
  /** The input's name: its rows are written here, as JSON Lines, instead of handed back as records. */
  jsonRowsOf?: string;
}

/** A mail batch's result, with its rows as JSON Lines when they were asked for (its `records` then empty). */
export interface MailTaskResult extends MessageBatchResult {
  json?: { text: string[]; rows: number };
}

/**
 * Rows go back in pieces of about this many characters (`json-row-pieces.ts`):
 * the main thread, which allocates little while workers scan, let some 15 MB
 * of larger ones wait for a full collection.
 */
const jsonPieceSize = 16 * 1024;

export default async function scanBatch(task: BatchTask): Promise<ScanResult[]>;
export default async function scanBatch(task: MailTask): Promise<MailTaskResult>;
export default async function scanBatch(task: BatchTask | MailTask): Promise<ScanResult[] | MailTaskResult> {
  if ('mail' in task) return scanMailTask(task);
  const results: ScanResult[] = [];
  for (const input of task.inputs) {
    const turn = results.length > 0 ? task.yieldBetween?.() : undefined;
    if (turn !== undefined) await turn;
    results.push(await scanInput(input, task.options));
  }
  return results;
}

async function scanMailTask({ mail, jsonRowsOf }: MailTask): Promise<MailTaskResult> {
  const { scanMessageBatch } = await import('../../adapters/mail/message-batch.js');
  const result = await scanMessageBatch(mail);
  if (jsonRowsOf === undefined) return result;
  const { jsonRowPieces } = await import('../output/json-row-pieces.js');
  const text = jsonRowPieces(result.records, jsonRowsOf, jsonPieceSize);
  return { records: [], notes: result.notes, json: { text, rows: result.records.length } };
}
