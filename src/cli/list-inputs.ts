/**
 * `--list-inputs`: what a run would read, each input with what it would be
 * read as, and what it leaves out and why (hidden, ignored, excluded,
 * binary, compressed by a method not read, not readable), without scanning
 * anything: only the first bytes of each file are looked at, as the run
 * itself looks at them to choose an adapter. Text: `PATH<TAB>WHAT`; JSON
 * Lines: `{"path", "as"}`, `{"path", "leftOut"}` or `{"path", "error"}`.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { gunzipSync, constants } from 'node:zlib';
import type { CliOptions } from './cli-options.js';
import type { CliIo } from './run.js';
import { exitCodes } from './run.js';
import { chooseKind } from './scan/choose-adapter.js';
import { headSize, skipReason } from './scan/scan-result.js';
import { isStreamed } from './scan/stream-input.js';
import { innerName, isGzip } from '../decode/compressed-input.js';
import { isReadable, sniffEncoding, unreadableReason } from '../decode/decode-text.js';
import { openable } from './walk/file-names.js';
import type { Input, InputEvent } from './walk/inputs.js';
import { csvCell } from './output/output-format.js';
import { escapeControls, safeJsonText } from './output/terminal-safe.js';

/** One line of the list. */
export type ListedInput = { path: string; as: string } | { path: string; leftOut: string } | { path: string; error: string };

/** The first bytes of a file (a gzip file's: of what it holds). */
function headOf(input: Input & { kind: 'file' }): { head: Uint8Array; gzip: boolean } {
  const descriptor = openSync(openable(input.path), 'r');
  try {
    const buffer = Buffer.alloc(headSize);
    const length = readSync(descriptor, buffer, 0, headSize, 0);
    const head = buffer.subarray(0, length);
    if (!isGzip(head)) return { head, gzip: false };
    // what the first bytes hold: a cut stream is inflated as far as it goes
    const inflated = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
    return { head: inflated.subarray(0, headSize), gzip: true };
  } finally {
    closeSync(descriptor);
  }
}

/** What `input` would be read as, or why it would be left out. */
export async function describeInput(input: Input, options: Pick<CliOptions, 'as'>): Promise<ListedInput> {
  if (input.kind === 'stdin') return { path: '-', as: options.as === 'auto' ? 'standard input (by content)' : `${options.as} (standard input)` };
  if (input.kind === 'maildir') return { path: input.name, as: 'mail (maildir)' };
  if (input.regular === false) return { path: input.name, as: 'a stream (a device, FIFO or socket), by content' };
  let look;
  try {
    look = headOf(input);
  } catch (error) {
    return { path: input.name, error: (error as Error).message.replace(/^[A-Z]+: /, '') };
  }
  const name = look.gzip ? innerName(input.name) : input.name;
  const kind = await chooseKind(options.as, name, look.head);
  if (kind !== 'mail') {
    const skip = skipReason(look.head);
    if (skip !== undefined) return { path: input.name, leftOut: skip };
    const encoding = sniffEncoding(look.head);
    if (!isReadable(encoding)) return { path: input.name, leftOut: unreadableReason(encoding) };
  }
  const how = [look.gzip ? 'gzip' : '', isStreamed(input) ? 'streamed' : ''].filter((word) => word !== '');
  return { path: input.name, as: how.length === 0 ? kind : `${kind} (${how.join(', ')})` };
}

function textLine(item: ListedInput): string {
  const what = 'as' in item ? item.as : 'leftOut' in item ? `left out: ${item.leftOut}` : `not read: ${item.error}`;
  return `${escapeControls(item.path)}\t${escapeControls(what)}\n`;
}

function csvLine(item: ListedInput): string {
  const as = 'as' in item ? item.as : '';
  const leftOut = 'leftOut' in item ? item.leftOut : 'error' in item ? `not read: ${item.error}` : '';
  return `${[item.path, as, leftOut].map(csvCell).join(',')}\n`;
}

/** List the inputs of `events`; the exit code: 0 when something would be read, 1 when nothing would, 2 when a path cannot be read. */
export async function listInputs(events: AsyncIterable<InputEvent>, options: CliOptions, io: CliIo): Promise<number> {
  let read = 0;
  let trouble = false;
  let first = true;
  const format = options.format;
  if (format === 'csv') await io.write('path,as,left_out\n');
  if (format === 'json') await io.write('[');
  /** Write `item`; `input`: it is an input a run would read (not a file of patterns). */
  const write = async (item: ListedInput, input = true) => {
    if ('as' in item && input) read++;
    if ('error' in item) trouble = true;
    if (format === 'text') return io.write(textLine(item));
    if (format === 'csv') return io.write(csvLine(item));
    const json = safeJsonText(JSON.stringify(item));
    if (format === 'jsonl') return io.write(`${json}\n`);
    const prefix = first ? '\n' : ',\n';
    first = false;
    return io.write(prefix + json);
  };
  for await (const event of events) {
    if (event.kind === 'input') await write(await describeInput(event.input, options));
    else if (event.kind === 'left-out') await write({ path: event.name, leftOut: event.reason });
    else if (event.kind === 'note') await write({ path: event.name, leftOut: event.reason.replace(/, skipped$/, '') });
    else if (event.kind === 'error') {
      const at = event.message.indexOf(': ');
      await write(at === -1 ? { path: '', error: event.message } : { path: event.message.slice(0, at), error: event.message.slice(at + 2) });
    } else if (event.kind === 'url-ignore') await write({ path: event.file, as: 'URL patterns for this walk (.urlsiftignore)' }, false);
  }
  if (format === 'json') await io.write(first ? ']\n' : '\n]\n');
  if (trouble) return exitCodes.trouble;
  return read > 0 ? exitCodes.found : exitCodes.none;
}
