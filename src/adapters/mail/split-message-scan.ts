/**
 * The records of what the mbox splitter hands on: a whole message (read as
 * MIME), or the chunks of one over the size limit (read as plain text as
 * they stream by), each record at its place in the file. Used where the
 * mbox is split (`scan-mail.ts`) and, for a big mailbox the command scans
 * on several cores, in the worker threads that scan its messages in
 * batches (`message-batch.ts`).
 */
import { createMailRecord } from '../../records/create-record.js';
import { Scanner } from '../../scanner/scanner.js';
import type { MailRecord, UrlRecord } from '../../records/url-record.js';
import type { SourcePlace } from '../../source-map/source-map.js';
import { countAtOrBelow } from '../../source-map/search.js';
import { findField, readHeaderBlock } from './header-block.js';
import { messageNamed } from './message-name.js';
import type { MailNote, MailNoteCode } from './mail-notes.js';
import type { ResolvedMailOptions } from './mail-options.js';
import type { OversizedChunk, SplitMessage } from './mbox-splitter.js';
import type { Locator } from './message-records.js';

/** The MIME modules, loaded with the first message. */
export type MessageModule = typeof import('./message-records.js');

/** Bytes of an oversized message decoded and scanned at once. */
const oversizedPiece = 64 * 1024;

/** Records handed on together at most: a batch holds what a few pieces of text complete, never a whole big message. */
const batchSize = 256;

/** `records` in batches of at most `batchSize`, each handed on as soon as it is full. */
export function* inBatches(records: Iterable<MailRecord>): Generator<MailRecord[]> {
  let batch: MailRecord[] = [];
  for (const record of records) {
    batch.push(record);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * `inBatches` of records that come in groups (`messageRecords`): the same
 * batches. A group that starts a batch and fits in it becomes the batch
 * (the groups are the caller's to keep).
 */
export function* groupsInBatches(groups: Iterable<MailRecord[]>): Generator<MailRecord[]> {
  let batch: MailRecord[] = [];
  for (const group of groups) {
    if (batch.length === 0 && group.length < batchSize) {
      batch = group;
      continue;
    }
    for (const record of group) {
      batch.push(record);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** Records of one whole message, as they are found, in groups (`messageRecords`; `groupsInBatches` makes batches of them). */
export function* scanMessage(
  { messageRecords, messageSubject }: MessageModule,
  message: SplitMessage,
  options: ResolvedMailOptions,
  emit: (note: MailNote) => void,
  file: string | undefined,
): Generator<MailRecord[]> {
  const note = (code: MailNoteCode, text: string, mimePart?: string): void => {
    const entry: MailNote = { code, message: text, messageIndex: message.index };
    if (mimePart) entry.mimePart = mimePart;
    emit(entry);
  };
  const input = { bytes: message.bytes, index: message.index, locator: messageLocator(message), options, note };
  // where the records handed on so far end in the file
  let reached = -1;
  try {
    for (const records of messageRecords(file === undefined ? input : { ...input, file })) {
      for (const record of records) reached = Math.max(reached, record.end.offset);
      yield records;
    }
  } catch (error) {
    // A safety net: bad input must never stop the scan. What was found stays; the rest is read as plain text.
    note('message-unreadable', `message could not be read as MIME (${String(error)}): scanned as plain text`);
    const chunk: OversizedChunk = { type: 'oversized', index: message.index, fileOffset: message.fileOffset, fileLine: message.fileLine, bytes: message.bytes, first: true, last: true };
    const rest: MailRecord[] = [];
    for (const record of new OversizedScan(chunk, options, file, messageSubject).write(chunk)) if (record.start.offset >= reached) rest.push(record);
    if (rest.length > 0) yield rest;
  }
}

/**
 * Positions in the file for places in a message: the bytes and lines of
 * the bodies let go before them added (a message over the limit), its first
 * line and offset added, and one more column and byte on lines that lost a
 * `>` (mboxrd).
 */
function messageLocator(message: SplitMessage): Locator {
  const { fileOffset, fileLine, unescapedLines, unescapedOffsets, holes } = message;
  return {
    point(place: SourcePlace) {
      let { line, offset } = place;
      if (holes !== undefined) {
        const hole = countAtOrBelow(holes.at, offset) - 1;
        if (hole >= 0) {
          offset += holes.bytes[hole] as number;
          line += holes.lines[hole] as number;
        }
      }
      const shifted = unescapedLines.length > 0 && countAtOrBelow(unescapedLines, line) > countAtOrBelow(unescapedLines, line - 1);
      return {
        line: fileLine + line,
        column: place.column + (shifted ? 1 : 0),
        offset: fileOffset + offset + countAtOrBelow(unescapedOffsets, offset),
      };
    },
  };
}

/**
 * A message whose text is over the size limit (or unreadable as MIME),
 * scanned as plain UTF-8 text as it streams by, its chunks each a piece of
 * the file (bodies let go between them).
 */
export class OversizedScan {
  private readonly scanner;
  private readonly decoder = new TextDecoder('utf-8');
  private messageId: string | undefined;
  private subject: string | undefined;
  /** Units decoded and lines begun so far (1-based: the line of the next unit). */
  private units = 0;
  private lines = 1;
  /** Where each chunk's text starts: in the text scanned, and in the file. */
  private readonly marks = { unit: [] as number[], line: [] as number[], fileOffset: [] as number[], fileLine: [] as number[] };

  constructor(
    private readonly first: OversizedChunk,
    private readonly options: ResolvedMailOptions,
    private readonly file: string | undefined,
    messageSubject: MessageModule['messageSubject'],
  ) {
    this.scanner = new Scanner(options.scan);
    const header = readHeaderBlock(first.bytes, 0, first.bytes.length, 0);
    this.messageId = findField(first.bytes, header, 'message-id')?.replace(/\s+/g, '');
    this.subject = messageSubject(first.bytes, header);
  }

  /** Records completed by `chunk`, as each piece of it is scanned: a chunk of any size holds only a piece's records at once. */
  *write(chunk: OversizedChunk): Generator<MailRecord> {
    const { bytes } = chunk;
    this.marks.unit.push(this.units);
    this.marks.line.push(this.lines);
    this.marks.fileOffset.push(chunk.fileOffset);
    this.marks.fileLine.push(chunk.fileLine);
    for (let at = 0; at < bytes.length; at += oversizedPiece) {
      const piece = bytes.subarray(at, Math.min(bytes.length, at + oversizedPiece));
      for (const record of this.scanner.write(this.decoded(this.decoder.decode(piece, { stream: true })))) yield this.finish(record);
    }
    if (chunk.last) {
      for (const record of this.scanner.write(this.decoded(this.decoder.decode()))) yield this.finish(record);
      for (const record of this.scanner.end()) yield this.finish(record);
    }
  }

  /** Count what was decoded, and hand it on. */
  private decoded(text: string): string {
    this.units += text.length;
    for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', lf + 1)) this.lines++;
    return text;
  }

  /** The point in the file of a point of the text scanned. */
  private place(point: { line: number; column: number; offset: number }): { line: number; column: number; offset: number } {
    const { unit, line, fileOffset, fileLine } = this.marks;
    const mark = Math.max(0, countAtOrBelow(unit, point.offset) - 1);
    return {
      line: (fileLine[mark] as number) + point.line - (line[mark] as number),
      column: point.column,
      offset: (fileOffset[mark] as number) + point.offset - (unit[mark] as number),
    };
  }

  /** The scanner's record at its place in the file, with the mail fields. */
  private finish(record: UrlRecord): MailRecord {
    const { index } = this.first;
    const message = messageNamed(index, this.messageId, this.subject);
    return createMailRecord(record, record.raw, this.place(record.start), this.place(record.end), {
      message,
      file: this.file,
      mimePart: undefined,
      header: undefined,
      position: undefined,
    });
  }
}
