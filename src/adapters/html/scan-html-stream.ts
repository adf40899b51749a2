/**
 * `scanHtmlStream`: records from HTML that arrives in chunks (a file
 * stream, standard input), written out as they are found. Bytes are decoded
 * once their encoding is known (`html-charset.ts`: the first 1024 bytes are
 * waited for); strings are taken as they are.
 */
import { createReadStream } from 'node:fs';
import { encodingNotes, htmlDecoder, prescanLength, sniffHtmlEncoding } from './html-charset.js';
import { createHtmlScanner, type HtmlRecord } from './html-scanner.js';
import { checkHtmlInput, type HtmlInput, type HtmlScanOptions } from './html-options.js';
import type { StreamDecoder } from '../../decode/charset.js';
import { checkChunk } from '../../decode/decode-chunks.js';

function chunksOf(input: HtmlInput): AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> {
  if (typeof input === 'string' || input instanceof Uint8Array) return [input];
  if (input instanceof URL) return createReadStream(input, { highWaterMark: 1 << 16 });
  return input as AsyncIterable<string | Uint8Array>;
}

/** Scan HTML chunk by chunk; memory follows the tag or text being read, not the document. */
export async function* scanHtmlStream(input: HtmlInput, options?: HtmlScanOptions): AsyncIterable<HtmlRecord> {
  for await (const records of scanHtmlChunks(input, options)) yield* records;
}

/**
 * The records each chunk completes, one array a chunk (the CLI writes them
 * before reading on). `onText` is handed the decoded text, in order, before
 * the records it completes (the CLI's `--context` window).
 */
export async function* scanHtmlChunks(
  input: HtmlInput,
  options?: HtmlScanOptions,
  onText?: (text: string) => void,
): AsyncIterable<HtmlRecord[]> {
  checkHtmlInput(input);
  const scanner = createHtmlScanner(options);
  const chunks = chunksOf(input);
  let decoder: StreamDecoder | undefined;
  let head: Uint8Array[] = [];
  let headLength = 0;
  const start = (complete: boolean): string => {
    const bytes = Buffer.concat(head);
    head = [];
    const found = sniffHtmlEncoding(bytes, complete);
    if (options?.onNote !== undefined) for (const note of encodingNotes(found)) options.onNote(note);
    decoder = htmlDecoder(found.encoding);
    return decoder.write(bytes);
  };
  for await (const chunk of chunks) {
    checkChunk(chunk);
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else if (decoder !== undefined) text = decoder.write(chunk);
    else {
      head.push(chunk);
      headLength += chunk.byteLength;
      if (headLength < prescanLength) continue;
      text = start(false);
    }
    onText?.(text);
    yield scanner.write(text);
  }
  const rest = (decoder === undefined ? (head.length > 0 ? start(true) : '') : '') + (decoder?.end() ?? '');
  onText?.(rest);
  const records = scanner.write(rest);
  for (const record of scanner.end()) records.push(record);
  yield records;
}
