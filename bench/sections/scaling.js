/**
 * How well this machine's two cores share work, apart from urlsift: one
 * process alone, then two identical processes at once, for the Markdown
 * parser the CLI runs (remark-parse + remark-gfm) and for a loop of integer
 * arithmetic that touches no memory. Two at once doing twice the work in the
 * same time is 2.0×; what the parser reaches is the most any way of
 * splitting Markdown over two cores can reach here.
 */
import fs from 'node:fs';
import { fetchHint, paths } from '../lib/corpus.js';
import { fmtMs, median, now, table } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';

export const id = 'scaling';
export const title = 'Two cores: one process alone against two at once (the machine, not urlsift)';

const child = new URL('../scaling-child.js', import.meta.url).pathname;

/** One `scaling-child.js` run, its wall time. */
async function once(kind) {
  const t0 = now();
  const r = await runProcess(process.execPath, [child, kind], { timeoutMs: 120_000 });
  const ms = now() - t0;
  if (r.timedOut) throw new Error(`${kind} did not finish within 120 s`);
  if (r.code !== 0) throw new Error(`${kind}: ${r.stdout.trim() || r.stderr.trim().split('\n')[0] || `exit ${r.code}`}`);
  return ms;
}

export async function run(ctx) {
  if (!fs.existsSync(paths.largeMarkdown)) return { status: 'skipped', reason: `corpus/large/markdown not found: ${fetchHint}` };
  const rounds = ctx.quick ? 1 : 2;
  const rows = [];
  for (const kind of ['markdown', 'arithmetic']) {
    const alone = [];
    const pair = [];
    for (let round = 1; round <= rounds; round++) {
      ctx.log(`scaling: ${kind}, round ${round}/${rounds}`);
      alone.push(await once(kind));
      const t0 = now();
      await Promise.all([once(kind), once(kind)]);
      pair.push(now() - t0);
    }
    const ratios = alone.map((ms, i) => (2 * ms) / pair[i]);
    rows.push({ kind, aloneMs: median(alone), pairMs: median(pair), scaling: median(ratios) });
  }
  return { rounds, rows };
}

export function render(r) {
  const what = { markdown: 'remark-parse + remark-gfm, 2.1 MB of Markdown', arithmetic: 'integer arithmetic, no memory' };
  const t = table(
    [
      { title: 'work' },
      { title: 'one alone', align: 'right' },
      { title: 'two at once', align: 'right' },
      { title: 'work done per time', align: 'right' },
    ],
    r.rows.map((x) => [what[x.kind] ?? x.kind, fmtMs(x.aloneMs), fmtMs(x.pairMs), `${x.scaling.toFixed(2)}×`]),
  );
  return [
    t,
    `  median of ${r.rounds} rounds, process start-up included; 2.00× = two cores give twice the work of one`,
  ].join('\n');
}
