/**
 * JSON Lines rows of a batch of candidates, as bytes to write: the UTF-8
 * of the rows, in pieces, each on an `ArrayBuffer` of its own, so that a
 * worker hands them over without a copy and the main thread writes them
 * as they are (it encodes nothing). Made by the rows' worker
 * (`row-worker.ts`), or by the main thread when there is none (a small
 * input, a failed worker).
 */
import type { RecordFilter } from '../../records/create-record.js';
import { rowJson } from '../output/json-row.js';
import { rowOf } from '../scan/scan-result.js';
import { recordsOf, type PackedCandidates } from './candidate-batch.js';

/**
 * Rows are joined in strings of about this many characters before they
 * are encoded, one batch's into one buffer: a string past 128 KiB lands in
 * V8's large-object space (see `scan/worker.ts`).
 */
export const rowPieceSize = 32 * 1024;

/** A batch's rows: pieces of UTF-8 (one, or none), each the whole of its `ArrayBuffer`, and how many rows. */
export interface RowBytes {
  pieces: Uint8Array[];
  rows: number;
}

/** The UTF-8 of `texts`, one after another, on an `ArrayBuffer` of its own (a short text's `Buffer` would share Node's pool). */
function utf8Bytes(texts: readonly string[]): Uint8Array {
  let length = 0;
  for (const text of texts) length += Buffer.byteLength(text, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const text of texts) at += bytes.write(text, at, 'utf8');
  return bytes;
}

/** The `ArrayBuffer`s of `rows`' pieces: what a worker hands over without copying. */
export function buffersOf(rows: RowBytes): ArrayBuffer[] {
  return rows.pieces.map((piece) => piece.buffer as ArrayBuffer);
}

/** The JSON Lines rows of `packed`'s records, found in the input `name`. */
export function rowBytesOf(packed: PackedCandidates, name: string, filter: RecordFilter): RowBytes {
  const records = recordsOf(packed, filter);
  const texts: string[] = [];
  let piece = '';
  for (const record of records) {
    piece += `${rowJson(rowOf(record, name))}\n`;
    if (piece.length < rowPieceSize) continue;
    texts.push(piece);
    piece = '';
  }
  if (piece !== '') texts.push(piece);
  const pieces = texts.length === 0 ? [] : [utf8Bytes(texts)];
  return { pieces, rows: records.length };
}
