/**
 * What both commands share, from the command line to the rows: the options
 * (command line over config file), `--help` and `--version`, the URL
 * filters, standard input, the inputs as a stream of events (a walk, a
 * list), `--list-inputs`, batches scanned in order (in worker threads when
 * the work pays for them, big inputs streamed), the rows the URL filters
 * keep, `--stats` counts and the progress line, and what inputs have to say
 * on standard error. `urlsift` writes the rows (`run.ts`); `urlsift check`
 * checks their URLs (`check/run-check.ts`).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { CliRow } from './output/cli-row.js';
import { parseCliOptions, UsageError } from './cli-options.js';
import type { CliOptions } from './cli-options.js';
import { helpText } from './help-text.js';
import { escapeControls } from './output/terminal-safe.js';
import { expandInputs, urlIgnoreName, type GivenPath, type Input, type InputEvent } from './walk/inputs.js';
import { filesFrom } from './walk/files-from.js';
import { createProgressLine, type ProgressLine } from './output/progress-line.js';
import { RunStats } from './output/run-stats.js';
import { createScheduler } from './scan/scheduler.js';
import type { ScanInputOptions, ScanResult } from './scan/scan-result.js';
import { streamInput } from './scan/stream-input.js';
import { planRun } from './scan/batch-stream.js';
import { ignoreFilePatterns, UrlFilter, type UrlPattern } from './url-filter.js';
import { listInputs } from './list-inputs.js';
import type { LinkBase } from './scan/link-base.js';
import type { CliIo } from './run.js';
import { exitCodes, helpHint } from './run.js';

function isFolder(name: string): boolean {
  try {
    return statSync(name).isDirectory();
  } catch {
    return false;
  }
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

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

/** A run ready to scan: its options, its inputs as events, and what reports on it. */
export interface ScanRun {
  options: CliOptions;
  io: CliIo;
  cwd: string;
  stats: RunStats;
  progress: ProgressLine;
  /** One line for people on standard error; no character in it can steer the terminal. */
  say(message: string): void;
  /** The inputs, with standard input given once. */
  events: AsyncIterable<InputEvent>;
  /** The URL filters (a walk's `.urlsiftignore` files add scopes as they are found). */
  filter: UrlFilter | undefined;
  cwdIgnoreFile: string | undefined;
}

/**
 * Read the command line and prepare the inputs. Returns the exit code when
 * there is nothing to scan: `--help`, `--version`, `--list-inputs`, a usage
 * error.
 */
export async function prepareRun(argv: readonly string[], io: CliIo): Promise<number | ScanRun> {
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
      if (options.root !== undefined && !isFolder(path.resolve(cwd, options.root))) throw new UsageError(`--root takes a folder; ${JSON.stringify(options.root)} is none`);
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
  const found = expandInputs(pathsOf({ ...options, paths: pathList }, stdin), {
    hidden: options.hidden,
    exclude: options.exclude,
    ignoreFiles: options.ignore,
    urlIgnoreFiles: true,
    tellLeftOut: options.listInputs,
    dedupe: pathList.length > 1,
  });
  // standard input can be read once: a second "-" reads nothing
  let stdinGiven = false;
  const events = (async function* (): AsyncGenerator<InputEvent> {
    for await (const event of found) {
      if (event.kind === 'input' && event.input.kind === 'stdin') {
        event.input.chunks = stdinGiven || options.filesFrom === '-' ? (async function* () {})() : stdin;
        stdinGiven = true;
      }
      yield event;
    }
  })();
  if (options.listInputs) return listInputs(events, options, io);
  return { options, io, cwd, stats, progress, say, events, filter, cwdIgnoreFile };
}

/** Where the rows go. */
export interface RowSink {
  /**
   * Rows the URL filters kept, in input order. `hold`: they may wait for
   * more before being written (a regular file's rows come in small groups);
   * a live stream's must go out at once.
   */
  rows(rows: readonly CliRow[], hold: boolean): Promise<void>;
  /** A streamed input is over: what was held goes out. */
  flush(): Promise<void>;
  /** The rows' output reads of a record only its reading, alternatives and place (text rows): see `StreamHooks.readingsOnly`. */
  readingsOnly?: boolean;
  /**
   * Given when the rows are JSON Lines written as they come (no `--unique`,
   * no `--hosts`): rows already written as such (`rows` of them, by a big
   * mailbox's workers), in input order.
   */
  jsonRows?(text: readonly string[], rows: number, hold: boolean): Promise<void>;
  /** JSON Lines rows as UTF-8 (`rows` of them, made by a text input's rows' worker, `rows/row-threads.ts`), in input order; given with `jsonRows`. */
  jsonBytes?(pieces: readonly Uint8Array[], rows: number, hold: boolean, ascii: boolean): Promise<void>;
}

/** How a scan ended. */
export interface ScanEnd {
  /** Ctrl-C stopped it. */
  interrupted: boolean;
  /** An input could not be read (exit code 2). */
  trouble: boolean;
}

/** `--base` and `--root`, when either is given: the root as an absolute folder (default: the working directory). */
export function linkBaseOf(options: CliOptions, cwd: string): LinkBase | undefined {
  if (options.base === undefined && options.root === undefined) return undefined;
  return { base: options.base, root: path.resolve(cwd, options.root ?? '.') };
}

/** The scan options of a run, as the scheduler hands them to workers. */
export function scanInputOptions(options: CliOptions, cwd: string): ScanInputOptions {
  const scanOptions: ScanInputOptions = { as: options.as, scan: options.scan, markdown: options.markdown, html: options.html, context: options.context };
  const links = linkBaseOf(options, cwd);
  if (links !== undefined) scanOptions.links = links;
  return scanOptions;
}

/**
 * Scan every input of `run` in order, handing the rows the URL filters keep
 * to `sink`; inputs are reported on standard error and counted in `stats`
 * as they are done. `scanOptions` default to the run's options.
 */
export async function scanRows(run: ScanRun, sink: RowSink, scanOptions: ScanInputOptions = scanInputOptions(run.options, run.cwd)): Promise<ScanEnd> {
  const { options, io, stats, progress, say } = run;
  let trouble = false;
  const onEvent = async (event: Exclude<InputEvent, { kind: 'input' }>) => {
    if (event.kind === 'error') {
      trouble = true;
      say(event.message);
      stats.unread.push(event.message);
    } else if (event.kind === 'note') say(event.message);
    else if (event.kind === 'url-ignore') {
      // the working directory's `.urlsiftignore` was read once already
      if (path.resolve(event.file) === run.cwdIgnoreFile) return;
      const patterns = ignoreFilePatterns(event.text, event.file);
      try {
        run.filter = await UrlFilter.withScope(run.filter, event.scope, patterns);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        trouble = true;
        say(`${error.message}; the file's patterns are not used`);
      }
    }
  };

  const cores = io.cores ?? os.availableParallelism();
  if (options.jobs !== undefined && options.jobs > cores) say(`--jobs ${options.jobs}: using ${cores}, the number of cores`);
  const plan = await planRun(run.events, { jobs: options.jobs, cores, onEvent });
  const totals = plan.totals;
  const progressTotals = { get inputs() { return totals.inputs; }, get bytes() { return totals.bytes; }, get done() { return totals.done; } };
  progress.setTotals(progressTotals);
  const scheduler = createScheduler(plan.jobs, io.whileBusy);
  let interrupted = false;
  let streamingStarted = false;
  /** The rows the URL filters keep (all when there is none). */
  const kept = (rows: readonly CliRow[], input: Input): readonly CliRow[] => {
    const filter = run.filter;
    if (filter === undefined) return rows;
    const scope = input.kind === 'stdin' ? undefined : input.scope;
    return rows.filter((row) => filter.keep(row.record.url, scope));
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
        // rows a mailbox's workers write themselves: when no filter or count by kind needs their records
        const sinkJson = sink.jsonRows;
        const mailJsonRows =
          sinkJson === undefined || run.filter !== undefined || options.stats !== false
            ? undefined
            : async (text: readonly string[], rows: number) => {
                keptRows += rows;
                await sinkJson(text, rows, hold);
              };
        // a text input's JSON Lines made by a worker thread when --jobs asks for two cores or more and there are (`rows/row-threads.ts`)
        const sinkBytes = sink.jsonBytes;
        const textJsonRows =
          mailJsonRows === undefined || sinkBytes === undefined || scanOptions.context > 0 || Math.min(options.jobs ?? 1, cores) < 2 || (input.kind !== 'stdin' && input.kind !== 'file')
            ? undefined
            : async (chunks: AsyncIterable<Uint8Array>, long: boolean) => {
                const { scanToJsonRows, workerFrom } = await import('./rows/row-threads.js');
                const live = !hold;
                await scanToJsonRows(chunks, { name: input.name, scan: scanOptions.scan, workerFrom: long ? 0 : workerFrom, live }, async (pieces, rows, ascii) => {
                  keptRows += rows;
                  await sinkBytes(pieces, rows, hold, ascii);
                });
              };
        const result = await streamInput(
          input,
          { ...scanOptions, whileBusy: io.whileBusy, beforeMarkdown: io.beforeMarkdown, beforeLongText: io.beforeLongText, afterLongText: io.afterLongText, readingsOnly: sink.readingsOnly === true && options.stats === false, mailThreads: Math.min(options.jobs ?? 1, cores), mailJsonRows, textJsonRows },
          async (rows) => {
            const taken = kept(rows, input);
            keptRows += taken.length;
            stats.count(taken);
            await sink.rows(taken, hold);
          },
          io.signal,
        );
        await sink.flush();
        if (io.signal?.aborted) interrupted = true;
        result.found = keptRows;
        report(result);
      } else {
        for (const [i, result] of outcome.results.entries()) {
          const input = outcome.batch?.inputs[i];
          if (input !== undefined && run.filter !== undefined) {
            result.rows = kept(result.rows, input) as CliRow[];
            result.found = result.rows.length;
          }
          report(result);
          await sink.rows(result.rows, false);
        }
      }
      progress.update(stats);
      if (interrupted) break;
    }
  } finally {
    await scheduler.close();
  }
  if (walkedProblems.files > 0) {
    const files = walkedProblems.files === 1 ? '1 file' : `${walkedProblems.files} files`;
    say(`${problems(walkedProblems.problems)} in the input of ${files} found by a walk or a pattern, read past (--stats lists them)`);
  }
  if (run.filter !== undefined) stats.filters = run.filter.counts();
  return { interrupted, trouble };
}

function problems(count: number): string {
  return count === 1 ? '1 problem' : `${count} problems`;
}
