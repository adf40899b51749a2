/**
 * `scanMail`: the URLs of an mbox, a single message (.eml) or a maildir
 * folder, as an async iterable of records, message by message.
 *
 * An mbox is read as a stream; memory follows the largest message (up to
 * `maxMessageSize`), not the file. Arguments are checked at once; the MIME
 * modules and their libraries (libmime, iconv-lite, htmlparser2 for HTML parts) are
 * loaded with the first message, so `import { scan } from 'urlsift'` stays
 * light.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressionHeadSize, compressionOf, unreadCompression } from '../../decode/compressed-input.js';
import { gunzipChunks } from '../../decode/gunzip.js';
import { checkChunk } from '../../decode/decode-chunks.js';
import { peekStream } from '../../decode/peek-stream.js';
import { createMailRecord } from '../../records/create-record.js';
import { Scanner } from '../../scanner/scanner.js';
import type { MailRecord, UrlRecord } from '../../records/url-record.js';
import { findField, readHeaderBlock } from './header-block.js';
import { messageNamed } from './message-name.js';
import { loneCarriageReturnsAsLineFeeds } from './line-endings.js';
import { isMaildir, maildirContents } from './maildir.js';
import type { MailNote, MailNoteCode } from './mail-notes.js';
import {
  checkMailInput,
  resolveMailOptions,
  type MailInput,
  type MailScanOptions,
  type ResolvedMailOptions,
} from './mail-options.js';
import type { SourcePlace } from '../../source-map/source-map.js';
import { countAtOrBelow } from '../../source-map/search.js';
import { splitMbox, type OversizedChunk, type SplitMessage } from './mbox-splitter.js';
import type { Locator } from './message-records.js';
import { startsLikeMbox } from './postmark.js';

type MessageModule = typeof import('./message-records.js');

/** Bytes of an oversized message decoded and scanned at once. */
const oversizedPiece = 64 * 1024;

/** Left-out maildir entries named one by one; past this many, counted. */
const leftOutNamed = 20;

/** A mail file up to this size is read at once; a bigger one, as a stream. */
const wholeFileSize = 1 << 20;

/** Bytes looked at to tell an mbox (a byte order mark, then `From `, then a sender). */
const mboxTestSize = 9;

/** What `scanMail` reads: a path (mbox, .eml or maildir folder), bytes, or a stream of chunks. */
export type { MailInput } from './mail-options.js';

/**
 * Find the URLs in mail. A string or `URL` is a path: a maildir folder (with
 * `cur/` and `new/`; the maildirs nested in it too unless `nested` is false),
 * or a file that is an mbox when its first line starts
 * with `From `, else one message. Bytes and streams are told apart the same
 * way. Records come message by message, each message's in order (headers,
 * then parts), with `message: {index, messageId}` (index 0-based) and
 * `mimePart`. Problems in the input go to `onNote`; they never throw.
 * Throws `TypeError` at once on invalid options or input type; a path that
 * cannot be read, or a folder that is no maildir, rejects during iteration.
 */
export function scanMail(input: MailInput, options?: MailScanOptions): AsyncIterable<MailRecord> {
  const batches = scanMailBatches(input, options);
  return (async function* () {
    for await (const batch of batches) yield* batch;
  })();
}

/**
 * `scanMail`'s records in batches (of at most `batchSize`, as they are
 * found): each record handed through a chain of async generators costs a
 * promise at each link, so inside the adapter, and for the CLI, records go
 * in batches (a maildir's records took a third more CPU than an mbox's).
 */
export function scanMailBatches(input: MailInput, options?: MailScanOptions): AsyncIterable<MailRecord[]> {
  const resolved = resolveMailOptions(options);
  checkMailInput(input);
  if (typeof input === 'string' || input instanceof URL) {
    return scanPath(typeof input === 'string' ? input : fileURLToPath(input), resolved);
  }
  if (input instanceof Uint8Array) return scanSource(once(input), resolved, 0, undefined);
  return scanSource(asBytes(input as AsyncIterable<Uint8Array | string>), resolved, 0, undefined);
}

/** Records handed on together at most: a batch holds what a few pieces of text complete, never a whole big message. */
const batchSize = 256;

/** `records` in batches of at most `batchSize`, each handed on as soon as it is full. */
function* inBatches(records: Iterable<MailRecord>): Generator<MailRecord[]> {
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

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function* asBytes(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) {
    checkChunk(chunk);
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  }
}

async function* scanPath(path: string, options: ResolvedMailOptions): AsyncGenerator<MailRecord[]> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    const source = await openMailFile(path, (code, message) => options.onNote?.({ code, message }));
    if (source !== undefined) yield* scanSource(source, options, 0, undefined);
    return;
  }
  if (!isMaildir(path)) throw new Error(`Not a maildir (no cur/ and new/ folders): ${path}`);
  const { messages, leftOut } = await maildirContents(path, options.nested);
  for (const entry of leftOut.slice(0, leftOutNamed)) {
    options.onNote?.({ code: 'maildir-left-out', message: `${relative(path, entry.path)} left out: ${entry.reason}`, file: entry.path });
  }
  if (leftOut.length > leftOutNamed) {
    options.onNote?.({ code: 'maildir-left-out', message: `${leftOut.length - leftOutNamed} more entries of this maildir left out`, file: path });
  }
  const counter = { next: 0 };
  for (const file of messages) {
    const index = counter.next;
    try {
      const note = (code: MailNoteCode, message: string): void => options.onNote?.({ code, message, messageIndex: index, file });
      const source = await openMailFile(file, note);
      if (source !== undefined) yield* scanSource(source, options, index, file, counter);
      else counter.next = Math.max(counter.next, index + 1);
    } catch (error) {
      // one message that cannot be read does not lose the others
      const message = `message file ${relative(path, file)} could not be read (${describe(error)}): skipped`;
      options.onNote?.({ code: 'unreadable-file', message, messageIndex: index, file });
      counter.next = Math.max(counter.next, index + 1);
    }
  }
}

/**
 * The bytes of the mail file at `path`: as they are, or decompressed when
 * the file is gzip (Dovecot's compressed maildir messages, told by their
 * first bytes as Dovecot tells them; positions then count the decompressed
 * message). A file compressed by another method is noted and not read
 * (`undefined`).
 */
async function openMailFile(path: string, note: (code: MailNoteCode, message: string) => void): Promise<AsyncIterable<Uint8Array> | undefined> {
  // a small file (a maildir's message, most often) is read whole at once: a read of a few KiB costs less than the round trips of a stream
  const descriptor = openSync(path, 'r');
  let bytes: Buffer;
  let whole: boolean;
  try {
    const size = fstatSync(descriptor).size;
    whole = size <= wholeFileSize;
    bytes = Buffer.allocUnsafe(whole ? size : compressionHeadSize);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(descriptor, bytes, read, bytes.length - read, read);
      if (got === 0) break;
      read += got;
    }
    bytes = bytes.subarray(0, read);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  if (whole) closeSync(descriptor);
  const compression = compressionOf(bytes.subarray(0, compressionHeadSize));
  if (compression !== undefined && compression !== 'gzip') {
    if (!whole) closeSync(descriptor);
    note('compressed-message', `${basename(path)} is ${unreadCompression(compression)}: skipped`);
    return undefined;
  }
  const source = whole ? once(bytes) : createReadStream(path, { fd: descriptor, start: 0, highWaterMark: 1 << 16 });
  if (compression === 'gzip') return gunzipChunks(source, (reason) => note('compressed-message', `${basename(path)}: ${reason}`));
  return source;
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : String(error);
}

async function* scanSource(
  source: AsyncIterable<Uint8Array>,
  options: ResolvedMailOptions,
  firstIndex: number,
  file: string | undefined,
  counter?: { next: number },
): AsyncGenerator<MailRecord[]> {
  const { head, all } = await peekStream(loneCarriageReturnsAsLineFeeds(source), mboxTestSize);
  const mbox = startsLikeMbox(head);
  // a message over the limit keeps its text and lets its attachments go (`mime-pruner.ts`, loaded with the MIME modules)
  const { MimePruner } = await import('./mime-pruner.js');
  let messageModule: MessageModule | undefined;
  const emit = (note: MailNote): void => {
    if (file !== undefined) note.file = file;
    options.onNote?.(note);
  };
  let oversized: OversizedScan | undefined;
  const split = { mode: mbox ? 'mbox' : 'single', maxMessageSize: options.maxMessageSize, firstIndex, pruner: () => new MimePruner() } as const;
  for await (const event of splitMbox(all, split)) {
    if (counter) counter.next = event.index + 1;
    if (event.type === 'note') {
      emit({ code: event.code, message: event.message, messageIndex: event.index });
    } else if (event.type === 'message') {
      messageModule ??= await import('./message-records.js');
      yield* inBatches(scanMessage(messageModule, event, options, emit, file));
    } else {
      if (event.first) {
        emit({
          code: 'message-too-large',
          message: `message whose text is larger than maxMessageSize (${options.maxMessageSize} bytes) without its attachments: scanned as plain text`,
          messageIndex: event.index,
        });
        messageModule ??= await import('./message-records.js');
        oversized = new OversizedScan(event, options, file, messageModule.messageSubject);
      }
      yield* inBatches(oversized!.write(event));
      if (event.last) oversized = undefined;
    }
  }
}

/** Records of one whole message, as they are found. */
function* scanMessage(
  { messageRecords, messageSubject }: MessageModule,
  message: SplitMessage,
  options: ResolvedMailOptions,
  emit: (note: MailNote) => void,
  file: string | undefined,
): Generator<MailRecord> {
  const note = (code: MailNoteCode, text: string, mimePart?: string): void => {
    const entry: MailNote = { code, message: text, messageIndex: message.index };
    if (mimePart) entry.mimePart = mimePart;
    emit(entry);
  };
  const input = { bytes: message.bytes, index: message.index, locator: messageLocator(message), options, note };
  // where the records handed on so far end in the file
  let reached = -1;
  try {
    for (const record of messageRecords(file === undefined ? input : { ...input, file })) {
      reached = Math.max(reached, record.end.offset);
      yield record;
    }
  } catch (error) {
    // A safety net: bad input must never stop the scan. What was found stays; the rest is read as plain text.
    note('message-unreadable', `message could not be read as MIME (${String(error)}): scanned as plain text`);
    const chunk: OversizedChunk = { type: 'oversized', index: message.index, fileOffset: message.fileOffset, fileLine: message.fileLine, bytes: message.bytes, first: true, last: true };
    for (const record of new OversizedScan(chunk, options, file, messageSubject).write(chunk)) if (record.start.offset >= reached) yield record;
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
class OversizedScan {
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
