/**
 * JSON Lines rows of records joined into pieces of about a given size: what
 * a worker hands back to the main thread (a mailbox's batch, a text
 * input's batch of candidates). A string past 128 KiB lands in V8's
 * large-object space, where it waits for a full collection; pieces well
 * under that die young.
 */
import type { UrlRecord } from '../../records/url-record.js';
import { rowOf } from '../scan/scan-result.js';
import { rowJson } from './json-row.js';

/** The JSON Lines rows of `records`, found in the input `name`, in pieces of about `pieceSize` characters (each whole rows). */
export function jsonRowPieces(records: readonly UrlRecord[], name: string, pieceSize: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const record of records) {
    piece += `${rowJson(rowOf(record, name))}\n`;
    if (piece.length < pieceSize) continue;
    pieces.push(piece);
    piece = '';
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
