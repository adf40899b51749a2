/**
 * The whole CLI over a tree of ~2,000 real files (corpus/large/tree), with
 * --jobs 1 and --jobs 2: wall time including start-up, file walking and
 * JSON Lines output (counted, then dropped); then two --jobs 1 runs at once,
 * the most this machine's cores give the workload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fetchHint, folderBytes, listFiles, paths, root } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtMs, mbps, median, now, table } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';
import { targets } from '../lib/targets.js';

/** Speed-ups are compared with a target to a tenth: two decimals. */
const ratio = (x) => (x === undefined || !Number.isFinite(x) ? '—' : `${x.toFixed(2)}×`);

export const id = 'cli';
export const title = 'CLI: urlsift --format jsonl --jobs N over corpus/large/tree; one big text file; memory on hostile runs';

/** corpus/large/text concatenated into one file (outside the repository), once per run. */
function bigTextFile() {
  const file = path.join(os.tmpdir(), 'urlsift-bench-big.txt');
  const parts = listFiles(paths.largeText).sort();
  const size = parts.reduce((sum, part) => sum + fs.statSync(part).size, 0);
  if (!fs.existsSync(file) || fs.statSync(file).size !== size) {
    fs.writeFileSync(file, '');
    for (const part of parts) fs.appendFileSync(file, fs.readFileSync(part));
  }
  return { file, bytes: size };
}

/**
 * Text dense with URLs, from the big file: its lines that hold `://`, five
 * times over (outside the repository, once per run): a row for every 170
 * bytes or so, where the big file has one for every 2,500.
 */
function denseTextFile(big) {
  const file = path.join(os.tmpdir(), 'urlsift-bench-dense-lines.txt');
  const lines = fs
    .readFileSync(big, 'utf8')
    .split('\n')
    .filter((line) => line.includes('://'))
    .join('\n');
  fs.writeFileSync(file, `${lines}\n`.repeat(5));
  return file;
}

/**
 * The CLI on one big text file, as text and as JSON Lines, beside the floor
 * of any Node command on it (`node -e 0`; the command on an empty file:
 * start-up and its modules; reading and decoding the file and nothing
 * else), in interleaved rounds: each round times the floors, text and JSON
 * Lines one after the other, in the opposite order every other round (a
 * run right after another is not always favoured), so that each ratio
 * compares runs under the same load. Best and median of the rounds, the
 * ratios as medians of each round's pair, the load before and after; then
 * `scan()` on the same text in process.
 */
async function bigFile(rounds) {
  if (!fs.existsSync(paths.largeText)) return undefined;
  const { file, bytes } = bigTextFile();
  const dense = denseTextFile(file);
  const empty = path.join(os.tmpdir(), 'urlsift-bench-empty.txt');
  fs.writeFileSync(empty, '');
  const commands = {
    start: { argv: ['-e', '0'] },
    modules: { argv: [paths.bin, empty] },
    read: { argv: [path.join(root, 'bench/read-floor-child.js'), file] },
    text: { argv: [paths.bin, '--format', 'text', file], rows: true },
    jsonl: { argv: [paths.bin, '--format', 'jsonl', file], rows: true },
    denseText: { argv: [paths.bin, '--format', 'text', dense], rows: true },
    denseJsonl: { argv: [paths.bin, '--format', 'jsonl', dense], rows: true },
  };
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  const rows = {};
  const peaks = {};
  const loadBefore = os.loadavg()[0];
  for (let round = 0; round < rounds; round++) {
    const inOrder = Object.entries(commands);
    for (const [name, { argv, rows: counted }] of round % 2 === 0 ? inOrder : inOrder.reverse()) {
      const t0 = now();
      const r = await runProcess(process.execPath, argv, { timeoutMs: 240_000, collectStdout: false, sampleRss: counted === true });
      times[name].push(now() - t0);
      if (counted) {
        rows[name] = r.lines;
        peaks[name] = Math.max(peaks[name] ?? 0, (r.peakRssKiB ?? 0) / 1024);
      }
    }
  }
  const figures = (list) => ({ ms: Math.min(...list), medianMs: median(list), mbps: mbps(bytes, Math.min(...list)) });
  /** Per round, `name`'s time over `base`'s: best and median. */
  const ratios = (name, base) => {
    const list = times[name].map((ms, round) => ms / times[base][round]);
    return { best: Math.min(...list), median: median(list), rounds: list };
  };
  const formats = {};
  for (const format of ['text', 'jsonl']) {
    formats[format] = { ...figures(times[format]), rows: rows[format], peakMB: peaks[format], overFloor: ratios(format, 'read') };
  }
  const floors = { start: figures(times.start), modules: figures(times.modules), read: figures(times.read) };
  const load = { before: loadBefore, after: os.loadavg()[0] };
  const { scan } = await import(path.join(root, 'dist/index.js'));
  const text = fs.readFileSync(file, 'utf8');
  let scanBest = Infinity;
  for (let round = 0; round < rounds + 1; round++) {
    const t0 = now();
    scan(text);
    scanBest = Math.min(scanBest, now() - t0);
  }
  const denseRun = { bytes: fs.statSync(dense).size, rows: rows.denseJsonl, text: figures(times.denseText), jsonl: figures(times.denseJsonl) };
  return { bytes, rounds, formats, floors, load, dense: denseRun, jsonlOverText: ratios('jsonl', 'text'), denseJsonlOverText: ratios('denseJsonl', 'denseText'), scanMbps: mbps(bytes, scanBest) };
}

/** Peak memory of runs that once grew without bound: a device, --unique and --context on URL-dense text. */
async function hostileMemory() {
  const dense = path.join(os.tmpdir(), 'urlsift-bench-dense.txt');
  const lines = 400_000;
  if (!fs.existsSync(dense)) {
    const out = fs.openSync(dense, 'w');
    for (let i = 0; i < lines; i += 10_000) {
      let chunk = '';
      for (let k = i; k < i + 10_000; k++) chunk += `see http://host${k}.example/path/${k} and more\n`;
      fs.writeSync(out, chunk);
    }
    fs.closeSync(out);
  }
  const runs = [
    ['/dev/zero', ['/dev/zero']],
    ['--unique, 400,000 distinct URLs', ['--unique', dense]],
    ['--context 10, URL-dense text', ['--context', '10', dense]],
  ];
  const out = [];
  for (const [label, argv] of runs) {
    const t0 = now();
    const r = await runProcess(process.execPath, [paths.bin, ...argv], { timeoutMs: 120_000, collectStdout: false, sampleRss: true });
    out.push({ label, ms: now() - t0, rows: r.lines, code: r.code, peakMB: (r.peakRssKiB ?? 0) / 1024 });
  }
  return out;
}

const jobCounts = [1, 2];

/** One CLI run over `tree`: its wall time and what it printed, or a reason it cannot count. */
async function timeRun(tree, jobs) {
  const t0 = now();
  const r = await runProcess(process.execPath, [paths.bin, '--format', 'jsonl', '--jobs', String(jobs), tree], {
    timeoutMs: 240_000,
    collectStdout: false,
  });
  const ms = now() - t0;
  if (r.timedOut) return { error: `--jobs ${jobs} did not finish within 240 s` };
  const firstError = r.stderr.trim().split('\n')[0] ?? '';
  if (r.code === 2 && r.lines === 0) {
    // a usage error: an unknown --jobs is the one expected
    if (/jobs/i.test(firstError)) return { skipped: `--jobs not supported yet (${firstError})` };
    return { error: `CLI exited 2: ${firstError || 'no output'}` };
  }
  if (r.code !== 0 && r.code !== 1 && r.code !== 2) {
    const why = r.stderr.trim().split('\n').find((l) => /Error/.test(l)) ?? `exit ${r.code ?? r.signal}`;
    return { error: `CLI failed with --jobs ${jobs}: ${why}` };
  }
  if (r.lines === 0) {
    // the tree is real text full of URLs: no row means the CLI did not read it
    return { skipped: `the CLI printed no row for ${tree} (exit ${r.code}): directory input not supported yet?` };
  }
  // exit 2 with rows: some files could not be read; the run itself counts
  const failures = r.code === 2 ? r.stderr.trim().split('\n').length : 0;
  return { jobs, ms, rows: r.lines, exitCode: r.code, failures, firstError };
}

/**
 * Rounds of: `--jobs 1`, `--jobs 2`, then two `--jobs 1` runs at once. The
 * runs of a round follow each other, so a machine whose speed drifts (other
 * work on it) moves both sides of a round's ratio alike; the figures are the
 * medians over the rounds.
 *
 * Two independent `--jobs 1` runs at the same time share nothing but the
 * machine: their time says how much two cores give this workload at most.
 * If the pair takes longer than one run alone, no way of splitting the work
 * over two threads reaches 2×.
 */
export async function run(ctx) {
  if (!fs.existsSync(paths.tree)) return { status: 'skipped', reason: `corpus/large/tree not found: ${fetchHint}` };
  if (!fs.existsSync(paths.bin)) return { status: 'skipped', reason: 'bin/urlsift.js not found' };
  const bytes = folderBytes(paths.tree);
  const files = listFiles(paths.tree).length;
  const tree = path.relative(root, paths.tree);
  const rounds = ctx.quick ? 1 : 3;
  const runs = { 1: [], 2: [] };
  const pairs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const jobs of jobCounts) {
      ctx.log(`cli: round ${round}/${rounds}, --jobs ${jobs}`);
      const r = await timeRun(tree, jobs);
      if (r.error) return { status: 'error', error: r.error };
      if (r.skipped) return { status: 'skipped', reason: r.skipped };
      runs[jobs].push(r);
    }
    ctx.log(`cli: round ${round}/${rounds}, two --jobs 1 runs at once`);
    const t0 = now();
    const both = await Promise.all([timeRun(tree, 1), timeRun(tree, 1)]);
    const failed = both.find((r) => r.error || r.skipped);
    if (failed) return { status: 'error', error: failed.error ?? failed.skipped };
    pairs.push(now() - t0);
  }
  const rows = jobCounts.map((jobs) => {
    const list = runs[jobs];
    const ms = median(list.map((r) => r.ms));
    const last = list[list.length - 1];
    return { ...last, ms, mbps: mbps(bytes, ms) };
  });
  const ratios = runs[1].map((one, i) => one.ms / runs[2][i].ms);
  const ceilings = runs[1].map((one, i) => (2 * one.ms) / pairs[i]);
  const big = await bigFile(ctx.quick ? 3 : 7);
  const hostile = await hostileMemory();
  // the files generated for these runs are not left behind (made again on the next run)
  for (const name of ['urlsift-bench-big.txt', 'urlsift-bench-dense-lines.txt', 'urlsift-bench-empty.txt', 'urlsift-bench-dense.txt']) fs.rmSync(path.join(os.tmpdir(), name), { force: true });
  return {
    big,
    hostile,
    tree,
    files,
    bytes,
    rounds,
    runs: rows,
    speedup: median(ratios),
    speedups: ratios,
    pairMs: median(pairs),
    ceiling: median(ceilings),
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
    `  ${r.tree}: ${r.files} files, ${fmtMB(r.bytes)}; median of ${r.rounds} rounds, start-up included`,
    `  --jobs 1 time / --jobs 2 time: ${ratio(r.speedup)} (rounds: ${r.speedups.map(ratio).join(', ')})`,
    `  two --jobs 1 runs at once: ${fmtMs(r.pairMs)} for twice the work, so two cores give this workload at most ${ratio(r.ceiling)}` +
      ` (--jobs 2 reaches ${((r.speedup / r.ceiling) * 100).toFixed(0)}% of that)`,
    `  target --jobs 2 ≥ ${targets.jobsSpeedup}× faster than --jobs 1: ${ratio(r.speedup)} — ${r.speedup >= targets.jobsSpeedup ? 'MET' : 'BELOW TARGET'}`,
    ...r.runs
      .filter((x) => x.exitCode === 2)
      .map((x) => `  note: --jobs ${x.jobs} exited 2 with ${x.failures} line(s) on stderr, first: ${x.firstError}`),
    ...(r.big === undefined
      ? []
      : [
          `  one big text file (corpus/large/text concatenated, ${fmtMB(r.big.bytes)}), whole process, ${r.big.rounds} interleaved rounds (floors, text, JSON Lines; every other round the other way round), best and median; load ${r.big.load.before.toFixed(1)} before, ${r.big.load.after.toFixed(1)} after:`,
          ...Object.entries(r.big.formats).map(
            ([format, x]) =>
              `    --format ${format.padEnd(5)} ${fmtMBps(x.mbps)} MB/s (${fmtMs(x.ms)}, median ${fmtMs(x.medianMs)}; ${fmtCount(x.rows)} rows, peak RSS ${x.peakMB.toFixed(0)} MB): ${ratio(x.overFloor.best)} the floor (median ${ratio(x.overFloor.median)})`,
          ),
          `    scan() on the same text in process: ${fmtMBps(r.big.scanMbps)} MB/s (the ceiling)`,
          `    node doing nothing: ${fmtMs(r.big.floors.start.ms)} (median ${fmtMs(r.big.floors.start.medianMs)}); the command on an empty file (start-up and its modules): ${fmtMs(r.big.floors.modules.ms)} (median ${fmtMs(r.big.floors.modules.medianMs)}); node reading and decoding the file, nothing else: ${fmtMBps(r.big.floors.read.mbps)} MB/s (${fmtMs(r.big.floors.read.ms)}, median ${fmtMs(r.big.floors.read.medianMs)}): the floor of any Node command`,
          ...['text', 'jsonl'].map((format) => {
            const target = targets.cliBigFileOverFloor[format];
            const x = r.big.formats[format].overFloor;
            return `    target --format ${format} within ${target}× the floor (same round): ${ratio(x.median)} median of the pairs (rounds: ${x.rounds.map(ratio).join(', ')}) — ${x.median <= target ? 'MET' : 'BELOW TARGET'}`;
          }),
          `    target JSON Lines at most ${targets.jsonlOverText}× text (same round): ${ratio(r.big.jsonlOverText.median)} median (rounds: ${r.big.jsonlOverText.rounds.map(ratio).join(', ')}) — ${r.big.jsonlOverText.median <= targets.jsonlOverText ? 'MET' : 'BELOW TARGET'}`,
          `    URL-dense text (the file's lines holding '://', five times over: ${fmtMB(r.big.dense.bytes)}, ${fmtCount(r.big.dense.rows)} rows): text ${fmtMs(r.big.dense.text.medianMs)}, JSON Lines ${fmtMs(r.big.dense.jsonl.medianMs)} (medians)`,
          `    target JSON Lines at most ${targets.jsonlOverText}× text on URL-dense text (same round): ${ratio(r.big.denseJsonlOverText.median)} median (rounds: ${r.big.denseJsonlOverText.rounds.map(ratio).join(', ')}) — ${r.big.denseJsonlOverText.median <= targets.jsonlOverText ? 'MET' : 'BELOW TARGET'}`,
        ]),
    '  peak RSS of runs that once grew without bound:',
    ...r.hostile.map((x) => `    ${x.label}: ${x.peakMB.toFixed(0)} MB, ${fmtMs(x.ms)}, exit ${x.code}, ${fmtCount(x.rows)} rows`),
  ].join('\n');
}
