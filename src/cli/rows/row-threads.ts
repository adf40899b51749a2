/**
 * A text input written as JSON Lines on two threads: the main thread reads,
 * decodes and scans, and gathers the scanner's candidates in compact
 * batches (`candidate-batch.ts`); a worker thread (`row-worker.ts`) makes
 * their records and rows and hands back the rows' bytes, which the main
 * thread writes in the input's order. The same bytes as one thread.
 *
 * - A small input makes no worker: until `workerFrom` characters of text
 *   are scanned (a file known to be big: from the start) the main thread
 *   makes each batch's rows itself, with the same code.
 * - At most `batchesInFlight` batches wait for their rows: memory stays
 *   bounded whatever the input's length; the main thread waits for the
 *   oldest when the worker is behind.
 * - A batch is kept until its rows are written: should the worker fail (an
 *   error, an exit), the main thread makes the rows of every batch still
 *   waiting and of those after, and nothing found is lost.
 * - A live input (standard input, a FIFO) sends its candidates at the end
 *   of each piece of text it reads, and rows are written as they come back.
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { decodeChunks } from '../../decode/decode-chunks.js';
import { resolveScanOptions, type ResolvedScanOptions, type ScanOptions } from '../../scanner/scan-options.js';
import { Scanner } from '../../scanner/scanner.js';
import { CandidateBatch, type PackedCandidates } from './candidate-batch.js';
import { rowBytesOf, type RowBytes } from './json-row-bytes.js';
import type { RowAnswer, RowTask, RowWorkerData } from './row-worker.js';

/** A batch closes at this many candidates (256 to 4,096 measured alike on the URL-dense file)… */
export const batchCandidates = 256;
/** …or this many characters of their text. */
export const batchCharacters = 128 * 1024;
/** Batches sent and not yet written, at most. */
export const batchesInFlight = 4;
/** Characters of text scanned before a worker is started, for an input not known to be big (standard input, a FIFO). */
export const workerFrom = 1024 * 1024;

/**
 * The worker's young generation: a batch's records live only until its
 * rows are made, and most of the worker's work makes garbage (on the
 * URL-dense file, with 8 MB, the mail workers' setting, the collector was
 * the largest item of the worker's profile; 48 MB took less CPU than that
 * and than V8's default: bench/NOTES.md).
 */
const workerLimits = { maxYoungGenerationSizeMb: 48 };

/** The row worker, as the build bundles it (dist/cli-bundle/) or else as tsc left it: the same paths from src/cli and dist/cli. */
export function rowWorkerUrl(): URL {
  const bundled = new URL('../../../dist/cli-bundle/row-worker.js', import.meta.url);
  return existsSync(bundled) ? bundled : new URL('../../../dist/cli/rows/row-worker.js', import.meta.url);
}

/** Where a batch's rows go: pieces of UTF-8, how many rows, and whether they are ASCII only (`json-row-bytes.ts`). */
export type WriteRowBytes = (pieces: readonly Uint8Array[], rows: number, ascii: boolean) => Promise<void>;

export interface JsonRowsOptions {
  /** The input's name, as rows show it. */
  name: string;
  scan: ScanOptions;
  /** Characters of text after which a worker starts (0: at once; `Infinity`: never, all rows made here). */
  workerFrom: number;
  /** A live input: candidates are sent at the end of each piece of text read. */
  live: boolean;
  /** Starts the worker (tests start one that fails). */
  startWorker?: (data: RowWorkerData) => Worker;
}

interface Pending {
  id: number;
  packed: PackedCandidates;
  rows?: RowBytes;
}

/** Batches in order, their rows made by a worker or here, written in order. */
class RowPipe {
  private readonly pending: Pending[] = [];
  private nextId = 0;
  private worker: Worker | undefined;
  private workerFailed = false;
  /** The writes, one after another. */
  private writing: Promise<void> = Promise.resolve();
  private writeError: { error: unknown } | undefined;
  /** Called when a batch's rows come back or the worker fails. */
  private wake: (() => void) | undefined;

  constructor(
    private readonly name: string,
    private readonly filter: ResolvedScanOptions,
    private readonly write: WriteRowBytes,
  ) {}

  /** Has a worker been started (or tried)? */
  get workerTried(): boolean {
    return this.worker !== undefined || this.workerFailed;
  }

  /** Start the worker; when none can be started, the rows are made here. */
  start(make: () => Worker): void {
    let worker: Worker;
    try {
      worker = make();
    } catch {
      this.workerFailed = true;
      return;
    }
    this.worker = worker;
    worker.on('message', (answer: RowAnswer) => this.answered(answer));
    worker.on('error', () => this.failed());
    worker.on('exit', () => this.failed());
  }

  /** Hand a batch on; resolves once fewer than `batchesInFlight` batches wait for their rows to be written. */
  async send(packed: PackedCandidates): Promise<void> {
    const batch: Pending = { id: this.nextId++, packed };
    this.pending.push(batch);
    if (this.worker !== undefined) {
      const task: RowTask = { id: batch.id, packed };
      this.worker.postMessage(task);
    } else {
      batch.rows = this.rowsHere(packed);
    }
    this.drain();
    await this.waitUntil(batchesInFlight - 1);
  }

  /** Every batch's rows written; the worker stopped. */
  async finish(): Promise<void> {
    try {
      await this.waitUntil(0);
    } finally {
      await this.stop();
    }
  }

  /** Wait until at most `most` batches wait for their rows to be written (a failed write throws here). */
  private async waitUntil(most: number): Promise<void> {
    for (;;) {
      await this.writing;
      this.checkWrite();
      if (this.pending.length <= most) return;
      if (this.pending[0]?.rows !== undefined) {
        // written by a drain already under way, or about to be
        this.drain();
        continue;
      }
      // the next answer (or the worker's failure) drains and wakes
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Stop the worker (its answers are no longer wanted). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    worker.removeAllListeners();
    await worker.terminate();
  }

  private rowsHere(packed: PackedCandidates): RowBytes {
    return rowBytesOf(packed, this.name, this.filter);
  }

  private answered(answer: RowAnswer): void {
    const batch = this.pending.find((waiting) => waiting.id === answer.id);
    if (batch !== undefined && batch.rows === undefined) batch.rows = 'rows' in answer ? answer.rows : this.rowsHere(batch.packed);
    this.drain();
  }

  /** The worker failed: the batches it held get their rows here, and so do the batches after. */
  private failed(): void {
    const worker = this.worker;
    if (worker === undefined) return;
    this.worker = undefined;
    this.workerFailed = true;
    worker.removeAllListeners();
    worker.on('error', () => {});
    void worker.terminate();
    for (const batch of this.pending) if (batch.rows === undefined) batch.rows = this.rowsHere(batch.packed);
    this.drain();
  }

  /** Write the rows ready at the head, in order, after the writes before. */
  private drain(): void {
    this.writing = this.writing.then(async () => {
      while (this.writeError === undefined) {
        const head = this.pending[0];
        if (head?.rows === undefined) break;
        try {
          await this.write(head.rows.pieces, head.rows.rows, head.rows.ascii);
        } catch (error) {
          this.writeError = { error };
        }
        this.pending.shift();
      }
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
  }

  private checkWrite(): void {
    if (this.writeError !== undefined) throw this.writeError.error;
  }
}

/**
 * Scan `chunks` (bytes or text, decoded as a text file's) and write its
 * rows as JSON Lines through `write`: the same rows, in the same order, as
 * the scanner's records written by `rowJson`.
 */
export async function scanToJsonRows(chunks: AsyncIterable<Uint8Array | string>, options: JsonRowsOptions, write: WriteRowBytes): Promise<void> {
  const resolved = resolveScanOptions(options.scan);
  const batch = new CandidateBatch();
  const scanner = new Scanner(resolved, batch.factory);
  const pipe = new RowPipe(options.name, resolved, write);
  const startWorker = options.startWorker ?? ((data: RowWorkerData) => new Worker(rowWorkerUrl(), { workerData: data, resourceLimits: workerLimits }));
  let scanned = 0;
  /** Start the worker once the text scanned passes `workerFrom` (a big file: before its first chunk, so that the worker loads while the main thread scans). */
  const startIfDue = () => {
    if (pipe.workerTried || scanned < options.workerFrom) return;
    pipe.start(() => startWorker({ name: options.name, options: resolved }));
  };
  const send = async () => {
    if (batch.count === 0) return;
    startIfDue();
    await pipe.send(batch.take());
  };
  startIfDue();
  try {
    for await (const text of decodeChunks(chunks, { sniff: true })) {
      scanned += text.length;
      scanner.write(text);
      if (options.live || batch.count >= batchCandidates || batch.textLength >= batchCharacters) await send();
    }
    scanner.end();
    await send();
    await pipe.finish();
  } finally {
    await pipe.stop();
  }
}
