/**
 * `--unique`: one row per distinct URL, in the order first seen, with a
 * count. The first row of each URL is serialized and spilled to a temporary
 * file as it comes (in that same order), and read back once at the end:
 * memory holds only the URLs and their counts, so four million distinct URLs
 * neither exhaust the heap nor hold their rows in memory.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { CliRow } from './cli-row.js';

/** Serialized rows are written to the spill file in blocks of about this many bytes. */
const blockSize = 1024 * 1024;

export class UniqueRows {
  /** URL (or, with `--href`, the URI a browser requests) → its index in `counts` and `lengths`. */
  private readonly index = new Map<string, number>();
  private readonly counts: number[] = [];
  /** Bytes of each serialized row, in the spill file's order. */
  private readonly lengths: number[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private spill: { folder: string; descriptor: number } | undefined;

  /** `byHref` (`--href`): rows are one per distinct `href` (a record's URL when it has none), not per URL as written. */
  constructor(private readonly byHref = false) {}

  get size(): number {
    return this.counts.length;
  }

  add(row: CliRow): void {
    const key = this.byHref ? (row.record.href ?? row.record.url) : row.record.url;
    const known = this.index.get(key);
    if (known !== undefined) {
      this.counts[known] = (this.counts[known] as number) + 1;
      return;
    }
    const bytes = v8.serialize(row);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.lengths.push(bytes.length);
    this.index.set(key, this.counts.length);
    this.counts.push(1);
    if (this.pendingBytes >= blockSize) this.flush();
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    if (this.spill === undefined) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-unique-'));
      this.spill = { folder, descriptor: openSync(path.join(folder, 'rows'), 'w+') };
    }
    writeSync(this.spill.descriptor, Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The rows with their counts, in the order first seen; the spill file is removed after the last. */
  *rows(): Iterable<CliRow> {
    if (this.spill === undefined) {
      // nothing spilled: the rows are all still here
      for (let i = 0; i < this.pending.length; i++) yield this.withCount(this.pending[i] as Buffer, i);
      return;
    }
    this.flush();
    const { folder, descriptor } = this.spill;
    try {
      let buffer = Buffer.allocUnsafe(blockSize);
      let filled = 0;
      let used = 0;
      let position = 0;
      for (let i = 0; i < this.lengths.length; i++) {
        const length = this.lengths[i] as number;
        if (filled - used < length) {
          // keep what is left, and read on
          const next = Buffer.allocUnsafe(Math.max(blockSize, length));
          buffer.copy(next, 0, used, filled);
          filled -= used;
          used = 0;
          buffer = next;
          while (filled < length) {
            const read = readSync(descriptor, buffer, filled, buffer.length - filled, position);
            if (read === 0) throw new Error('the spill file of --unique ended early');
            filled += read;
            position += read;
          }
        }
        yield this.withCount(buffer.subarray(used, used + length), i);
        used += length;
      }
    } finally {
      closeSync(descriptor);
      rmSync(folder, { recursive: true, force: true });
      this.spill = undefined;
    }
  }

  /** Remove the spill file, if any (a run that ends before its rows are written). */
  discard(): void {
    if (this.spill === undefined) return;
    closeSync(this.spill.descriptor);
    rmSync(this.spill.folder, { recursive: true, force: true });
    this.spill = undefined;
  }

  private withCount(bytes: Buffer, index: number): CliRow {
    const row = v8.deserialize(bytes) as CliRow;
    row.count = this.counts[index] as number;
    return row;
  }
}
