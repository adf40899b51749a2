/**
 * A big mailbox on several cores: the mbox is split where it is read, and
 * its messages are scanned elsewhere (the command's worker threads) in
 * batches, a fixed number of them in flight. What each batch gives (its
 * records, its messages' notes) is taken back in the mbox's order, with the
 * splitter's own notes in their turn between them: the records, their
 * places in the file and the notes are those of a scan in one thread.
 */
import type { MailRecord } from '../../records/url-record.js';
import type { MailNote } from './mail-notes.js';
import { resolveMailOptions, type MailScanOptions, type ResolvedMailOptions } from './mail-options.js';
import type { Holes, SplitMessage } from './mbox-splitter.js';
import { inBatches, scanMessage, type MessageModule } from './split-message-scan.js';

/** A message of a batch: where its bytes lie in the batch's buffer, and where it lies in the file. */
export interface BatchedMessage {
  index: number;
  start: number;
  end: number;
  fileOffset: number;
  fileLine: number;
  unescapedLines: number[];
  unescapedOffsets: number[];
  holes?: Holes;
}

/** The options a batch is scanned with: `scanMail`'s, without `onNote` (notes come back with the records). */
export type MessageBatchOptions = Omit<MailScanOptions, 'onNote'>;

/** Messages to scan elsewhere, as plain data: their bytes in one buffer of their own (which may be moved to the thread that scans them). */
export interface MessageBatch {
  bytes: Uint8Array;
  messages: BatchedMessage[];
  options: MessageBatchOptions;
}

/** What a batch gave: its records in order, and each message's notes. */
export interface MessageBatchResult {
  records: MailRecord[];
  notes: MailNote[][];
}

/** Scans batches of messages elsewhere. */
export interface MessageRunner<Result extends MessageBatchResult = MessageBatchResult> {
  run(batch: MessageBatch): Promise<Result>;
  /**
   * A batch's result as it is taken back, in order, after its notes and
   * before its records are handed on: for a caller that takes what a batch
   * gives some other way too (the command writes rows a worker wrote).
   */
  taken?(result: Result): void | Promise<void>;
  /** Batches handed out and not yet taken back, at most. */
  inFlight: number;
  /** A batch closes once its messages hold this many bytes. */
  batchBytes: number;
}

/** The options last resolved, by their JSON: a worker scans every batch of a run with the same. */
let resolved: { key: string; options: ResolvedMailOptions } | undefined;

function resolvedOptions(options: MessageBatchOptions): ResolvedMailOptions {
  const key = JSON.stringify(options);
  if (resolved?.key !== key) resolved = { key, options: resolveMailOptions(options) };
  return resolved.options;
}

let messageModule: MessageModule | undefined;

/** Scan a batch (in a worker thread). */
export async function scanMessageBatch(batch: MessageBatch): Promise<MessageBatchResult> {
  const options = resolvedOptions(batch.options);
  messageModule ??= await import('./message-records.js');
  const buffer = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  const records: MailRecord[] = [];
  const notes: MailNote[][] = [];
  for (const { index, start, end, fileOffset, fileLine, unescapedLines, unescapedOffsets, holes } of batch.messages) {
    const own: MailNote[] = [];
    const message: SplitMessage = { type: 'message', index, bytes: buffer.subarray(start, end), fileOffset, fileLine, unescapedLines, unescapedOffsets };
    if (holes !== undefined) message.holes = holes;
    for (const group of scanMessage(messageModule, message, options, (note) => void own.push(note), undefined)) for (const record of group) records.push(record);
    notes.push(own);
  }
  return { records, notes };
}

/** A step of the mbox, in order: a note of the splitter's, or the `message`th message of its batch. */
type Step = { note: MailNote } | { message: number };

/** A batch handed out: its steps, and what it will give (or why it could not be scanned, caught at once). */
interface Handed {
  steps: Step[];
  messages: BatchedMessage[];
  result: Promise<MessageBatchResult | { failed: unknown }> | undefined;
}

/**
 * The splitting side: messages gathered into batches, handed to `runner`,
 * taken back in order. `add` and `finish` hand back records as the batches
 * they wait for are done: a caller that takes them as they come holds at
 * most `runner.inFlight` batches.
 */
export class BatchedScan {
  private steps: Step[] = [];
  private parts: Buffer[] = [];
  private messages: BatchedMessage[] = [];
  private size = 0;
  private readonly handed: Handed[] = [];

  constructor(
    private readonly runner: MessageRunner,
    private readonly options: MessageBatchOptions,
    private readonly emit: (note: MailNote) => void,
  ) {}

  /** A note of the splitter's: told in its turn, after the messages before it. */
  note(note: MailNote): void {
    if (this.handed.length === 0 && this.steps.length === 0) this.emit(note);
    else this.steps.push({ note });
  }

  /** Add a message; once its batch is full, hand it out, after taking back (and handing on the records of) those that leave no room for it. */
  async *add(message: SplitMessage): AsyncGenerator<MailRecord[]> {
    const { index, bytes, fileOffset, fileLine, unescapedLines, unescapedOffsets, holes } = message;
    const batched: BatchedMessage = { index, start: this.size, end: this.size + bytes.length, fileOffset, fileLine, unescapedLines, unescapedOffsets };
    if (holes !== undefined) batched.holes = holes;
    this.steps.push({ message: this.messages.length });
    this.messages.push(batched);
    this.parts.push(bytes);
    this.size += bytes.length;
    if (this.size < this.runner.batchBytes) return;
    // room for this batch first: never more than `inFlight` handed out
    yield* this.takeBack(Math.max(0, this.runner.inFlight - 1));
    this.handOut();
  }

  /** Every batch's records and notes, in order (before a message scanned here, and at the end). */
  async *finish(): AsyncGenerator<MailRecord[]> {
    yield* this.takeBack(Math.max(0, this.runner.inFlight - 1));
    this.handOut();
    yield* this.takeBack(0);
  }

  private handOut(): void {
    if (this.steps.length === 0) return;
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
    }
    const batch: MessageBatch = { bytes, messages: this.messages, options: this.options };
    // a batch of notes only is not handed out; a failure is caught at once (a rejection left waiting would end the process)
    const result = this.messages.length === 0 ? undefined : this.runner.run(batch).catch((error: unknown) => ({ failed: error }));
    this.handed.push({ steps: this.steps, messages: this.messages, result });
    this.steps = [];
    this.parts = [];
    this.messages = [];
    this.size = 0;
  }

  /** Take back batches, in order, until at most `keep` are in flight. */
  private async *takeBack(keep: number): AsyncGenerator<MailRecord[]> {
    while (this.handed.length > keep) {
      const { steps, messages, result } = this.handed.shift() as Handed;
      const done = result === undefined ? undefined : await result;
      // the thread that scanned it failed (it ran out of memory, it was stopped): what came before stays, the scan ends here
      if (done !== undefined && 'failed' in done) throw new Error(`messages ${(messages[0]?.index ?? 0) + 1} to ${(messages.at(-1)?.index ?? 0) + 1} could not be scanned: ${describe(done.failed)}`);
      for (const step of steps) {
        if ('note' in step) this.emit(step.note);
        else for (const note of done?.notes[step.message] ?? []) this.emit(note);
      }
      if (done === undefined) continue;
      await this.runner.taken?.(done);
      yield* inBatches(done.records);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
