/**
 * The CLI as a function: `run(argv, io)` returns the exit code. Inputs are
 * found as a stream (a walk, a list), scanned in batches (in worker threads
 * when the work pays for them) and written in input order; a file that
 * fails is reported and the run goes on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { CliRow } from './output/cli-row.js';
import { parseCliOptions, UsageError } from './cli-options.js';
import type { CliOptions } from './cli-options.js';
import { helpText } from './help-text.js';
import { createOutputWriter } from './output/output-format.js';
import { escapeControls } from './output/terminal-safe.js';
import { expandInputs, urlIgnoreName, type GivenPath, type Input, type InputEvent } from './walk/inputs.js';
import { filesFrom } from './walk/files-from.js';
import { createProgressLine } from './output/progress-line.js';
import { RunStats } from './output/run-stats.js';
import { createScheduler } from './scan/scheduler.js';
import type { ScanResult } from './scan/scan-result.js';
import { streamInput } from './scan/stream-input.js';
import { planRun } from './scan/batch-stream.js';
import { UniqueRows } from './output/unique-rows.js';
import { reportContext, reportFormats, reportRunOf } from './output/report-writer.js';
import { HostTable, hostTableIn } from './output/host-table.js';
import { ignoreFilePatterns, UrlFilter, type UrlPattern } from './url-filter.js';
import { listInputs } from './list-inputs.js';

export interface CliIo {
  /** Write output; may return a promise that resolves when the text was accepted. */
  write(text: string): void | Promise<void>;
  /** Write a message for people (standard error). */
  error(text: string): void;
  /**
   * Standard input as a stream of bytes; undefined when it is a terminal,
   * unless `evenTerminal` (`-` named on the command line: a terminal is read
   * until end of file, as grep reads it).
   */
  stdin(evenTerminal?: boolean): AsyncIterable<Uint8Array> | undefined;
  /** Is standard error a terminal? (The progress line's default.) */
  stderrIsTty: boolean;
  /** Is standard output a terminal? (The progress line is off by default when it is: it would share the screen with the rows.) */
  stdoutIsTty?: boolean;
  /** The terminal's width, when standard error is one. */
  columns?: () => number | undefined;
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
  /** The working directory (config files and `.urlsiftignore` are looked for from it; default: the process's). */
  cwd?: string;
}

export const exitCodes = { found: 0, none: 1, trouble: 2, interrupted: 130 } as const;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The hint every usage error ends with. */
export const helpHint = '(urlsift --help lists the options)';

/** The paths to read: those named, then those of `--files-from`. */
async function* pathsOf(options: CliOptions, stdin: AsyncIterable<Uint8Array> | undefined): AsyncGenerator<GivenPath> {
  yield* options.paths;
  if (options.filesFrom !== undefined) yield* filesFrom(options.filesFrom, options.nullSeparated, stdin);
}

/** The URL patterns of the run: the flags and config file's, and a `.urlsiftignore` in the working directory. */
function globalPatterns(options: CliOptions, cwd: string): { exclude: UrlPattern[]; include: UrlPattern[]; ignoreFile?: string } {
  const exclude = options.excludeUrl.map((pattern) => ({ pattern, origin: '--exclude-url' }));
  const include = options.includeUrl.map((pattern) => ({ pattern, origin: '--include-url' }));
  const file = path.join(cwd, urlIgnoreName);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new UsageError(`${urlIgnoreName}: cannot read it: ${(error as Error).message}`);
  }
  if (text === undefined) return { exclude, include };
  return { exclude: [...exclude, ...ignoreFilePatterns(text, urlIgnoreName)], include, ignoreFile: path.resolve(file) };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  let options: CliOptions;
  let filter: UrlFilter | undefined;
  let cwdIgnoreFile: string | undefined;
  try {
    options = parseCliOptions(argv, { cwd });
    if (!options.help && !options.version) {
      const patterns = globalPatterns(options, cwd);
      cwdIgnoreFile = patterns.ignoreFile;
      filter = await UrlFilter.create(patterns);
      if (options.filesFrom === '-' && options.paths.includes('-')) throw new UsageError('--files-from - reads the list from standard input: it cannot be an input too');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`urlsift: ${escapeControls(error.message)} ${helpHint}\n`);
      return exitCodes.trouble;
    }
    throw error;
  }
  if (options.help) {
    await io.write(helpText(options.command));
    return exitCodes.found;
  }
  if (options.version) {
    await io.write(`${version()}\n`);
    return exitCodes.found;
  }
  const stats = new RunStats(options.stats !== false);
  const progress = createProgressLine((options.progress ?? (io.stderrIsTty && io.stdoutIsTty !== true)) && io.progressStream !== undefined, {
    write: (text) => void (io.progressStream as NodeJS.WritableStream).write(text),
    isTerminal: io.stderrIsTty,
    columns: () => io.columns?.(),
    sharedWithRows: io.stderrIsTty && io.stdoutIsTty === true,
  }, { inputs: 0, bytes: 0, done: false });
  /** One line for people on standard error; no character in it can steer the terminal. */
  const say = (message: string) => {
    progress.beforeMessage();
    io.error(`urlsift: ${escapeControls(message)}\n`);
  };

  // inputs
  const readsStdin = options.paths.includes('-') || options.filesFrom === '-' || (options.paths.length === 0 && options.filesFrom === undefined);
  let stdin: AsyncIterable<Uint8Array> | undefined;
  if (readsStdin) {
    stdin = io.stdin(options.paths.length > 0 || options.filesFrom === '-');
    if (stdin === undefined) {
      io.error(`urlsift: no input: give a path or "-", or pipe text in ${helpHint}\n`);
      return exitCodes.trouble;
    }
  }
  const pathList = options.paths.length === 0 && options.filesFrom === undefined ? ['-'] : options.paths;
  const events = expandInputs(pathsOf({ ...options, paths: pathList }, stdin), {
    hidden: options.hidden,
    exclude: options.exclude,
    ignoreFiles: options.ignore,
    urlIgnoreFiles: true,
    tellLeftOut: options.listInputs,
    dedupe: pathList.length > 1,
  });
  // standard input can be read once: a second "-" reads nothing
  let stdinGiven = false;
  const withStdin = async function* (source: AsyncIterable<InputEvent>): AsyncGenerator<InputEvent> {
    for await (const event of source) {
      if (event.kind === 'input' && event.input.kind === 'stdin') {
        event.input.chunks = stdinGiven || options.filesFrom === '-' ? (async function* () {})() : stdin;
        stdinGiven = true;
      }
      yield event;
    }
  };
  if (options.listInputs) return listInputs(withStdin(events), options, io);

  let trouble = false;
  /** Scopes whose `.urlsiftignore` is the working directory's, read once already. */
  const onEvent = async (event: Exclude<InputEvent, { kind: 'input' }>) => {
    if (event.kind === 'error') {
      trouble = true;
      say(event.message);
      stats.unread.push(event.message);
    } else if (event.kind === 'note') say(event.message);
    else if (event.kind === 'url-ignore') {
      if (path.resolve(event.file) === cwdIgnoreFile) return;
      const patterns = ignoreFilePatterns(event.text, event.file);
      try {
        filter = await UrlFilter.withScope(filter, event.scope, patterns);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        trouble = true;
        say(`${error.message}; the file's patterns are not used`);
      }
    }
  };

  // scanning, in order
  // a report shows a line of context beside each URL
  const context = options.context === 0 && reportFormats.has(options.format) ? reportContext : options.context;
  const scanOptions = { as: options.as, scan: options.scan, markdown: options.markdown, html: options.html, context };
  const cores = io.cores ?? os.availableParallelism();
  if (options.jobs !== undefined && options.jobs > cores) say(`--jobs ${options.jobs}: using ${cores}, the number of cores`);
  const plan = await planRun(withStdin(events), { jobs: options.jobs, cores, onEvent });
  const totals = plan.totals;
  const progressTotals = { get inputs() { return totals.inputs; }, get bytes() { return totals.bytes; }, get done() { return totals.done; } };
  progress.setTotals(progressTotals);
  const scheduler = createScheduler(plan.jobs, io.whileBusy);
  const writer = createOutputWriter(options.format, { cwd, paths: options.paths });
  // a report lists distinct URLs with their places itself
  const unique = options.unique && !reportFormats.has(options.format) ? new UniqueRows() : undefined;
  const hosts = options.hosts ? new HostTable() : undefined;
  let interrupted = false;
  let streamingStarted = false;
  /** Rows written as text but not yet handed to `io.write`. */
  let chunk = '';
  /**
   * `--unique`'s rows, with a turn of the event loop every few thousand rows:
   * Ctrl-C is heard while they are written. False when it stopped them.
   */
  const writeUnique = async (rows: UniqueRows): Promise<boolean> => {
    let written = 0;
    for (const row of rows.rows()) {
      await writeRows([row], true);
      if (++written % uniqueTurnEvery !== 0) continue;
      await new Promise((resolve) => setImmediate(resolve));
      if (io.signal?.aborted) return false;
    }
    return true;
  };
  const flushRows = async () => {
    if (chunk === '') return;
    const rest = chunk;
    chunk = '';
    progress.beforeRows();
    await io.write(rest);
    progress.afterRows();
  };
  /**
   * Rows as text, one write for every `writeSize` characters or so. `hold`:
   * the last rows may wait for more (a regular file's rows come in small
   * groups, and each write of a few rows cost more than its rows); a live
   * stream's rows go out at once.
   */
  const writeRows = async (rows: Iterable<CliRow>, hold = false) => {
    for (const row of rows) {
      chunk += writer.row(row);
      if (chunk.length >= writeSize) await flushRows();
    }
    if (!hold) await flushRows();
  };
  /** The rows the URL filters keep (all when there is none). */
  const kept = (rows: readonly CliRow[], input: Input): readonly CliRow[] => {
    if (filter === undefined) return rows;
    const scope = input.kind === 'stdin' ? undefined : input.scope;
    return rows.filter((row) => (filter as UrlFilter).keep(row.record.url, scope));
  };
  /** Write rows, or merge them when `--unique`, or count them when `--hosts`. */
  const output = async (rows: readonly CliRow[], hold = false) => {
    if (hosts !== undefined) {
      for (const row of rows) {
        if (unique === undefined) hosts.add(row);
        else {
          // with --unique a URL counts the first time it is seen
          const before = unique.size;
          unique.add(row);
          hosts.add(row, unique.size > before ? 1 : 0);
        }
      }
      return;
    }
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
      if (options.stats === 'text') for (const message of result.notes) say(message);
      else if (options.stats === 'json') {
        // in the summary object
      } else if (result.explicit === true) say(`${result.name}: ${problems(result.notes.length)} in the input, read past (--stats lists them)`);
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
    if (result.skipped !== undefined && result.explicit === true && options.stats === false) {
      say(`${result.name}: skipped: ${result.skipped}`);
    }
  };
  try {
    if (hosts === undefined) await io.write(writer.begin());
    for await (const outcome of scheduler.run(plan.batches, scanOptions)) {
      if (io.signal?.aborted) {
        interrupted = true;
        break;
      }
      if ('stream' in outcome) {
        const input = outcome.stream.inputs[0] as Input;
        if (!streamingStarted) {
          streamingStarted = true;
          io.beforeStreaming?.();
        }
        // a regular file's or a maildir's rows may wait for a full chunk; those of standard input or a FIFO are written as found
        const hold = input.kind === 'maildir' || (input.kind === 'file' && input.regular === true);
        let keptRows = 0;
        const result = await streamInput(
          input,
          { ...scanOptions, whileBusy: io.whileBusy, beforeMarkdown: io.beforeMarkdown },
          async (rows) => {
            const taken = kept(rows, input);
            keptRows += taken.length;
            stats.count(taken);
            await output(taken, hold);
          },
          io.signal,
        );
        await flushRows();
        if (io.signal?.aborted) interrupted = true;
        result.found = keptRows;
        report(result);
      } else {
        for (const [i, result] of outcome.results.entries()) {
          const input = outcome.batch?.inputs[i];
          if (input !== undefined && filter !== undefined) {
            result.rows = kept(result.rows, input) as CliRow[];
            result.found = result.rows.length;
          }
          report(result);
          await output(result.rows);
        }
      }
      progress.update(stats);
      if (interrupted) break;
    }
    if (!interrupted) {
      if (hosts !== undefined) {
        chunk += hostTableIn(options.format, hosts.rows());
        await flushRows();
      } else {
        if (unique !== undefined) interrupted = !(await writeUnique(unique));
        await flushRows();
        if (filter !== undefined) stats.filters = filter.counts();
        if (!interrupted) for (const piece of writer.end(reportRunOf(stats))) await io.write(piece);
      }
    }
  } finally {
    unique?.discard();
    progress.stop();
    await scheduler.close();
  }
  if (walkedProblems.files > 0) {
    const files = walkedProblems.files === 1 ? '1 file' : `${walkedProblems.files} files`;
    say(`${problems(walkedProblems.problems)} in the input of ${files} found by a walk or a pattern, read past (--stats lists them)`);
  }
  if (filter !== undefined) stats.filters = filter.counts();
  if (options.stats === 'text') io.error(stats.summary());
  if (options.stats === 'json') io.error(stats.json());
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
