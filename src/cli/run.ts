/**
 * The CLI as a function: `run(argv, io)` returns the exit code. Inputs are
 * scanned in batches (in worker threads with `--jobs` > 1) and written in
 * input order; a file that fails is reported and the run goes on.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { defaultJobs, makeBatches } from './scan/batches.js';
import type { CliRow } from './output/cli-row.js';
import { parseCliOptions, usage, UsageError } from './cli-options.js';
import type { CliOptions } from './cli-options.js';
import { createOutputWriter } from './output/output-format.js';
import { escapeControls } from './output/terminal-safe.js';
import { expandInputs } from './walk/inputs.js';
import { createProgressLine } from './output/progress-line.js';
import { RunStats } from './output/run-stats.js';
import { createScheduler } from './scan/scheduler.js';
import type { ScanResult } from './scan/scan-result.js';
import { streamInput } from './scan/stream-input.js';
import type { Input } from './walk/inputs.js';
import { UniqueRows } from './output/unique-rows.js';

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
  /** Called before a big Markdown file, read whole, is parsed: the command keeps its heap smaller still. */
  beforeMarkdown?: () => void;
  /**
   * Runs `work`, which keeps the main thread busy without a turn of the event
   * loop (a scan in the main thread): the command lets Ctrl-C end the process
   * at once meanwhile.
   */
  whileBusy?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Cores to use at most (default: the machine's). */
  cores?: number;
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
      io.error(`urlsift: ${escapeControls(error.message)}\n\n${usage}\n`);
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
  /** One line for people on standard error; no character in it can steer the terminal. */
  const say = (message: string) => io.error(`urlsift: ${escapeControls(message)}\n`);

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
  const { inputs, errors, notes } = await expandInputs(paths, options.hidden, options.exclude);
  // standard input can be read once: a second "-" reads nothing
  let stdinGiven = false;
  for (const input of inputs) {
    if (input.kind !== 'stdin') continue;
    input.chunks = stdinGiven ? (async function* () {})() : stdin;
    stdinGiven = true;
  }
  const stats = new RunStats(options.stats);
  let trouble = errors.length > 0;
  for (const message of errors) {
    say(message);
    stats.unread.push(message);
  }
  for (const message of notes) say(message);

  // scanning, in order
  const scanOptions = { as: options.as, scan: options.scan, markdown: options.markdown, html: options.html, context: options.context };
  const batches = makeBatches(inputs);
  const totalBytes = batches.reduce((sum, batch) => sum + batch.bytes, 0);
  const progress = await createProgressLine(
    (options.progress ?? io.stderrIsTty) && io.progressStream !== undefined,
    io.progressStream ?? process.stderr,
    inputs.length,
    totalBytes,
  );
  // workers: no more than the cores, nor than the batches they would scan; by default only for work that pays for them
  const cores = io.cores ?? os.availableParallelism();
  if (options.jobs !== undefined && options.jobs > cores) say(`--jobs ${options.jobs}: using ${cores}, the number of cores`);
  const pooled = batches.filter((batch) => !batch.stream).length;
  const jobs = Math.max(1, Math.min(options.jobs ?? defaultJobs(batches, cores), cores, pooled));
  const scheduler = createScheduler(jobs, io.whileBusy);
  const writer = createOutputWriter(options.format);
  const unique = options.unique ? new UniqueRows() : undefined;
  let interrupted = false;
  /** Rows written as text but not yet handed to `io.write`. */
  let chunk = '';
  /**
   * Rows as text, one write for every `writeSize` characters or so. `hold`:
   * the last rows may wait for more (a regular file's rows come in small
   * groups, and each write of a few rows cost more than its rows); a live
   * stream's rows go out at once.
   */
  const writeRows = async (rows: Iterable<CliRow>, hold = false) => {
    for (const row of rows) {
      chunk += writer.row(row);
      if (chunk.length >= writeSize) {
        const full = chunk;
        chunk = '';
        await io.write(full);
      }
    }
    if (!hold) await flushRows();
  };
  const flushRows = async () => {
    if (chunk === '') return;
    const rest = chunk;
    chunk = '';
    await io.write(rest);
  };
  /** Write rows, or merge them when `--unique`. */
  const output = async (rows: readonly CliRow[], hold = false) => {
    if (unique !== undefined) {
      for (const row of rows) unique.add(row);
      return;
    }
    await writeRows(rows, hold);
  };
  /** Problems in inputs found by a walk or a glob, told in one line at the end. */
  const walkedProblems = { files: 0, problems: 0 };
  /** What a scanned input has to say on standard error. */
  const report = (result: ScanResult) => {
    stats.add(result);
    if (result.notes.length > 0) {
      // problems in the input (mail): listed with --stats; else counted, per file for a file named on the
      // command line, in one line at the end for the files of a walk (an archive of thousands of messages)
      if (options.stats) for (const message of result.notes) say(message);
      else if (result.explicit === true) say(`${result.name}: ${problems(result.notes.length)} in the input, read past (--stats lists them)`);
      else {
        walkedProblems.files++;
        walkedProblems.problems += result.notes.length;
      }
    }
    if (result.error !== undefined) {
      trouble = true;
      say(result.error);
    }
    // a file named on the command line and skipped says so; skips in a walk are listed with --stats
    if (result.skipped !== undefined && result.explicit === true && !options.stats) {
      say(`${result.name}: skipped: ${result.skipped}`);
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
        // a regular file's or a maildir's rows may wait for a full chunk; those of standard input or a FIFO are written as found
        const hold = input.kind === 'maildir' || (input.kind === 'file' && input.regular === true);
        const result = await streamInput(
          input,
          { ...scanOptions, whileBusy: io.whileBusy, beforeMarkdown: io.beforeMarkdown },
          async (rows) => {
            stats.count(rows);
            await output(rows, hold);
          },
          io.signal,
        );
        await flushRows();
        if (io.signal?.aborted) interrupted = true;
        report(result);
      } else {
        for (const result of outcome.results) {
          report(result);
          await output(result.rows);
        }
      }
      progress.update(stats, stats.bytes);
      if (interrupted) break;
    }
    if (unique !== undefined && !interrupted) {
      // a turn of the event loop every few thousand rows: Ctrl-C is heard while they are written
      let written = 0;
      for (const row of unique.rows()) {
        await writeRows([row], true);
        if (++written % uniqueTurnEvery !== 0) continue;
        await new Promise((resolve) => setImmediate(resolve));
        if (io.signal?.aborted) {
          interrupted = true;
          break;
        }
      }
      await flushRows();
    }
    await io.write(writer.end());
  } finally {
    unique?.discard();
    progress.stop();
    await scheduler.close();
  }
  if (walkedProblems.files > 0) {
    const files = walkedProblems.files === 1 ? '1 file' : `${walkedProblems.files} files`;
    say(`${problems(walkedProblems.problems)} in the input of ${files} found by a walk or a pattern, read past (--stats lists them)`);
  }
  if (options.stats) io.error(stats.summary());
  if (interrupted) return exitCodes.interrupted;
  if (trouble) return exitCodes.trouble;
  return stats.urls > 0 ? exitCodes.found : exitCodes.none;
}

/**
 * Rows are written in chunks of about this many characters. A chunk is
 * joined from its rows and encoded for the write; past about 32 Ki
 * characters that took ten times as long (V8 and larger joined strings):
 * the 209 MB of JSON Lines of a 200 MB mbox took 2.2 s to write in groups
 * of 512 rows, 0.5–0.7 s in chunks of 16 Ki characters.
 */
const writeSize = 16 * 1024;

/** `--unique` rows written between turns of the event loop (where a Ctrl-C is heard). */
const uniqueTurnEvery = 4096;

function problems(count: number): string {
  return count === 1 ? '1 problem' : `${count} problems`;
}
