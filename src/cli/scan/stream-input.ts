/**
 * A big file, a device or FIFO, or standard input, scanned in the main
 * thread with its rows written as they come, not gathered first: `urlsift
 * archive.mbox | head` and `tail -f log | urlsift` answer at once, memory
 * follows the largest message (mail) or a window of text (text, also with
 * `--context`), not the input, and a source without an end (`/dev/zero`,
 * `/dev/urandom`) is told binary from its first bytes and left. The input is
 * opened once; Markdown, parsed whole, is read whole.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import { sniffEncoding, isReadable, unreadableReason } from '../../decode/decode-text.js';
import { decodeChunks } from '../../decode/decode-chunks.js';
import { scanTextStream } from '../../adapters/text/scan-text-stream.js';
import { peekStream } from '../../decode/peek-stream.js';
import { createScanner } from '../../scanner/create-scanner.js';
import { resolveScanOptions } from '../../scanner/scan-options.js';
import { Scanner } from '../../scanner/scanner.js';
import { createReadingRecord, createRecord } from '../../records/create-record.js';
import type { CliRow } from '../output/cli-row.js';
import { chooseKind, htmlOptions, markdownLinks, scanMailInput, scanMarkdownTextBatches } from './choose-adapter.js';
import { contextOf, ContextWindow } from './context-window.js';
import { describeError } from '../describe-error.js';
import { openable } from '../walk/file-names.js';
import { hasGzipName, innerName, isGzip } from '../../decode/compressed-input.js';
import { gunzipChunks } from '../../decode/gunzip.js';
import type { Input } from '../walk/inputs.js';
import { documentUrls } from './link-base.js';
import { warmUpOnce } from './warm-up.js';
import { mailThreadsFrom, startMailThreads } from './mail-threads.js';
import { scanMaildirInput, skipReason, headSize, newResult, rowOf, type ScanInputOptions, type ScanResult } from './scan-result.js';

/** Regular files at least this big are streamed. */
export const streamInputsFrom = 16 * 1024 * 1024;

/**
 * Bytes read at a time from a file. Larger reads cost more, not less: the
 * streaming UTF-8 decoder is slower per byte on megabyte chunks (measured on
 * 55 MB of text: 64 KiB reads took about a fifth less CPU than 1 MiB ones).
 */
const readSize = 64 * 1024;

/**
 * A regular file is read synchronously, with a turn of the event loop after
 * this many bytes (so Ctrl-C and output flow): on 55 MB of text the reads
 * through a read stream cost 110–170 ms against 85 ms for the same reads
 * and their decoding done in place.
 */
const turnEvery = 1024 * 1024;

/**
 * Rows are handed on in groups of this many (and written in chunks of their
 * own size, `run.ts`). Small groups let records die young: held for 512
 * rows they outlived young-generation collections, and the 200 MB mbox took
 * 9% more CPU than with groups of 32 in paired runs.
 */
export const groupSize = 32;

/** What the command does around some streamed inputs (`CliIo`'s hooks of the same names). */
export interface StreamHooks {
  whileBusy?: <T>(work: () => Promise<T>) => Promise<T>;
  beforeMarkdown?: () => void;
  beforeLongText?: () => void;
  afterLongText?: () => void;
  /**
   * The rows' output reads of a record only its reading, its alternatives and
   * its place (text rows): text is scanned into records whose URLs are not
   * parsed (`createReadingRecord`).
   */
  readingsOnly?: boolean;
  /** Threads a big mailbox may be scanned with (`--jobs`, else the cores): more than one, and its messages are scanned by worker threads (`mail-threads.ts`). */
  mailThreads?: number;
  /**
   * Given when a mailbox's rows may go out as JSON Lines written by the
   * workers (no URL filter, no count by kind, JSON Lines without
   * `--unique`): called with each batch's rows, in order, and how many.
   */
  mailJsonRows?: (text: readonly string[], rows: number) => Promise<void>;
  /**
   * Given when a text input's rows may go out as JSON Lines made off the
   * main thread (`../rows/row-threads.ts`): called with the decompressed
   * bytes instead of the scan here, it scans them and writes the rows
   * itself. `long`: a regular file big enough to stream.
   */
  textJsonRows?: (chunks: AsyncIterable<Uint8Array>, long: boolean) => Promise<void>;
}

/** Is this input streamed (standard input, a big file, anything that is not a regular file, a maildir)? */
export function isStreamed(input: Input): boolean {
  if (input.kind === 'stdin') return input.chunks !== undefined;
  // a maildir may hold any number of messages: rows are written as each message gives them
  if (input.kind === 'maildir') return true;
  const size = input.size ?? 0;
  return input.regular === false || size >= streamInputsFrom || (hasGzipName(input.name) && mayInflatePast(size, streamInputsFrom));
}

/** The most bytes deflate gives back for one byte of compressed data. */
const maxDeflateRatio = 1032;

/** May `size` bytes of gzip inflate to `limit` bytes or more? (Deflate makes at most 1,032 bytes of one: a file of zeros.) */
export function mayInflatePast(size: number, limit: number): boolean {
  return size * maxDeflateRatio >= limit;
}

/**
 * The first chunk of a stream (up to `headSize` bytes of it), and the whole
 * stream again. One chunk, not `headSize` bytes: a live stream (`tail -f`)
 * must not wait for more text to be told what it is.
 */
async function peek(chunks: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; all: AsyncIterable<Uint8Array> }> {
  const { head, all } = await peekStream(chunks, 1);
  return { head: head.subarray(0, headSize), all };
}

/** The bytes of the regular file at `path`, `readSize` at a time. */
async function* readRegularFile(path: string | Buffer): AsyncIterable<Uint8Array> {
  const descriptor = openSync(path, 'r');
  try {
    let sinceTurn = 0;
    for (;;) {
      // a fresh buffer each time: what a chunk holds may be kept (the head, a message's lines)
      const buffer = Buffer.allocUnsafe(readSize);
      const read = readSync(descriptor, buffer, 0, readSize, null);
      if (read === 0) return;
      yield read < readSize ? buffer.subarray(0, read) : buffer;
      sinceTurn += read;
      if (sinceTurn >= turnEvery) {
        sinceTurn = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    closeSync(descriptor);
  }
}

async function* once<T>(value: T): AsyncIterable<T> {
  yield value;
}

/** Count the bytes that pass (the bytes read, whatever a size on disk said). */
async function* counted(chunks: AsyncIterable<Uint8Array>, result: ScanResult): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    result.bytes += chunk.byteLength;
    yield chunk;
  }
}

/** Chunks until `signal` aborts: a run stopped by Ctrl-C reads no further. */
async function* until(chunks: AsyncIterable<Uint8Array>, signal: AbortSignal | undefined): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    if (signal?.aborted === true) return;
    yield chunk;
  }
}

/**
 * Scan `input`, handing rows on in groups as they are found. Returns what
 * `scanInput` would, with `rows` left empty.
 */
export async function streamInput(
  input: Input,
  options: ScanInputOptions & StreamHooks,
  onRows: (rows: CliRow[]) => Promise<void>,
  signal: AbortSignal | undefined,
  /** The input's bytes when they have been read already (a gzip file read whole). */
  bytes?: Uint8Array,
): Promise<ScanResult> {
  const result = newResult(input);
  const name = input.name;
  /** The name that chooses the adapter: a gzip file's without `.gz`. */
  let kindName = name;
  let group: CliRow[] = [];
  const flush = async () => {
    if (group.length === 0) return;
    const full = group;
    group = [];
    await onRows(full);
  };
  const take = async (rows: readonly CliRow[]) => {
    for (const row of rows) {
      group.push(row);
      result.found++;
      if (group.length >= groupSize) await flush();
    }
  };
  if (input.kind === 'maildir') {
    try {
      await scanMaildirInput(input, options, result, take, signal);
    } catch (error) {
      result.error = `${name}: ${describeError(error)}`;
    }
    await flush();
    return result;
  }
  // a device or FIFO may block a read: those are read by a stream, off the main thread
  const file =
    bytes === undefined && input.kind === 'file' && input.regular !== true
      ? createReadStream(openable(input.path), { highWaterMark: readSize })
      : undefined;
  /** The bytes of an HTML file read whole: decoded whole, as `scanInput` decodes them. */
  let wholeHtml: Uint8Array | undefined;
  try {
    // with --context a file not big enough to stream is streamed for its rows only: read whole, it is decoded as without --context
    const whole =
      bytes ??
      (options.context > 0 && input.kind === 'file' && input.regular === true && (input.size ?? 0) < streamInputsFrom ? readFileSync(openable(input.path)) : undefined);
    wholeHtml = whole;
    const source =
      (whole === undefined ? undefined : [whole]) ??
      file ??
      (input.kind === 'file' ? readRegularFile(openable(input.path)) : undefined) ??
      (input.kind === 'stdin' ? input.chunks : undefined) ??
      (async function* () {})();
    const { head, all } = await decompressed(await peek(counted(until(source as AsyncIterable<Uint8Array>, signal), result)));
    await scanChunks(head, all);
  } catch (error) {
    result.error = `${name}: ${describeError(error)}`;
  } finally {
    file?.destroy();
  }
  await flush();
  return result;

  /** `--context`: the window of decoded text a stream keeps for its rows. */
  function contextWindow(): ContextWindow | undefined {
    return options.context > 0 ? new ContextWindow(options.context) : undefined;
  }

  /** A gzip file's content, or the input as it is. */
  async function decompressed(peeked: { head: Uint8Array; all: AsyncIterable<Uint8Array> }) {
    if (!isGzip(peeked.head)) return peeked;
    kindName = innerName(name);
    wholeHtml = undefined;
    result.inflated = 0;
    return peek(countedInflated(gunzipChunks(peeked.all, (reason) => result.notes.push(`${name}: ${reason}`))));
  }

  /** Count the bytes a gzip file inflates to (`--stats`). */
  async function* countedInflated(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    for await (const chunk of chunks) {
      result.inflated = (result.inflated ?? 0) + chunk.byteLength;
      yield chunk;
    }
  }

  async function scanChunks(head: Uint8Array, all: AsyncIterable<Uint8Array>): Promise<void> {
    const kind = await chooseKind(options.as, kindName, head);
    const skip = kind === 'mail' ? undefined : skipReason(head);
    if (kind === 'mail') {
      const threads = options.mailThreads ?? 1;
      const jsonRows = options.mailJsonRows;
      // rows the workers wrote go out after those still gathered here (a message over the limit is scanned here)
      const written = jsonRows === undefined ? undefined : { name, write: async (text: readonly string[], rows: number) => {
        await flush();
        result.found += rows;
        await jsonRows(text, rows);
      } };
      const workers = threads > 1 && input.kind === 'file' && (input.size ?? 0) >= mailThreadsFrom ? await startMailThreads(threads, written) : undefined;
      try {
        await scanMailInput(all, options.scan, (message) => result.notes.push(`${name}: ${message}`), (records) => take(records.map((record) => rowOf(record, name))), signal, workers?.runner);
      } finally {
        await workers?.close();
      }
    } else if (skip !== undefined) {
      result.skipped = skip;
    } else if (!isReadable(sniffEncoding(head))) {
      result.skipped = unreadableReason(sniffEncoding(head));
    } else if (kind === 'html') {
      // HTML: the tokenizer streams; what each chunk completes is written before the next is read
      const { scanHtmlChunks } = await import('../../adapters/html/scan-html-stream.js');
      const window = contextWindow();
      const onText = window === undefined ? undefined : (text: string) => window.addText(text);
      const note = (message: string) => result.notes.push(`${name}: ${message}`);
      const html = htmlOptions(options.scan, options.html, documentUrls(input, options.links), note);
      const chunks = wholeHtml === undefined ? all : once((await import('../../adapters/html/html-charset.js')).decodeHtml(wholeHtml, html.onNote));
      for await (const records of scanHtmlChunks(chunks, html, onText)) {
        const rows = records.map((record) => rowOf(record, name));
        await take(window === undefined ? rows : window.take(rows));
        await flush();
        if (signal?.aborted === true) break;
      }
      if (window !== undefined) await take(window.end());
    } else if (kind === 'markdown') {
      // parsed whole, but decoded as it is read: the file's bytes are not held beside its text while it is parsed
      options.beforeMarkdown?.();
      const { markdownText } = await import('../../adapters/markdown/markdown-text.js');
      // past V8's string limit, the whole file is read as plain text, with a note
      const text = await markdownText(decodeChunks(all, { sniff: true }), async (pieces, why) => {
        result.notes.push(`${name}: ${why}`);
        for await (const records of scanTextStream(pieces, createScanner(options.scan))) {
          await take(records.map((record) => rowOf(record, name)));
          await flush();
        }
      });
      if (text === undefined) return;
      // rows leave in batches as the document's records are final (memory does not grow with them), each with its context as it leaves
      const scanWhole = async () => {
        const note = (message: string) => result.notes.push(`${name}: ${message}`);
        const markdown = await scanMarkdownTextBatches(text, { ...options.scan, ...options.markdown, ...markdownLinks(documentUrls(input, options.links)) }, note, async (records) => {
          const rows = records.map((record) => rowOf(record, name));
          if (options.context > 0) for (const row of rows) row.context = contextOf(text, row.record.start.offset, row.record.end.offset, options.context);
          await take(rows);
        });
        if (markdown !== undefined) result.markdown = markdown;
      };
      await (options.whileBusy === undefined ? scanWhole() : options.whileBusy(scanWhole));
    } else {
      // text: what each chunk completes is written before the next is read
      // a big file: V8 is set up for a long scan, and the scanner warmed up, before its first chunk
      const long = input.kind === 'file' && input.regular === true && (input.size ?? 0) >= streamInputsFrom;
      const makeRecord = options.readingsOnly === true ? createReadingRecord : createRecord;
      if (long) {
        options.beforeLongText?.();
        warmUpOnce(options.scan, makeRecord);
      }
      try {
        if (options.textJsonRows !== undefined && options.context === 0) await options.textJsonRows(all, long);
        else await streamText(all, new Scanner(resolveScanOptions(options.scan), makeRecord), name, contextWindow(), take, flush);
      } finally {
        if (long) options.afterLongText?.();
      }
    }
  }
}

/**
 * Text, as it comes: what each chunk completes is written before the next
 * is read. A function of its own: V8 optimizes the loop that runs long while
 * it runs, and compiling this small one takes a fraction of the time
 * compiling all of `streamInput` took.
 */
async function streamText(
  chunks: AsyncIterable<Uint8Array>,
  scanner: Scanner,
  name: string,
  window: ContextWindow | undefined,
  take: (rows: readonly CliRow[]) => Promise<void>,
  flush: () => Promise<void>,
): Promise<void> {
  const onText = window === undefined ? undefined : (text: string) => window.addText(text);
  for await (const records of scanTextStream(chunks, scanner, { sniff: true, onText })) {
    const rows = records.map((record) => rowOf(record, name));
    await take(window === undefined ? rows : window.take(rows));
    await flush();
  }
  if (window !== undefined) await take(window.end());
}
