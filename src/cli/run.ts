/**
 * The CLI as a function: `run(argv, io)` returns the exit code. Inputs are
 * scanned in batches (in worker threads with `--jobs` > 1) and written in
 * input order; a file that fails is reported and the run goes on.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { UrlRecord } from '../url-record.js';
import { makeBatches } from './batches.js';
import { parseCliOptions, usage, UsageError } from './cli-options.js';
import type { CliOptions } from './cli-options.js';
import { createOutputWriter } from './formats/output-format.js';
import { expandInputs } from './inputs.js';
import { createProgressLine } from './progress-line.js';
import { RunStats } from './run-stats.js';
import { createScheduler } from './scheduler.js';
import type { ScanResult } from './scan-input.js';
import { streamInput } from './stream-input.js';
import type { Input } from './inputs.js';

export interface CliIo {
  /** Write output; may return a promise that resolves when the text was accepted. */
  write(text: string): void | Promise<void>;
  /** Write a message for people (standard error). */
  error(text: string): void;
  /** Standard input as a stream of bytes, or undefined when it is a terminal. */
  stdin(): AsyncIterable<Uint8Array> | undefined;
  /** Is standard error a terminal? (The progress line's default.) */
  stderrIsTty: boolean;
  /** Where the progress line goes (standard error). */
  progressStream?: NodeJS.WritableStream;
  /** Aborted on Ctrl-C: the run stops and its workers with it. */
  signal?: AbortSignal;
  /**
   * Called once before the first streamed input (a big text or mail file,
   * standard input): the command keeps its heap small for long streams.
   */
  beforeStreaming?: () => void;
}

export const exitCodes = { found: 0, none: 1, trouble: 2, interrupted: 130 } as const;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
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

  // inputs
  const paths = options.paths.length > 0 ? options.paths : ['-'];
  let stdin: AsyncIterable<Uint8Array> | undefined;
  if (paths.includes('-')) {
    stdin = io.stdin();
    if (stdin === undefined) {
      io.error(`urlsift: no input: give a path, or pipe text in\n\n${usage}\n`);
      return exitCodes.trouble;
    }
  }
  // With a directory or a pattern to walk, the workers start while it is walked.
  const wantedJobs = options.jobs ?? os.availableParallelism();
  const early = wantedJobs > 1 ? createScheduler(wantedJobs) : undefined;
  const { inputs, errors, notes } = await expandInputs(paths, options.hidden, early?.prestart);
  // standard input can be read once: a second "-" reads nothing
  let stdinGiven = false;
  for (const input of inputs) {
    if (input.kind !== 'stdin') continue;
    input.chunks = stdinGiven ? (async function* () {})() : stdin;
    stdinGiven = true;
  }
  let trouble = errors.length > 0;
  for (const message of errors) io.error(`urlsift: ${message}\n`);
  for (const message of notes) io.error(`urlsift: ${message}\n`);

  // scanning, in order
  const scanOptions = { as: options.as, scan: options.scan, markdown: options.markdown, html: options.html, context: options.context };
  const batches = await makeBatches(inputs, scanOptions);
  const totalBytes = batches.reduce((sum, batch) => sum + batch.bytes, 0);
  const stats = new RunStats();
  const progress = await createProgressLine(
    (options.progress ?? io.stderrIsTty) && io.progressStream !== undefined,
    io.progressStream ?? process.stderr,
    inputs.length,
    totalBytes,
  );
  const pooled = batches.filter((batch) => !batch.stream).length;
  const jobs = Math.max(1, Math.min(wantedJobs, pooled));
  let scheduler = early;
  if (scheduler === undefined || jobs < wantedJobs) {
    await early?.close();
    scheduler = createScheduler(jobs);
  }
  const writer = createOutputWriter(options.format);
  const seen = new Map<string, UrlRecord>();
  let interrupted = false;
  /** Write records, or merge them when `--unique`. */
  const output = async (records: readonly UrlRecord[]) => {
    if (options.unique) {
      for (const record of records) {
        const first = seen.get(record.url);
        if (first === undefined) seen.set(record.url, { ...record, count: 1 });
        else first.count = (first.count ?? 1) + 1;
      }
      return;
    }
    let chunk = '';
    for (const record of records) chunk += writer.record(record);
    if (chunk !== '') await io.write(chunk);
  };
  /** Problems in inputs found by a walk or a glob, told in one line at the end. */
  const walkedProblems = { files: 0, problems: 0 };
  /** What a scanned input has to say on standard error. */
  const report = (result: ScanResult) => {
    stats.add(result);
    if (result.notes.length > 0) {
      // problems in the input (mail): listed with --stats; else counted, per file for a file named on the
      // command line, in one line at the end for the files of a walk (an archive of thousands of messages)
      if (options.stats) for (const message of result.notes) io.error(`urlsift: ${message}\n`);
      else if (result.explicit === true) io.error(`urlsift: ${result.name}: ${problems(result.notes.length)} in the input, read past (--stats lists them)\n`);
      else {
        walkedProblems.files++;
        walkedProblems.problems += result.notes.length;
      }
    }
    if (result.error !== undefined) {
      trouble = true;
      io.error(`urlsift: ${result.error}\n`);
    }
    // a file named on the command line and skipped says so; skips in a walk are listed with --stats
    if (result.skipped !== undefined && result.explicit === true && !options.stats) {
      io.error(`urlsift: ${result.name}: skipped: ${result.skipped}\n`);
    }
  };
  if (batches.some((batch) => batch.stream === true)) io.beforeStreaming?.();
  try {
    await io.write(writer.begin());
    for await (const outcome of scheduler.run(batches, scanOptions)) {
      if (io.signal?.aborted) {
        interrupted = true;
        break;
      }
      if ('stream' in outcome) {
        const input = outcome.stream.inputs[0] as Input;
        const result = await streamInput(
          input,
          scanOptions,
          async (records) => {
            stats.count(records);
            await output(records);
          },
          io.signal,
        );
        if (io.signal?.aborted) interrupted = true;
        report(result);
      } else {
        for (const result of outcome.results) {
          report(result);
          await output(result.records);
        }
      }
      progress.update(stats, stats.bytes);
      if (interrupted) break;
    }
    if (options.unique && !interrupted) {
      let chunk = '';
      for (const record of seen.values()) chunk += writer.record(record);
      if (chunk !== '') await io.write(chunk);
    }
    await io.write(writer.end());
  } finally {
    progress.stop();
    await scheduler.close();
  }
  if (walkedProblems.files > 0) {
    const files = walkedProblems.files === 1 ? '1 file' : `${walkedProblems.files} files`;
    io.error(`urlsift: ${problems(walkedProblems.problems)} in the input of ${files} found by a walk or a pattern, read past (--stats lists them)\n`);
  }
  if (options.stats) io.error(stats.summary());
  if (interrupted) return exitCodes.interrupted;
  if (trouble) return exitCodes.trouble;
  return stats.urls > 0 ? exitCodes.found : exitCodes.none;
}

function problems(count: number): string {
  return count === 1 ? '1 problem' : `${count} problems`;
}
