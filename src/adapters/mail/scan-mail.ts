/**
 * `scanMail`: the URLs of an mbox, a single message (.eml) or a maildir
 * folder, as an async iterable of records, message by message.
 *
 * An mbox is read as a stream; memory follows the largest message (up to
 * `maxMessageSize`), not the file.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Scanner } from '../../scanner/scanner.js';
import type { MailRecord, UrlRecord } from '../../url-record.js';
import { isMaildir, startsLikeMbox } from './detect-mail.js';
import { findField, readHeaderBlock } from './header-block.js';
import { maildirFiles } from './maildir.js';
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
import { messageRecords, type Locator } from './message-records.js';

/** What `scanMail` reads: a path (mbox, .eml or maildir folder), bytes, or a stream of chunks. */
export type { MailInput } from './mail-options.js';

/**
 * Find the URLs in mail. A string or `URL` is a path: a maildir folder (with
 * `cur/` and `new/`), or a file that is an mbox when its first line starts
 * with `From `, else one message. Bytes and streams are told apart the same
 * way. Records come message by message, each message's in order (headers,
 * then parts), with `message: {index, messageId}` (index 0-based) and
 * `mimePart`. Problems in the input go to `onNote`; they never throw.
 * Throws `TypeError` at once on invalid options or input type; a path that
 * cannot be read, or a folder that is no maildir, rejects during iteration.
 */
export function scanMail(input: MailInput, options?: MailScanOptions): AsyncIterable<MailRecord> {
  const resolved = resolveMailOptions(options);
  checkMailInput(input);
  if (typeof input === 'string' || input instanceof URL) {
    return scanPath(typeof input === 'string' ? input : fileURLToPath(input), resolved);
  }
  if (input instanceof Uint8Array) return scanSource(once(input), resolved, 0, undefined);
  return scanSource(asBytes(input as AsyncIterable<Uint8Array | string>), resolved, 0, undefined);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function* asBytes(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) {
    if (typeof chunk === 'string') yield Buffer.from(chunk, 'utf8');
    else if (chunk instanceof Uint8Array) yield chunk;
    else throw new TypeError(`Expected chunks of bytes or strings, got ${typeof chunk}`);
  }
}

async function* scanPath(path: string, options: ResolvedMailOptions): AsyncGenerator<MailRecord> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    yield* scanSource(createReadStream(path), options, 0, undefined);
    return;
  }
  if (!isMaildir(path)) throw new Error(`Not a maildir (no cur/ and new/ folders): ${path}`);
  let index = 0;
  for (const file of await maildirFiles(path)) {
    const counter = { next: index };
    yield* scanSource(createReadStream(file), options, index, file, counter);
    index = counter.next;
  }
}

/** Hold back the first bytes until it is known whether this is an mbox. */
async function peek(source: AsyncIterable<Uint8Array>): Promise<{ mbox: boolean; chunks: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < 6) {
    const step = await iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    head.push(step.value);
    size += step.value.byteLength;
  }
  const start = Buffer.concat(head.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (start.length > 0) yield start;
    if (done) return;
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value;
  }
  return { mbox: startsLikeMbox(start), chunks: chunks() };
}

async function* scanSource(
  source: AsyncIterable<Uint8Array>,
  options: ResolvedMailOptions,
  firstIndex: number,
  file: string | undefined,
  counter?: { next: number },
): AsyncGenerator<MailRecord> {
  const { mbox, chunks } = await peek(source);
  const emit = (note: MailNote): void => {
    if (file !== undefined) note.file = file;
    options.onNote?.(note);
  };
  let oversized: OversizedScan | undefined;
  for await (const event of splitMbox(chunks, { mode: mbox ? 'mbox' : 'single', maxMessageSize: options.maxMessageSize, firstIndex })) {
    if (counter) counter.next = event.index + 1;
    if (event.type === 'note') {
      emit({ code: event.code, message: event.message, messageIndex: event.index });
    } else if (event.type === 'message') {
      yield* scanMessage(event, options, emit, file);
    } else {
      if (event.first) {
        emit({
          code: 'message-too-large',
          message: `message larger than maxMessageSize (${options.maxMessageSize} bytes): scanned as plain text`,
          messageIndex: event.index,
        });
        oversized = new OversizedScan(event, options, file);
      }
      yield* oversized!.write(event);
      if (event.last) oversized = undefined;
    }
  }
}

/** Records of one whole message. */
function scanMessage(
  message: SplitMessage,
  options: ResolvedMailOptions,
  emit: (note: MailNote) => void,
  file: string | undefined,
): MailRecord[] {
  const note = (code: MailNoteCode, text: string, mimePart?: string): void => {
    const entry: MailNote = { code, message: text, messageIndex: message.index };
    if (mimePart) entry.mimePart = mimePart;
    emit(entry);
  };
  const input = { bytes: message.bytes, index: message.index, locator: messageLocator(message), options, note };
  try {
    return messageRecords(file === undefined ? input : { ...input, file });
  } catch (error) {
    // A safety net: bad input must never stop the scan.
    note('message-unreadable', `message could not be read as MIME (${String(error)}): scanned as plain text`);
    const scan = new OversizedScan({ type: 'oversized', index: message.index, fileOffset: message.fileOffset, fileLine: message.fileLine, bytes: message.bytes, first: true, last: true }, options, file);
    return scan.write({ type: 'oversized', index: message.index, fileOffset: message.fileOffset, fileLine: message.fileLine, bytes: message.bytes, first: true, last: true });
  }
}

/**
 * Positions in the file for places in a message: its first line and offset
 * added, and one more column and byte on lines that lost a `>` (mboxrd).
 */
function messageLocator(message: SplitMessage): Locator {
  const { fileOffset, fileLine, unescapedLines, unescapedOffsets } = message;
  return {
    point(place: SourcePlace) {
      const shifted = unescapedLines.length > 0 && countAtOrBelow(unescapedLines, place.line) > countAtOrBelow(unescapedLines, place.line - 1);
      return {
        line: fileLine + place.line,
        column: place.column + (shifted ? 1 : 0),
        offset: fileOffset + place.offset + countAtOrBelow(unescapedOffsets, place.offset),
      };
    },
  };
}

/** A message over the size limit (or unreadable as MIME), scanned as plain UTF-8 text as it streams by. */
class OversizedScan {
  private readonly scanner;
  private readonly decoder = new TextDecoder('utf-8');
  private messageId: string | undefined;

  constructor(
    private readonly first: OversizedChunk,
    private readonly options: ResolvedMailOptions,
    private readonly file: string | undefined,
  ) {
    this.scanner = new Scanner(options.scan);
    const header = readHeaderBlock(first.bytes, 0, first.bytes.length, 0);
    this.messageId = findField(first.bytes, header, 'message-id')?.replace(/\s+/g, '');
  }

  write(chunk: OversizedChunk): MailRecord[] {
    const records = this.scanner.write(this.decoder.decode(chunk.bytes, { stream: !chunk.last }));
    if (chunk.last) records.push(...this.scanner.end());
    return records.map((record) => this.finish(record));
  }

  private finish(record: UrlRecord): MailRecord {
    const { fileLine, fileOffset, index } = this.first;
    const result: MailRecord = {
      ...record,
      start: { ...record.start, line: fileLine + record.start.line - 1, offset: fileOffset + record.start.offset },
      end: { ...record.end, line: fileLine + record.end.line - 1, offset: fileOffset + record.end.offset },
      message: this.messageId ? { index, messageId: this.messageId } : { index },
    };
    if (this.file !== undefined) result.file = this.file;
    return result;
  }
}
