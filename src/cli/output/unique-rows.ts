/**
 * `--unique`: one row per distinct URL, in the order first seen, with a
 * count. The first row of each URL is serialized and spilled to a temporary
 * file as it comes (in that same order), and read back once at the end:
 * memory holds only the URLs and their counts, so millions of distinct URLs
 * neither exhaust the heap nor hold their rows in memory.
 *
 * - The spill file is made in the temporary folder under a name of its own
 *   and removed from it as soon as it is open, the next system call: the
 *   file lives on through its descriptor and the system frees it when the
 *   process ends, however it ends (SIGTERM, Ctrl-C, a crash). Where an open
 *   file cannot be removed (Windows), it is removed when the run ends.
 * - The URLs are held in several maps, a new one begun when one is full:
 *   a V8 `Map` holds at most 2^24 entries, and one map stopped the run past
 *   16,777,216 distinct URLs. What remains is the heap: each distinct URL
 *   is held once (about 100 bytes with its count), so the default heap of
 *   about 4 GB holds some 30 million; `node --max-old-space-size=…` more.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { CliRow } from './cli-row.js';

/** Serialized rows are written to the spill file in blocks of about this many bytes. */
const blockSize = 1024 * 1024;

/** URLs in one map at most: half of V8's limit on a `Map`'s entries (2^24). */
export const defaultShardSize = 1 << 23;

/** Numbers kept in blocks of typed arrays: no array of millions of elements is ever copied to grow. */
class Numbers {
  private static readonly block = 1 << 16;
  private readonly blocks: Uint32Array[] = [];
  length = 0;

  push(value: number): void {
    const at = this.length % Numbers.block;
    if (at === 0) this.blocks.push(new Uint32Array(Numbers.block));
    (this.blocks[this.blocks.length - 1] as Uint32Array)[at] = value;
    this.length++;
  }

  get(index: number): number {
    return (this.blocks[Math.floor(index / Numbers.block)] as Uint32Array)[index % Numbers.block] as number;
  }

  add(index: number, value: number): void {
    (this.blocks[Math.floor(index / Numbers.block)] as Uint32Array)[index % Numbers.block]! += value;
  }
}

/** URL → its index, in maps of at most `shardSize` URLs each. */
class UrlIndex {
  readonly shards: Array<Map<string, number>> = [new Map()];

  constructor(private readonly shardSize: number) {}

  get(url: string): number | undefined {
    for (const shard of this.shards) {
      const index = shard.get(url);
      if (index !== undefined) return index;
    }
    return undefined;
  }

  set(url: string, index: number): void {
    let last = this.shards[this.shards.length - 1] as Map<string, number>;
    if (last.size >= this.shardSize) {
      last = new Map();
      this.shards.push(last);
    }
    last.set(url, index);
  }
}

export class UniqueRows {
  /** URL (or, with `--href`, the URI a browser requests) → its index in `counts` and `lengths`. */
  private readonly index: UrlIndex;
  private readonly counts = new Numbers();
  /** Bytes of each serialized row, in the spill file's order. */
  private readonly lengths = new Numbers();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The spill file's descriptor, and its name while that still has to be removed. */
  private spill: { descriptor: number; file: string | undefined } | undefined;

  /**
   * @param byHref `--href`: rows are one per distinct `href` (a record's URL when it has none), not per URL as written.
   * @param shardSize URLs in one map at most (smaller in tests, to reach several maps).
   */
  constructor(
    private readonly byHref = false,
    shardSize = defaultShardSize,
  ) {
    this.index = new UrlIndex(shardSize);
  }

  get size(): number {
    return this.counts.length;
  }

  /** How many maps hold the URLs. */
  get shards(): number {
    return this.index.shards.length;
  }

  /** Have rows gone to the spill file? */
  get spilled(): boolean {
    return this.spill !== undefined;
  }

  add(row: CliRow): void {
    const key = this.byHref ? (row.record.href ?? row.record.url) : row.record.url;
    const known = this.index.get(key);
    if (known !== undefined) {
      this.counts.add(known, 1);
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
    if (this.spill === undefined) this.spill = openSpill();
    writeSync(this.spill.descriptor, Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The rows with their counts, in the order first seen; the spill file is closed (and removed, if it still is there) after the last, or when the caller stops. */
  *rows(): Iterable<CliRow> {
    if (this.spill === undefined) {
      // nothing spilled: the rows are all still here
      for (let i = 0; i < this.pending.length; i++) yield this.withCount(this.pending[i] as Buffer, i);
      return;
    }
    this.flush();
    const { descriptor } = this.spill;
    try {
      let buffer = Buffer.allocUnsafe(blockSize);
      let filled = 0;
      let used = 0;
      let position = 0;
      for (let i = 0; i < this.lengths.length; i++) {
        const length = this.lengths.get(i);
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
      this.discard();
    }
  }

  /** Close the spill file, and remove it if it is still there (a run that ends before its rows are written). */
  discard(): void {
    if (this.spill === undefined) return;
    closeSync(this.spill.descriptor);
    if (this.spill.file !== undefined) rmSync(this.spill.file, { force: true });
    this.spill = undefined;
  }

  private withCount(bytes: Buffer, index: number): CliRow {
    const row = v8.deserialize(bytes) as CliRow;
    row.count = this.counts.get(index);
    return row;
  }
}

/**
 * A spill file, open for reading and writing, already gone from the
 * temporary folder where the system lets an open file be removed: nothing is
 * left behind however the process ends.
 */
function openSpill(): { descriptor: number; file: string | undefined } {
  // a name no other run has: opened only if it does not exist (`wx+`)
  const file = path.join(os.tmpdir(), `urlsift-unique-${process.pid}-${randomBytes(8).toString('hex')}`);
  const descriptor = openSync(file, 'wx+');
  try {
    unlinkSync(file);
    return { descriptor, file: undefined };
  } catch {
    // an open file that cannot be removed (Windows): removed at the end
    return { descriptor, file };
  }
}
