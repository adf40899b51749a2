/**
 * `urlsift check`: the inputs read as the main command reads them (same
 * formats, filters, walks; `scan-run.ts`), with relative links of Markdown
 * and HTML reported as resolved URLs (`file:` URLs in the tree, unless
 * `--base` says where the tree is served), and each distinct URL checked
 * once as it is found (`src/check/`). The results are written once the
 * inputs are over, one row per URL, in the order first found. Exit status:
 * 0 nothing broken, 1 something broken, 2 usage or input error.
 */
import path from 'node:path';
import { resolveCheckOptions, type CheckOptions } from '../../check/check-options.js';
import { CheckRun } from '../../check/check-run.js';
import type { CliOptions } from '../cli-options.js';
import type { CheckCounts } from '../output/run-stats.js';
import { scanInputOptions, scanRows, type ScanRun } from '../scan-run.js';
import { exitCodes } from '../run.js';
import { createCheckWriter } from './check-output.js';
import { reportFormats } from '../output/report-writer.js';

/** Exit status when something is broken. */
export const brokenExit = 1;

/** The cache file of `--cache`, in the working directory. */
export const cacheName = '.urlsiftcache';

/** The library's options from the command's. */
export function checkOptionsOf(options: CliOptions, cwd: string, signal: AbortSignal | undefined): CheckOptions {
  const flags = options.check;
  const checkOptions: CheckOptions = { fragments: flags.fragments, excludePrivate: flags.excludePrivate };
  if (flags.timeout !== undefined) checkOptions.timeout = flags.timeout;
  if (flags.maxConcurrency !== undefined) checkOptions.maxConcurrency = flags.maxConcurrency;
  if (flags.perHost !== undefined) checkOptions.perHost = flags.perHost;
  if (flags.retries !== undefined) checkOptions.retries = flags.retries;
  if (flags.maxRedirects !== undefined) checkOptions.maxRedirects = flags.maxRedirects;
  if (flags.userAgent !== undefined) checkOptions.userAgent = flags.userAgent;
  if (flags.cache) checkOptions.cache = path.join(cwd, cacheName);
  if (flags.cacheMaxAge !== undefined) checkOptions.cacheMaxAge = flags.cacheMaxAge;
  if (signal !== undefined) checkOptions.signal = signal;
  return checkOptions;
}

export async function runCheck(run: ScanRun): Promise<number> {
  const { options, io, stats, progress, say } = run;
  const started = performance.now();
  // a check keeps little alive (a small entry per distinct URL) and makes much short-lived garbage, as a
  // long stream does: the command's smaller heap growth suits it (100,000 distinct URLs: 447 MB peak, 281 MB)
  io.beforeStreaming?.();
  const checkOptions = checkOptionsOf(options, run.cwd, io.signal);
  stats.checking = { checked: 0, found: 0 };
  checkOptions.onProgress = (checked, found) => {
    stats.checking = { checked, found };
    progress.update(stats);
  };
  const checker = new CheckRun(resolveCheckOptions(checkOptions));
  const counts: CheckCounts = { checked: 0, cached: 0, ok: 0, broken: 0, excluded: 0, skipped: 0, seconds: 0 };
  const writer = createCheckWriter(options.format, `urlsift check ${options.paths.length === 0 ? 'standard input' : options.paths.join(' ')}`);
  // a report counts every result itself
  const onlyBroken = options.check.onlyBroken && !reportFormats.has(options.format);
  let interrupted = false;
  let trouble = false;
  try {
    await checker.open();
    // relative links are what a docs tree holds most: always resolved here
    const scanOptions = { ...scanInputOptions(options, run.cwd), links: { base: options.base, root: path.resolve(run.cwd, options.root ?? '.') } };
    // the URL of each result comes once the inputs are over: in the meantime the checks run
    const end = await scanRows(
      run,
      {
        rows: async (rows) => {
          for (const { record, file } of rows) checker.add({ url: record.url, start: record.start, file });
        },
        flush: async () => {},
      },
      scanOptions,
    );
    interrupted = end.interrupted;
    trouble = end.trouble;
    let text = writer.begin();
    if (!interrupted) {
      for await (const result of checker.results()) {
        counts.checked++;
        counts[result.status]++;
        if (result.cached === true) counts.cached++;
        if (onlyBroken && result.status !== 'broken') continue;
        text += writer.row(result);
        if (text.length >= 16 * 1024) {
          progress.beforeRows();
          await io.write(text);
          progress.afterRows();
          text = '';
        }
      }
      if (io.signal?.aborted === true) interrupted = true;
    }
    counts.seconds = (performance.now() - started) / 1000;
    progress.beforeRows();
    await io.write(text);
    if (!interrupted) for (const piece of writer.end()) await io.write(piece);
  } finally {
    await checker.close();
    progress.stop();
  }
  if (checker.cacheProblem !== undefined) say(checker.cacheProblem);
  stats.check = counts;
  if (options.stats === 'text') io.error(stats.summary());
  if (options.stats === 'json') io.error(stats.json());
  if (interrupted) return exitCodes.interrupted;
  if (trouble) return exitCodes.trouble;
  return counts.broken > 0 ? brokenExit : exitCodes.found;
}
