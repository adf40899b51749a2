/**
 * `--unique`: one row per distinct URL, in the order first seen, with a
 * count. The first row of each URL is kept serialized in large blocks of
 * bytes outside the JavaScript heap, not as objects: four million distinct
 * URLs take their bytes and an index, and never exhaust the heap.
 */
import v8 from 'node:v8';
import type { CliRow } from './cli-row.js';

/** Bytes of one block of serialized rows. */
const blockSize = 16 * 1024 * 1024;

export class UniqueRows {
  /** URL → its index in `counts`, `blocks`, `offsets`. */
  private readonly index = new Map<string, number>();
  private readonly counts: number[] = [];
  /** Where each row's bytes are: block number and offset in it, then length. */
  private readonly places: number[] = [];
  private readonly blocks: Buffer[] = [];
  private used = blockSize;

  get size(): number {
    return this.counts.length;
  }

  add(row: CliRow): void {
    const known = this.index.get(row.record.url);
    if (known !== undefined) {
      this.counts[known] = (this.counts[known] as number) + 1;
      return;
    }
    const bytes = v8.serialize(row);
    if (this.used + bytes.length > blockSize) {
      this.blocks.push(Buffer.allocUnsafe(Math.max(blockSize, bytes.length)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    bytes.copy(this.blocks[block] as Buffer, this.used);
    this.places.push(block, this.used, bytes.length);
    this.used += bytes.length;
    this.index.set(row.record.url, this.counts.length);
    this.counts.push(1);
  }

  /** The rows with their counts, in the order first seen. */
  *rows(): Iterable<CliRow> {
    for (let i = 0; i < this.counts.length; i++) {
      const block = this.blocks[this.places[3 * i] as number] as Buffer;
      const from = this.places[3 * i + 1] as number;
      const row = v8.deserialize(block.subarray(from, from + (this.places[3 * i + 2] as number))) as CliRow;
      row.count = this.counts[i] as number;
      yield row;
    }
  }
}
