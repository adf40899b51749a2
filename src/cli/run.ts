/**
 * The CLI as a function: `run(argv, io)` returns the exit code. Inputs are
 * found as a stream (a walk, a list), scanned in batches (in worker threads
 * when the work pays for them) and written in input order; a file that
 * fails is reported and the run goes on (`scan-run.ts`, shared with
 * `urlsift check`, which takes over here when asked).
 */
import type { CliRow } from './output/cli-row.js';
import { createOutputWriter } from './output/output-format.js';
import type { UniqueRows } from './output/unique-rows.js';
import { reportContext, reportFormats, reportRunOf } from './output/report-writer.js';
import { HostTable, hostTableIn } from './output/host-table.js';
import { prepareRun, scanInputOptions, scanRows, type ScanEnd } from './scan-run.js';

export interface CliIo {
  /**
   * Write output; may return a promise that resolves when the text was
   * accepted. `ascii`: the text is known to hold only ASCII (it may be
   * written as Latin-1, the same bytes).
   */
  write(text: string, ascii?: boolean): void | Promise<void>;
  /**
   * Write output given as UTF-8 bytes, as they are; the bytes are the
   * callee's from then on. Without it, they are decoded and written through
   * `write`.
   */
  writeBytes?(bytes: Uint8Array): void | Promise<void>;
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
  /** Called before a big text file is scanned as it is read (the command tunes V8 for a long scan), and `afterLongText` after it. */
  beforeLongText?: () => void;
  afterLongText?: () => void;
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

/** The hint every usage error ends with. */
export const helpHint = '(urlsift --help lists the options)';

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const prepared = await prepareRun(argv, io);
  if (typeof prepared === 'number') return prepared;
  if (prepared.options.command === 'check') {
    const { runCheck } = await import('./check/run-check.js');
    return runCheck(prepared);
  }
  const { options, stats, progress, cwd } = prepared;
  // a report shows a line of context beside each URL
  const context = options.context === 0 && reportFormats.has(options.format) ? reportContext : options.context;
  const scanOptions = { ...scanInputOptions(options, cwd), context };
  const writer = await createOutputWriter(options.format, { cwd, paths: options.paths }, options.href);
  // a report lists distinct URLs with their places itself
  // loaded only for --unique: it brings node:crypto (about 5 ms of every start)
  const unique = options.unique && !reportFormats.has(options.format) ? new (await import('./output/unique-rows.js')).UniqueRows(options.href) : undefined;
  const hosts = options.hosts ? new HostTable() : undefined;
  /** Rows written as text but not yet handed to `io.write`. */
  let chunk = '';
  /** Does `chunk` hold text not made by `writer.row` (which may say its rows are ASCII)? */
  let chunkOther = false;
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
    const ascii = writer.asciiRows?.() === true && !chunkOther;
    chunk = '';
    chunkOther = false;
    progress.beforeRows();
    await io.write(rest, ascii);
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
  /** Write rows, or merge them when `--unique`, or count them when `--hosts`. */
  const output = async (rows: readonly CliRow[], hold: boolean) => {
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
  let end: ScanEnd;
  /** Ctrl-C came while `--unique`'s rows were written. */
  let stoppedWriting = false;
  try {
    if (hosts === undefined) await io.write(writer.begin());
    // the URL filters' counts are in `stats` once the scan is over, before a report is written
    // JSON Lines written as they come: rows a big mailbox's workers wrote go out as they are
    const jsonRows =
      options.format === 'jsonl' && unique === undefined && hosts === undefined
        ? async (text: readonly string[], _rows: number, hold: boolean) => {
            for (const piece of text) {
              chunk += piece;
              chunkOther = true;
              if (chunk.length >= writeSize) await flushRows();
            }
            if (!hold) await flushRows();
          }
        : undefined;
    // text rows (without --href, --unique or --hosts) show of a record its reading, alternatives and place alone
    const readingsOnly = options.format === 'text' && !options.href && unique === undefined && hosts === undefined;
    const sink = { rows: output, flush: flushRows, readingsOnly };
    // JSON Lines as UTF-8 (a text input's rows made by a worker): written as they are, after what was gathered
    const jsonBytes = async (pieces: readonly Uint8Array[], _rows: number, _hold: boolean, ascii: boolean) => {
      await flushRows();
      for (const piece of pieces) {
        progress.beforeRows();
        const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        await (io.writeBytes === undefined ? io.write(bytes.toString(ascii ? 'latin1' : 'utf8'), ascii) : io.writeBytes(piece));
        progress.afterRows();
      }
    };
    end = await scanRows(prepared, jsonRows === undefined ? sink : { ...sink, jsonRows, jsonBytes }, scanOptions);
    if (!end.interrupted) {
      if (hosts !== undefined) {
        chunk += hostTableIn(options.format, hosts.rows());
        chunkOther = true;
        await flushRows();
      } else {
        if (unique !== undefined) stoppedWriting = !(await writeUnique(unique));
        await flushRows();
        if (!stoppedWriting) for (const piece of writer.end(reportRunOf(stats))) await io.write(piece);
      }
    }
  } finally {
    unique?.discard();
    progress.stop();
  }
  if (options.stats === 'text') io.error(stats.summary());
  if (options.stats === 'json') io.error(stats.json());
  if (end.interrupted || stoppedWriting) return exitCodes.interrupted;
  if (end.trouble) return exitCodes.trouble;
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
