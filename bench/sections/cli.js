/**
 * The whole CLI over a tree of ~2,000 real files (corpus/large/tree), with
 * --jobs 1 and --jobs 2: wall time including start-up, file walking and
 * JSON Lines output (counted, then dropped).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fetchHint, folderBytes, listFiles, paths, root } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtMs, fmtRatio, mbps, now, table } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';

export const id = 'cli';
export const title = 'CLI: urlsift --format jsonl --jobs N over corpus/large/tree';

const jobCounts = [1, 2];

export async function run(ctx) {
  if (!fs.existsSync(paths.tree)) return { status: 'skipped', reason: `corpus/large/tree not found: ${fetchHint}` };
  if (!fs.existsSync(paths.bin)) return { status: 'skipped', reason: 'bin/urlsift.js not found' };
  const bytes = folderBytes(paths.tree);
  const files = listFiles(paths.tree).length;
  const tree = path.relative(root, paths.tree);
  const repeats = ctx.quick ? 1 : 2;
  const rows = [];
  for (const jobs of jobCounts) {
    ctx.log(`cli: --jobs ${jobs}`);
    let best;
    for (let i = 0; i < repeats; i++) {
      // a slow CLI is timed once
      if (best && best.ms > 10_000) break;
      const t0 = now();
      const r = await runProcess(process.execPath, [paths.bin, '--format', 'jsonl', '--jobs', String(jobs), tree], {
        timeoutMs: 120_000,
        collectStdout: false,
      });
      const ms = now() - t0;
      if (r.timedOut) return { status: 'error', error: `--jobs ${jobs} did not finish within 120 s` };
      const firstError = r.stderr.trim().split('\n')[0] ?? '';
      if (r.code === 2 && r.lines === 0) {
        // a usage error: an unknown --jobs is the one expected
        if (/jobs/i.test(firstError)) return { status: 'skipped', reason: `--jobs not supported yet (${firstError})` };
        return { status: 'error', error: `CLI exited 2: ${firstError || 'no output'}` };
      }
      if (r.code !== 0 && r.code !== 1 && r.code !== 2) {
        const why = r.stderr.trim().split('\n').find((l) => /Error/.test(l)) ?? `exit ${r.code ?? r.signal}`;
        return { status: 'error', error: `CLI failed with --jobs ${jobs}: ${why}` };
      }
      // exit 2 with rows: some files could not be read; the run itself counts
      const failures = r.code === 2 ? r.stderr.trim().split('\n').length : 0;
      if (!best || ms < best.ms) best = { jobs, ms, rows: r.lines, exitCode: r.code, failures, firstError };
    }
    if (best.rows === 0) {
      // the tree is real text full of URLs: no row means the CLI did not read it
      return { status: 'skipped', reason: `the CLI printed no row for ${tree} (exit ${best.exitCode}): directory input not supported yet?` };
    }
    rows.push({ ...best, mbps: mbps(bytes, best.ms) });
  }
  const one = rows.find((r) => r.jobs === 1);
  const two = rows.find((r) => r.jobs === 2);
  return {
    tree,
    files,
    bytes,
    runs: rows,
    speedup: one && two ? one.ms / two.ms : undefined,
  };
}

export function render(r) {
  const t = table(
    [
      { title: '--jobs' },
      { title: 'wall', align: 'right' },
      { title: 'MB/s', align: 'right' },
      { title: 'rows', align: 'right' },
    ],
    r.runs.map((x) => [String(x.jobs), fmtMs(x.ms), fmtMBps(x.mbps), fmtCount(x.rows)]),
  );
  return [
    t,
    `  ${r.tree}: ${r.files} files, ${fmtMB(r.bytes)}; best of up to 2 runs, start-up included`,
    `  --jobs 1 time / --jobs 2 time: ${fmtRatio(r.speedup)}`,
    ...r.runs
      .filter((x) => x.exitCode === 2)
      .map((x) => `  note: --jobs ${x.jobs} exited 2 with ${x.failures} line(s) on stderr, first: ${x.firstError}`),
  ].join('\n');
}
