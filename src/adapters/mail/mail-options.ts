/**
 * Options of `scanMail`: the scanner's options plus the mail adapter's own,
 * validated up front. Misuse throws a precise `TypeError`; input never does.
 */
import { checkOptionsObject, resolveScanOptions, type ResolvedScanOptions, type ScanOptions } from '../../scanner/scan-options.js';
import type { MailNote } from './mail-notes.js';

export interface MailScanOptions extends ScanOptions {
  /**
   * Messages larger than this many bytes are not parsed as MIME: they are
   * scanned as plain text, streamed, with a `message-too-large` note. Memory
   * follows this limit, not the size of the mbox.
   * @default 33554432 (32 MiB)
   */
  maxMessageSize?: number;
  /**
   * Called once for each problem in the input (truncated MIME, broken
   * base64, an unknown charset, …). The CLI prints these to stderr.
   * @default undefined (notes are dropped)
   */
  onNote?: (note: MailNote) => void;
  /**
   * For a maildir folder: also read the maildirs nested inside it (Maildir++
   * `.Sent/`, `sub/` with its own `cur/` and `new/`), each after its parent,
   * with `message.index` counting on across them. `false` reads the folder's
   * own messages only (`cur/`, `new/`, loose messages in its plain folders),
   * for a caller that reads each nested maildir on its own, as the CLI does.
   * @default true
   */
  nested?: boolean;
}

/** Options after validation. */
export interface ResolvedMailOptions {
  /** The scanner's options, resolved once for every part of every message. */
  scan: ResolvedScanOptions;
  schemes: ReadonlySet<string> | undefined;
  strict: boolean;
  emails: boolean;
  maxMessageSize: number;
  onNote: ((note: MailNote) => void) | undefined;
  nested: boolean;
}

export const defaultMaxMessageSize = 32 * 1024 * 1024;

/** Largest accepted `maxMessageSize`: offsets inside a message stay small integers. */
const maxMaxMessageSize = 1024 * 1024 * 1024;

/** Check options and fill in defaults. Throws `TypeError` on misuse. */
export function resolveMailOptions(options: MailScanOptions | undefined = {}): ResolvedMailOptions {
  checkOptionsObject(options);
  const { maxMessageSize = defaultMaxMessageSize, onNote, nested = true, ...scanOptions } = options;
  const resolved = resolveScanOptions(scanOptions);
  if (!Number.isInteger(maxMessageSize) || maxMessageSize < 1024 || maxMessageSize > maxMaxMessageSize) {
    throw new TypeError('Expected option `maxMessageSize` to be an integer from 1024 to 1073741824 (bytes)');
  }
  if (onNote !== undefined && typeof onNote !== 'function') {
    throw new TypeError(`Expected option \`onNote\` to be a function, got ${typeof onNote}`);
  }
  if (typeof nested !== 'boolean') {
    throw new TypeError(`Expected option \`nested\` to be a boolean, got ${nested === null ? 'null' : typeof nested}`);
  }
  return {
    scan: resolved,
    schemes: resolved.schemes,
    strict: resolved.strict,
    emails: resolved.emails,
    maxMessageSize,
    onNote,
    nested,
  };
}

/** The inputs `scanMail` takes: a path (mbox, message or maildir), bytes, or a stream. */
export type MailInput = string | URL | Uint8Array | AsyncIterable<Uint8Array | string> | NodeJS.ReadableStream;

/** Throw `TypeError` at once when `input` is none of the inputs `scanMail` takes. */
export function checkMailInput(input: unknown): asserts input is MailInput {
  if (typeof input === 'string') {
    if (input === '') throw new TypeError('Expected a non-empty path');
    return;
  }
  if (input instanceof URL || input instanceof Uint8Array) return;
  if (input !== null && typeof input === 'object' && Symbol.asyncIterator in input) return;
  throw new TypeError('Expected a path, a URL, a Uint8Array, an async iterable or a readable stream');
}
