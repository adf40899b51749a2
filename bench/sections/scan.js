/**
 * scan() throughput on real text: the bundled corpus and, when fetched, the
 * large one (Debian documentation and npm Markdown, read as plain text).
 */
import { bundledCorpus, fetchHint, largeCorpus } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, measure, table } from '../lib/measure.js';
import { urlsiftTool } from '../lib/tools.js';
import { targets } from '../lib/targets.js';

export const id = 'scan';
/** Characters a stream hands the scanner at a time (a 64 KiB read, about). */
const streamPiece = 64 * 1024;
export const title = 'urlsift scan() throughput on real text (single thread)';

/** One pass of `tool` over every text of `corpus`; returns the number of matches. */
export function pass(tool, corpus) {
  return () => {
    let n = 0;
    for (const text of corpus.texts) n += tool.count(tool.run(text));
    return n;
  };
}

/** A row of the table: what was scanned and its measurement. */
function row(key, name, files, bytes, m) {
  return { key, name, files, bytes, mbps: m.mbps, medianMbps: m.medianMbps, bestMbps: m.bestMbps, ms: m.ms, runs: m.runs, urls: m.result };
}

export async function run(ctx) {
  const tool = await urlsiftTool();
  const corpora = [];
  const notes = [];
  const sets = [['bundled', bundledCorpus()]];
  const large = largeCorpus();
  if (large) sets.push(['large', large]);
  else notes.push(`corpus/large not found: ${fetchHint}`);

  for (const [key, corpus] of sets) {
    ctx.log(`scan: ${corpus.name} (${fmtMB(corpus.bytes)})`);
    const m = measure(pass(tool, corpus), {
      bytes: corpus.bytes,
      budgetMs: ctx.quick ? 800 : key === 'large' ? 4000 : 2000,
      minRuns: 3,
      maxRuns: key === 'large' ? 11 : 21,
    });
    corpora.push(row(key, corpus.name, corpus.files.length, corpus.bytes, m));
  }
  const real = corpora.find((c) => c.key === 'large') ?? corpora[0];
  // the same text as one stream: scan() on it whole, and written to a scanner in 64 KiB pieces
  const { createScanner, scan } = await import(new URL('../../dist/index.js', import.meta.url).href);
  const streamCorpus = large ?? sets[0][1];
  const joined = streamCorpus.texts.join('\n');
  const pieces = [];
  for (let at = 0; at < joined.length; at += streamPiece) pieces.push(joined.slice(at, at + streamPiece));
  const ways = [
    ['one text, scan()', () => scan(joined).length],
    [
      'one text, createScanner().write in 64 KiB pieces',
      () => {
        const scanner = createScanner();
        let n = 0;
        for (const piece of pieces) n += scanner.write(piece).length;
        return n + scanner.end().length;
      },
    ],
  ];
  for (const [way, once] of ways) {
    ctx.log(`scan: ${streamCorpus.name} as ${way}`);
    const m = measure(once, { bytes: streamCorpus.bytes, budgetMs: ctx.quick ? 800 : 4000, minRuns: 3, maxRuns: 11 });
    corpora.push(row('joined', `${streamCorpus.name} as ${way}`, 1, streamCorpus.bytes, m));
  }
  return {
    corpora,
    notes,
    target: {
      mbps: targets.realTextMbps,
      measured: real.mbps,
      on: real.name,
      met: real.mbps >= targets.realTextMbps,
    },
  };
}

export function render(r) {
  const rows = r.corpora.map((c) => [
    c.name,
    String(c.files),
    fmtMB(c.bytes),
    fmtMBps(c.medianMbps),
    fmtMBps(c.bestMbps),
    String(c.runs),
    fmtCount(c.urls),
  ]);
  const t = table(
    [
      { title: 'corpus' },
      { title: 'files', align: 'right' },
      { title: 'size', align: 'right' },
      { title: 'MB/s median', align: 'right' },
      { title: 'MB/s best', align: 'right' },
      { title: 'runs', align: 'right' },
      { title: 'URLs', align: 'right' },
    ],
    rows,
  );
  const lines = [t];
  for (const n of r.notes) lines.push(`  note: ${n}`);
  lines.push(
    `  target ≥ ${r.target.mbps} MB/s on real text: ${fmtMBps(r.target.measured)} MB/s on ${r.target.on} — ${r.target.met ? 'MET' : 'BELOW TARGET'}`,
  );
  return lines.join('\n');
}
