/**
 * Timing, throughput and formatting shared by the benchmark sections.
 *
 * MB means 10^6 bytes of UTF-8 input throughout.
 */

/** Milliseconds, high resolution. */
export const now = () => performance.now();

/** UTF-8 size of a string or of a list of strings. */
export function utf8Bytes(texts) {
  if (typeof texts === 'string') return Buffer.byteLength(texts, 'utf8');
  let total = 0;
  for (const t of texts) total += Buffer.byteLength(t, 'utf8');
  return total;
}

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Megabytes per second for `bytes` processed in `ms` milliseconds. */
export function mbps(bytes, ms) {
  return ms > 0 ? bytes / 1e6 / (ms / 1000) : Number.POSITIVE_INFINITY;
}

/**
 * Which statistic of the samples is the headline figure: `best` (default; on
 * a shared machine other work only ever slows a run down) or `median`.
 */
let statistic = 'best';
export function setStatistic(name) {
  if (name !== 'best' && name !== 'median') throw new TypeError(`statistic must be best or median, got ${name}`);
  statistic = name;
}
export function getStatistic() {
  return statistic;
}

/** Let the collector catch up between measurements when node runs with --expose-gc. */
export function settle() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

/**
 * Time `fn` (one call = one pass over `bytes` of input) after a warm-up.
 *
 * A fast `fn` is repeated within one sample until the sample lasts at least
 * `minSampleMs`, so that tiny inputs are still timed reliably. Samples are
 * taken until `maxRuns`, or until `budgetMs` is spent and `minRuns` are done.
 * The warm-up lasts `warmupMs`; a first call that alone takes more than a
 * quarter of the budget counts as the first sample instead (slow peers on
 * large text would otherwise cost minutes).
 *
 * Returns the median and best time of one call and their MB/s; `ms` and
 * `mbps` are the headline statistic's (see setStatistic).
 */
export function measure(fn, options) {
  const {
    bytes,
    minRuns = 3,
    maxRuns = 15,
    budgetMs = 3000,
    minSampleMs = 50,
    warmup = true,
    warmupMs = Math.min(500, budgetMs / 4),
  } = options;
  const samples = [];
  let result;
  let reps = 1;
  settle();
  let start;
  if (warmup) {
    const t0 = now();
    result = fn();
    const first = now() - t0;
    if (first > budgetMs / 4) {
      samples.push(first);
      start = t0;
    } else {
      // warm up for at least `warmupMs` (the JIT needs a few hundred calls on
      // small inputs), then size the samples from the warm calls
      let calls = 0;
      const t1 = now();
      do {
        result = fn();
        calls++;
      } while (now() - t1 < warmupMs || calls < 2);
      const perCall = Math.max((now() - t1) / calls, 0.001);
      reps = Math.max(1, Math.ceil(minSampleMs / perCall));
    }
  }
  start ??= now();
  while (samples.length < maxRuns) {
    if (samples.length >= minRuns && now() - start >= budgetMs) break;
    // a single call that blows the whole budget: one sample is all we take
    if (samples.length >= 1 && samples[0] >= budgetMs) break;
    const t0 = now();
    for (let i = 0; i < reps; i++) result = fn();
    samples.push((now() - t0) / reps);
  }
  return summarize(samples, bytes, reps, result);
}

function summarize(samples, bytes, reps, result) {
  const med = median(samples);
  const best = Math.min(...samples);
  const ms = statistic === 'best' ? best : med;
  return {
    ms,
    mbps: mbps(bytes, ms),
    medianMs: med,
    medianMbps: mbps(bytes, med),
    bestMs: best,
    bestMbps: mbps(bytes, best),
    runs: samples.length,
    reps,
    bytes,
    result,
  };
}

/** Time one call of an async function, once. */
export async function timeOnce(fn) {
  const t0 = now();
  const result = await fn();
  return { ms: now() - t0, result };
}

// ----------------------------------------------------------------- format ---

export function fmtMBps(x) {
  if (x === undefined || x === null || Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return '∞';
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function fmtRatio(x) {
  if (x === undefined || x === null || Number.isNaN(x) || !Number.isFinite(x)) return '—';
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}

export function fmtMB(bytes) {
  const mb = bytes / 1e6;
  return `${mb >= 10 ? mb.toFixed(0) : mb >= 0.1 ? mb.toFixed(1) : mb.toFixed(2)} MB`;
}

export function fmtMs(ms) {
  if (ms === undefined || Number.isNaN(ms)) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms >= 10 ? 0 : 2)} ms`;
}

export function fmtCount(n) {
  return n === undefined || n === null ? '—' : String(n);
}

/**
 * Render rows as an aligned text table. `columns` is a list of
 * `{ title, align: 'left' | 'right' }`; rows are arrays of strings.
 */
export function table(columns, rows) {
  const cells = [columns.map((c) => c.title), ...rows.map((r) => r.map((v) => String(v)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const pad = (s, i) => {
    const gap = ' '.repeat(widths[i] - [...s].length);
    return columns[i].align === 'right' ? gap + s : s + gap;
  };
  const lines = cells.map((r) => columns.map((_, i) => pad(r[i] ?? '', i)).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.map((l) => `  ${l}`).join('\n');
}

/** Round numbers for JSON output, drop function values and the `result` field. */
export function forJson(value) {
  return JSON.parse(
    JSON.stringify(value, (key, v) => {
      if (key === 'result') return undefined;
      if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null;
      return v;
    }),
  );
}

/**
 * `measure` for an async `fn`: a warm-up call, then samples until `maxRuns`,
 * or until `budgetMs` is spent and `minRuns` are done.
 */
export async function measureAsync(fn, options) {
  const { bytes, minRuns = 3, maxRuns = 9, budgetMs = 3000, warmup = true } = options;
  const samples = [];
  let result;
  settle();
  let start;
  if (warmup) {
    const t0 = now();
    result = await fn();
    const first = now() - t0;
    if (first > budgetMs / 4) {
      samples.push(first);
      start = t0;
    }
  }
  start ??= now();
  while (samples.length < maxRuns) {
    if (samples.length >= minRuns && now() - start >= budgetMs) break;
    if (samples.length >= 1 && samples[0] >= budgetMs) break;
    const t0 = now();
    result = await fn();
    samples.push(now() - t0);
  }
  return summarize(samples, bytes, 1, result);
}
