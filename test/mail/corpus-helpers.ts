/**
 * Helpers of the mail tests: run `scanMail` on a corpus file and project
 * records and notes to the readable rows kept in `*.expected.json`.
 */
import { fileURLToPath } from 'node:url';
import { scanMail, type MailNote, type MailScanOptions } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';

export const corpusDirectory = fileURLToPath(new URL('../../corpus/mail/', import.meta.url));

/** One record as the expected files show it. */
export interface Row {
  message: number;
  messageId?: string;
  mimePart?: string;
  header?: string;
  form: string;
  url: string;
  alternatives?: string[];
  /** `line:column` of start and end (exclusive). */
  start: string;
  end: string;
  /** Byte offsets of start and end in the file. */
  offsets: [number, number];
  position?: 'part';
  raw: string;
  file?: string;
}

export interface NoteRow {
  code: string;
  message?: number;
  mimePart?: string;
}

export function toRow(record: MailRecord): Row {
  const row: Row = {
    message: record.message!.index,
    form: record.form,
    url: record.url,
    start: `${record.start.line}:${record.start.column}`,
    end: `${record.end.line}:${record.end.column}`,
    offsets: [record.start.offset, record.end.offset],
    raw: record.raw,
  };
  if (record.message?.messageId !== undefined) row.messageId = record.message.messageId;
  if (record.mimePart !== undefined) row.mimePart = record.mimePart;
  if (record.header !== undefined) row.header = record.header;
  if (record.alternatives.length > 0) row.alternatives = record.alternatives;
  if (record.position !== undefined) row.position = record.position;
  if (record.file !== undefined) row.file = record.file.slice(corpusDirectory.length);
  // A stable key order, for readable diffs.
  const order = ['message', 'messageId', 'mimePart', 'header', 'form', 'url', 'alternatives', 'start', 'end', 'offsets', 'position', 'raw', 'file'];
  return Object.fromEntries(order.filter((key) => key in row).map((key) => [key, row[key as keyof Row]])) as unknown as Row;
}

export function toNoteRow(note: MailNote): NoteRow {
  const row: NoteRow = { code: note.code };
  if (note.messageIndex !== undefined) row.message = note.messageIndex;
  if (note.mimePart !== undefined) row.mimePart = note.mimePart;
  return row;
}

/** Scan a corpus entry; options as in the expected file. */
export async function scanCorpus(
  input: string,
  options: MailScanOptions = {},
): Promise<{ records: MailRecord[]; notes: MailNote[] }> {
  const notes: MailNote[] = [];
  const records: MailRecord[] = [];
  for await (const record of scanMail(corpusDirectory + input, { ...options, onNote: (note) => notes.push(note) })) {
    records.push(record);
  }
  return { records, notes };
}

/** JSON with one row per line. */
export function formatExpected(value: { input: string; options: object; records: Row[]; notes: NoteRow[] }): string {
  const rows = (list: object[]): string =>
    list.length === 0 ? '[]' : `[\n${list.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]`;
  return `{\n  "input": ${JSON.stringify(value.input)},\n  "options": ${JSON.stringify(value.options)},\n  "records": ${rows(value.records)},\n  "notes": ${rows(value.notes)}\n}\n`;
}
