/**
 * A big input scanned in the main thread with its records written as they
 * come, not gathered first: `urlsift archive.mbox | head` answers at once,
 * and memory follows the largest message, not the file. Text and mail
 * stream; Markdown is parsed whole and goes through `scanInput`.
 */
import { createReadStream, statSync } from 'node:fs';
import { scanStream } from '../scanner/create-scanner.js';
import type { UrlRecord } from '../url-record.js';
import { chooseKind, mailNoteText } from './adapters.js';
import type { Input } from './inputs.js';
import { describeError } from './inputs.js';
import { readHead, type ScanInputOptions, type ScanResult } from './scan-input.js';
import { looksBinary } from '../adapters/text/decode-text.js';

/** Files at least this big are streamed when their kind allows. */
export const streamInputsFrom = 16 * 1024 * 1024;

/** Records are handed on in groups of this many. */
const groupSize = 512;

/** Can this input be streamed (a big text or mail file)? */
export async function isStreamable(input: Input, size: number, options: ScanInputOptions): Promise<boolean> {
  if (input.kind !== 'file' || size < streamInputsFrom || options.context > 0) return false;
  const kind = await chooseKind(options.as, input.name, readHead(input.path));
  return kind === 'text' || kind === 'mail';
}

/**
 * Scan `input`, handing records on in groups as they are found. Returns what
 * `scanInput` would, with `records` left empty.
 */
export async function streamInput(
  input: Input & { kind: 'file' },
  options: ScanInputOptions,
  onRecords: (records: UrlRecord[]) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<ScanResult> {
  const result: ScanResult = { name: input.name, records: [], bytes: 0, notes: [], found: 0 };
  if (input.explicit === true) result.explicit = true;
  let group: UrlRecord[] = [];
  const take = async (record: UrlRecord) => {
    record.file ??= input.name;
    group.push(record);
    result.found++;
    if (group.length >= groupSize) {
      const full = group;
      group = [];
      await onRecords(full);
    }
  };
  try {
    result.bytes = statSync(input.path).size;
    const head = readHead(input.path);
    const kind = await chooseKind(options.as, input.name, head);
    if (kind === 'mail') {
      const { scanMail } = await import('../adapters/mail/scan-mail.js');
      const onNote = (note: Parameters<typeof mailNoteText>[0]) => result.notes.push(`${input.name}: ${mailNoteText(note)}`);
      for await (const record of scanMail(input.path, { ...options.scan, onNote })) {
        await take(record);
        if (signal?.aborted) break;
      }
    } else if (looksBinary(head)) {
      result.skipped = 'binary (NUL bytes in the first 8 KiB)';
    } else {
      for await (const record of scanStream(createReadStream(input.path), options.scan)) {
        await take(record);
        if (signal?.aborted) break;
      }
    }
  } catch (error) {
    result.error = `${input.name}: ${describeError(error)}`;
  }
  if (group.length > 0) await onRecords(group);
  return result;
}
