/**
 * The CLI as a function: `run(argv, io)` returns the exit code. Inputs are
 * scanned in order and written in that order; a file that fails is reported
 * and the run goes on.
 */
import { readFileSync } from 'node:fs';
import type { UrlRecord } from '../url-record.js';
import { parseCliOptions, usage, UsageError } from './cli-options.js';
import type { CliOptions } from './cli-options.js';
import { createOutputWriter } from './formats/output-format.js';
import { expandInputs } from './inputs.js';
import { scanInput } from './scan-input.js';
import type { ScanResult } from './scan-input.js';

export interface CliIo {
  /** Write output; resolves when the text was accepted. */
  write(text: string): void | Promise<void>;
  /** Write a message for people. */
  error(text: string): void;
  /** Standard input as bytes, or undefined when it is a terminal. */
  stdin(): Promise<Uint8Array> | undefined;
  /** Is standard error a terminal? */
  stderrIsTty: boolean;
}

export const exitCodes = { found: 0, none: 1, trouble: 2 } as const;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Merge records per distinct URL, keeping the first and counting. */
function unique(records: UrlRecord[], seen: Map<string, UrlRecord>): void {
  for (const record of records) {
    const first = seen.get(record.url);
    if (first === undefined) seen.set(record.url, { ...record, count: 1 });
    else first.count = (first.count ?? 1) + 1;
  }
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliOptions(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`urlsift: ${error.message}\n\n${usage}\n`);
      return exitCodes.trouble;
    }
    throw error;
  }
  if (options.help) {
    await io.write(`${usage}\n`);
    return exitCodes.found;
  }
  if (options.version) {
    await io.write(`${version()}\n`);
    return exitCodes.found;
  }
  const paths = options.paths.length > 0 ? options.paths : ['-'];
  const stdinNeeded = paths.includes('-');
  let stdinBytes: Uint8Array | undefined;
  if (stdinNeeded) {
    const pending = io.stdin();
    if (pending === undefined) {
      io.error(`urlsift: no input: give a path, or pipe text in\n\n${usage}\n`);
      return exitCodes.trouble;
    }
    stdinBytes = await pending;
  }
  const { inputs, errors, notes } = await expandInputs(paths, options.hidden);
  let trouble = errors.length > 0;
  for (const message of errors) io.error(`urlsift: ${message}\n`);
  for (const message of notes) io.error(`urlsift: ${message}\n`);

  const writer = createOutputWriter(options.format);
  await io.write(writer.begin());
  const seen = new Map<string, UrlRecord>();
  let found = 0;
  const results: ScanResult[] = [];
  for (const input of inputs) {
    const result = await scanInput(input, input.kind === 'stdin' ? stdinBytes : undefined, {
      as: options.as,
      scan: options.scan,
      context: options.context,
    });
    results.push({ ...result, records: [] });
    for (const message of result.notes) io.error(`urlsift: ${message}\n`);
    if (result.error !== undefined) {
      trouble = true;
      io.error(`urlsift: ${result.error}\n`);
    }
    if (result.skipped !== undefined && options.stats) io.error(`urlsift: ${result.name}: skipped: ${result.skipped}\n`);
    found += result.records.length;
    if (options.unique) {
      unique(result.records, seen);
      continue;
    }
    let chunk = '';
    for (const record of result.records) chunk += writer.record(record);
    if (chunk !== '') await io.write(chunk);
  }
  if (options.unique) {
    let chunk = '';
    for (const record of seen.values()) chunk += writer.record(record);
    if (chunk !== '') await io.write(chunk);
  }
  await io.write(writer.end());
  if (options.stats) {
    const bytes = results.reduce((sum, result) => sum + result.bytes, 0);
    const skipped = results.filter((result) => result.skipped !== undefined).length;
    io.error(`urlsift: ${results.length} inputs, ${bytes} bytes, ${found} URLs, ${skipped} skipped\n`);
  }
  if (trouble) return exitCodes.trouble;
  return found > 0 ? exitCodes.found : exitCodes.none;
}
