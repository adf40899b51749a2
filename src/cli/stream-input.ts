/**
 * A big input, or standard input, scanned in the main thread with its
 * records written as they come, not gathered first: `urlsift archive.mbox |
 * head` and `tail -f log | urlsift` answer at once, and memory follows the
 * largest message, not the file. Text and mail stream; Markdown (parsed
 * whole), UTF-16 and `--context` read the input whole and go through
 * `scanInput`.
 */
import { createReadStream, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createScanner } from '../scanner/create-scanner.js';
import type { UrlRecord } from '../url-record.js';
import { chooseKind, htmlOptions, mailNoteText } from './adapters.js';
import type { Input } from './inputs.js';
import { describeError, isExplicit } from './inputs.js';
import { headSize, readHead, scanInput, type ScanInputOptions, type ScanResult } from './scan-input.js';
import { looksBinary, sniffEncoding } from '../adapters/text/decode-text.js';
import { peekStream } from '../peek-stream.js';

/** Files at least this big are streamed when their kind allows. */
export const streamInputsFrom = 16 * 1024 * 1024;

/** Records are handed on in groups of this many. */
const groupSize = 512;

/** Can this input be streamed (a big text or mail file)? */
export async function isStreamable(input: Input, size: number, options: ScanInputOptions): Promise<boolean> {
  if (input.kind !== 'file' || size < streamInputsFrom || options.context > 0) return false;
  const kind = await chooseKind(options.as, input.name, readHead(input.path));
  return kind === 'text' || kind === 'mail' || kind === 'html';
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

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const read: Uint8Array[] = [];
  for await (const chunk of chunks) read.push(chunk);
  return Buffer.concat(read);
}

/** Count the bytes that pass. */
async function* counted(chunks: AsyncIterable<Uint8Array>, result: ScanResult): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    result.bytes += chunk.byteLength;
    yield chunk;
  }
}

/**
 * Scan `input` (a big file, or standard input), handing records on in groups
 * as they are found. Returns what `scanInput` would, with `records` left
 * empty.
 */
export async function streamInput(
  input: Input,
  options: ScanInputOptions,
  onRecords: (records: UrlRecord[]) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<ScanResult> {
  if (input.kind === 'maildir') throw new TypeError('a maildir is not streamed');
  const result: ScanResult = { name: input.name, records: [], bytes: 0, notes: [], found: 0 };
  if (isExplicit(input)) result.explicit = true;
  let group: UrlRecord[] = [];
  const flush = async () => {
    if (group.length === 0) return;
    const full = group;
    group = [];
    await onRecords(full);
  };
  const take = async (record: UrlRecord) => {
    record.file ??= input.name;
    group.push(record);
    result.found++;
    if (group.length >= groupSize) await flush();
  };
  try {
    let head: Uint8Array;
    let source: () => AsyncIterable<Uint8Array> | string;
    if (input.kind === 'file') {
      head = readHead(input.path);
      source = () => input.path;
    } else {
      const peeked = await peek(counted(input.chunks ?? (async function* () {})(), result));
      head = peeked.head;
      source = () => peeked.all;
    }
    const kind = await chooseKind(options.as, input.name, head);
    if (input.kind === 'stdin' && (kind === 'markdown' || options.context > 0 || (kind === 'text' && sniffEncoding(head) !== 'utf-8'))) {
      // needs the whole input: read it, then scan it as a file read whole
      const bytes = await readAll(source() as AsyncIterable<Uint8Array>);
      const whole = await scanInput({ kind: 'stdin', name: input.name, bytes }, options);
      for (const record of whole.records) await take(record);
      whole.records = [];
      whole.found = result.found;
      await flush();
      return whole;
    }
    if (input.kind === 'file') result.bytes = statSync(input.path).size;
    if (kind === 'mail') {
      const { scanMail } = await import('../adapters/mail/scan-mail.js');
      const onNote = (note: Parameters<typeof mailNoteText>[0]) => result.notes.push(`${input.name}: ${mailNoteText(note)}`);
      for await (const record of scanMail(source(), { ...options.scan, onNote })) {
        await take(record);
        if (signal?.aborted) break;
      }
    } else if (looksBinary(head)) {
      result.skipped = 'binary (NUL bytes in the first 8 KiB)';
    } else if (kind === 'html') {
      // HTML: the tokenizer streams; what each chunk completes is written before the next is read
      const { scanHtmlChunks } = await import('../adapters/html/scan-html-stream.js');
      const text = source();
      const url = typeof text === 'string' ? pathToFileURL(text) : undefined;
      for await (const records of scanHtmlChunks(url ?? (text as AsyncIterable<Uint8Array>), htmlOptions(options.scan, options.html, url?.href))) {
        for (const record of records) await take(record);
        await flush();
        if (signal?.aborted) break;
      }
    } else {
      // text: what each chunk completes is written before the next is read
      const text = source();
      const scanner = createScanner(options.scan);
      const decoder = new TextDecoder('utf-8');
      for await (const chunk of typeof text === 'string' ? createReadStream(text) : text) {
        for (const record of scanner.write(decoder.decode(chunk as Uint8Array, { stream: true }))) await take(record);
        await flush();
        if (signal?.aborted) break;
      }
      for (const record of [...scanner.write(decoder.decode()), ...scanner.end()]) await take(record);
    }
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  await flush();
  return result;
}
