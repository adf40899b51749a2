/**
 * The `urlsift` command: `run` wired to the process. Quiet on a closed pipe
 * (`urlsift tree | head`); a failed write to standard output (a full disk)
 * is one line and exit 2; Ctrl-C ends the run with exit 130 within a
 * second, whatever runs.
 */
import { writeSync } from 'node:fs';
import v8 from 'node:v8';
import { describeError } from './describe-error.js';
import { run, exitCodes } from './run.js';
import type { CliIo } from './run.js';

/**
 * V8 lets the old generation grow to about four times what survived the
 * last full collection before collecting again. Scanning a long stream keeps
 * little alive and makes a lot of short-lived garbage, so that headroom is
 * mostly garbage: growing by half instead keeps a long mailbox's peak memory
 * lower at no measurable cost in speed (the 200 MB mbox as JSON Lines, three
 * pairs: peak 138 to 141 MB against 148 to 154 MB when doubling, 12.1 s
 * against 10.5 to 14.0 s; 55 MB of text the same in time and peak; about
 * 25 MB more again with V8's fourfold). Set only for a run that
 * streams: parsing Markdown keeps whole documents alive, and there the
 * extra collections cost about a tenth of the time. The process is ours, so
 * the setting is made here and never in the library.
 */
const heapGrowth = '--heap-growing-percent=50';

/**
 * Parsing a big Markdown document, read whole, V8 promotes garbage into its
 * old generation at a steady rate, and the peak follows how far that
 * generation may grow, not what the parse keeps (for a 32 MB document: the
 * text, 69,144 records and the line index, 115 MB). A quarter keeps that
 * document at 277 MB against 363 MB with the streaming setting, in the same
 * time (31 s). Set when a big Markdown file is about to be parsed.
 */
const markdownHeapGrowth = '--heap-growing-percent=25';

/**
 * How much a function runs before V8 optimizes it. The default suits code
 * that runs for milliseconds; a run over a tree spends seconds in the
 * Markdown parser's many small functions, and with the default V8 compiles
 * them again and again as their types settle (about 1,900 optimizations
 * over 2,000 files). Waiting a little longer cuts the CPU a run over a tree
 * takes by about a quarter, and its wall time by a tenth with one job and
 * a quarter with two.
 */
const optimizationBudget = '--interrupt-budget=1000000';

/**
 * The same for a big text file, scanned as it is read: the scanner's
 * functions are optimized after a third of the run's budget. With the run's
 * budget, those that run once a URL (reading it, parsing it, making its
 * record) stayed in slower code for half of a 55 MB file; with V8's default
 * they were optimized early, on too little of the text, and optimized again
 * many times over as rarer text came (the warm-up before the file,
 * `scan/warm-up.ts`, shows them most of it first). Set back to the run's
 * budget after the file.
 */
const longTextBudget = '--interrupt-budget=300000';

/** After Ctrl-C, the run has this long to stop by itself (workers closed, output ended) before the process ends anyway. */
const interruptGraceMs = 300;

/** Standard error's file descriptor: the last words are written to it directly. */
const stderrDescriptor = 2;

/**
 * End the process as Ctrl-C would have without our handler: by the signal's
 * default action (exit status 130 to the shell). `process.exit` is no way
 * out here: it waits for libuv's threads, and one may be blocked opening a
 * FIFO that no writer opens.
 */
function endByInterrupt(): never {
  process.removeAllListeners('SIGINT');
  process.kill(process.pid, 'SIGINT');
  // the signal is delivered at once; should it not be, exit as best we can
  process.exit(exitCodes.interrupted);
}

function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

/** One line on standard error, if standard error can still take it. */
function lastWords(text: string): void {
  try {
    writeSync(stderrDescriptor, text);
  } catch {
    // standard error is closed too: the exit code says it
  }
}

export function main(): void {
  v8.setFlagsFromString(optimizationBudget);
  let stderrBroken = false;
  process.stdout.on('error', (error) => {
    // the reader stopped (`| head`): a quiet end
    if (isBrokenPipe(error)) process.exit(exitCodes.found);
    lastWords(`urlsift: cannot write the output: ${describeError(error)}\n`);
    process.exit(exitCodes.trouble);
  });
  process.stderr.on('error', () => {
    stderrBroken = true;
  });
  // standard error closed under us: nothing can say so but the exit code
  process.on('exit', (code) => {
    if (stderrBroken && code !== exitCodes.interrupted) process.exitCode = exitCodes.trouble;
  });
  const interrupt = new AbortController();
  const onInterrupt = () => {
    interrupt.abort();
    process.stderr.write('\nurlsift: interrupted\n');
    // a second Ctrl-C ends at once; without one, the run gets a moment to stop by itself
    process.once('SIGINT', endByInterrupt);
    setTimeout(endByInterrupt, interruptGraceMs).unref();
  };
  process.once('SIGINT', onInterrupt);
  const io: CliIo = {
    write(text, ascii) {
      if (text === '') return;
      if (process.stdout.write(text, ascii === true ? 'latin1' : 'utf8')) return;
      return new Promise((resolve) => process.stdout.once('drain', resolve));
    },
    writeBytes(bytes) {
      if (process.stdout.write(bytes)) return;
      return new Promise((resolve) => process.stdout.once('drain', resolve));
    },
    error(text) {
      if (!stderrBroken) process.stderr.write(text);
    },
    stdin(evenTerminal = false) {
      return process.stdin.isTTY && !evenTerminal ? undefined : (process.stdin as AsyncIterable<Uint8Array>);
    },
    stderrIsTty: process.stderr.isTTY === true,
    stdoutIsTty: process.stdout.isTTY === true,
    columns: () => (process.stderr.isTTY ? process.stderr.columns : undefined),
    progressStream: process.stderr,
    signal: interrupt.signal,
    beforeStreaming: () => v8.setFlagsFromString(heapGrowth),
    beforeMarkdown: () => v8.setFlagsFromString(markdownHeapGrowth),
    beforeLongText: () => v8.setFlagsFromString(longTextBudget),
    afterLongText: () => v8.setFlagsFromString(optimizationBudget),
    async whileBusy(work) {
      // The main thread is about to scan without a turn of the event loop, where
      // a signal handler runs: Ctrl-C takes its default action meanwhile (the
      // process ends at once, exit status 130).
      if (interrupt.signal.aborted) return work();
      process.removeListener('SIGINT', onInterrupt);
      try {
        return await work();
      } finally {
        if (!interrupt.signal.aborted) process.once('SIGINT', onInterrupt);
      }
    },
  };
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (isBrokenPipe(error)) return;
      lastWords(`urlsift: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = exitCodes.trouble;
    },
  );
}
