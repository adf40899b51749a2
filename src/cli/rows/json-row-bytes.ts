/**
 * JSON Lines rows of a batch of candidates, as bytes to write: the UTF-8
 * of the rows, in pieces, each on an `ArrayBuffer` of its own, so that a
 * worker hands them over without a copy and the main thread writes them
 * as they are (it encodes nothing). Made by the rows' worker
 * (`row-worker.ts`), or by the main thread when there is none (a small
 * input, a failed worker).
 */
import type { RecordFilter } from '../../records/create-record.js';
import { beyondAsciiCount } from '../output/json-row.js';
import { jsonRowPieces } from '../output/json-row-pieces.js';
import { recordsOf, type PackedCandidates } from './candidate-batch.js';

/**
 * Rows are joined in strings of about this many characters before they
 * are encoded, one batch's into one buffer (`json-row-pieces.ts`).
 */
export const rowPieceSize = 32 * 1024;

/** A batch's rows: pieces of UTF-8 (one, or none), each the whole of its `ArrayBuffer`, how many rows, and whether they are ASCII only. */
export interface RowBytes {
  pieces: Uint8Array[];
  rows: number;
  ascii: boolean;
}

/**
 * The UTF-8 of `texts`, one after another, on an `ArrayBuffer` of its own
 * (a short text's `Buffer` would share Node's pool). `ascii`: the texts are
 * known to hold only ASCII, their UTF-8 is their Latin-1 (a copy, where
 * measuring and encoding UTF-8 read each character: on the URL-dense file
 * 0.76 G instructions of the worker's 4.65 G).
 */
function utf8Bytes(texts: readonly string[], ascii: boolean): Uint8Array {
  const encoding = ascii ? 'latin1' : 'utf8';
  let length = 0;
  for (const text of texts) length += ascii ? text.length : Buffer.byteLength(text, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const text of texts) at += bytes.write(text, at, encoding);
  return bytes;
}

/** The `ArrayBuffer`s of `rows`' pieces: what a worker hands over without copying. */
export function buffersOf(rows: RowBytes): ArrayBuffer[] {
  return rows.pieces.map((piece) => piece.buffer as ArrayBuffer);
}

/** The JSON Lines rows of `packed`'s records, found in the input `name`. */
export function rowBytesOf(packed: PackedCandidates, name: string, filter: RecordFilter): RowBytes {
  const records = recordsOf(packed, filter);
  // rows made while the count of pieces beyond ASCII stays the same are ASCII only (`json-row.ts`)
  const beyondAsciiBefore = beyondAsciiCount();
  const texts = jsonRowPieces(records, name, rowPieceSize);
  const ascii = beyondAsciiCount() === beyondAsciiBefore;
  const pieces = texts.length === 0 ? [] : [utf8Bytes(texts, ascii)];
  return { pieces, rows: records.length, ascii };
}
