/**
 * The `urlsift` command: `run` wired to the process. Quiet on a closed pipe
 * (`urlsift tree | head`); Ctrl-C stops the workers and exits 130.
 */
import v8 from 'node:v8';
import { run } from './run.js';
import type { CliIo } from './run.js';

/**
 * V8 lets the old generation grow to about four times what survived the
 * last full collection before collecting again. Scanning a long stream keeps
 * little alive and makes a lot of short-lived garbage, so that headroom is
 * mostly garbage: doubling instead keeps a long mailbox's peak memory about
 * 25 MB lower at no measurable cost in speed. Set only for a run that
 * streams: parsing Markdown keeps whole documents alive, and there the
 * extra collections cost about a tenth of the time. The process is ours, so
 * the setting is made here and never in the library.
 */
const heapGrowth = '--heap-growing-percent=100';

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

function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

export function main(): void {
  v8.setFlagsFromString(optimizationBudget);
  process.stdout.on('error', (error) => {
    if (isBrokenPipe(error)) process.exit(0);
    throw error;
  });
  const interrupt = new AbortController();
  process.once('SIGINT', () => {
    interrupt.abort();
    process.stderr.write('\nurlsift: interrupted\n');
    // a second Ctrl-C ends at once
    process.once('SIGINT', () => process.exit(130));
  });
  const io: CliIo = {
    write(text) {
      if (text === '') return;
      if (process.stdout.write(text)) return;
      return new Promise((resolve) => process.stdout.once('drain', resolve));
    },
    error(text) {
      process.stderr.write(text);
    },
    stdin() {
      return process.stdin.isTTY ? undefined : (process.stdin as AsyncIterable<Uint8Array>);
    },
    stderrIsTty: process.stderr.isTTY === true,
    progressStream: process.stderr,
    signal: interrupt.signal,
    beforeStreaming: () => v8.setFlagsFromString(heapGrowth),
  };
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (isBrokenPipe(error)) return;
      process.stderr.write(`urlsift: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
