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
import type { MailRecord, UrlRecord } from '../../records/url-record.js';
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
import { batchRecords } from './batch-records.js';
import { splitMbox } from './mbox-splitter.js';
import { BatchedScan, type MessageBatchOptions, type MessageRunner } from './message-batch.js';
import { groupsInBatches, inBatches, OversizedScan, scanMessage, type MessageModule } from './split-message-scan.js';
import { startsLikeMbox } from './postmark.js';

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
  return batchRecords(scanMailBatches(input, options));
}

/**
 * `scanMail`'s records in batches (of at most `batchSize`, as they are
 * found): each record handed through a chain of async generators costs a
 * promise at each link, so inside the adapter, and for the CLI, records go
 * in batches (a maildir's records took a third more CPU than an mbox's).
 */
export function scanMailBatches(input: MailInput, options?: MailScanOptions, runner?: MessageRunner): AsyncIterable<MailRecord[]> {
  const resolved = resolveMailOptions(options);
  checkMailInput(input);
  if (typeof input === 'string' || input instanceof URL) {
    return scanPath(typeof input === 'string' ? input : fileURLToPath(input), resolved);
  }
  // messages scanned elsewhere get the options as plain data
  const batched = runner === undefined ? undefined : { runner, options: batchOptions(options ?? {}) };
  if (input instanceof Uint8Array) return scanSource(once(input), resolved, 0, undefined, undefined, batched);
  return scanSource(asBytes(input as AsyncIterable<Uint8Array | string>), resolved, 0, undefined, undefined, batched);
}

/** `options` without what cannot leave the thread (`onNote`) or does not apply to one mbox (`nested`). */
function batchOptions(options: MailScanOptions): MessageBatchOptions {
  const { onNote: _onNote, nested: _nested, ...rest } = options;
  return rest;
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
  /** An mbox whose messages are scanned elsewhere, in batches (`message-batch.ts`). */
  batched?: { runner: MessageRunner; options: MessageBatchOptions },
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
  const elsewhere = batched === undefined ? undefined : new BatchedScan(batched.runner, batched.options, emit);
  for await (const event of splitMbox(all, split)) {
    if (counter) counter.next = event.index + 1;
    if (event.type === 'note') {
      const note: MailNote = { code: event.code, message: event.message, messageIndex: event.index };
      if (elsewhere === undefined) emit(note);
      else elsewhere.note(note);
    } else if (event.type === 'message') {
      if (elsewhere !== undefined) {
        yield* elsewhere.add(event);
        continue;
      }
      messageModule ??= await import('./message-records.js');
      yield* groupsInBatches(scanMessage(messageModule, event, options, emit, file));
    } else {
      // a message over the limit is scanned here, in its turn: every message before it first
      if (elsewhere !== undefined) yield* elsewhere.finish();
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
  if (elsewhere !== undefined) yield* elsewhere.finish();
}
