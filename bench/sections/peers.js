/**
 * The same texts through linkify-it, Autolinker and linkifyjs, beside
 * urlsift's figures from the scan section.
 */
import { bundledCorpus, largeCorpus } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtRatio, measure, table } from '../lib/measure.js';
import { targets } from '../lib/targets.js';
import { loadPeers } from '../lib/tools.js';
import { pass, run as runScan } from './scan.js';

export const id = 'peers';
export const title = 'Throughput beside peers (MB/s; × = urlsift faster by)';

export async function run(ctx) {
  const scan = ctx.results.scan?.corpora ? ctx.results.scan : await runScan(ctx);
  const { peers, missing } = await loadPeers();
  const corpora = [];
  for (const base of scan.corpora) {
    const corpus = base.key === 'large' ? largeCorpus() : bundledCorpus();
    const row = { key: base.key, name: base.name, bytes: base.bytes, urlsift: { mbps: base.mbps, urls: base.urls }, peers: {} };
    // the large corpus joined into one text: a peer given 62 MB at once runs out of memory (4 GB heap), so none is run
    if (base.key === 'joined') {
      for (const peer of peers) row.peers[peer.name] = {};
      corpora.push(row);
      continue;
    }
    for (const peer of peers) {
      ctx.log(`peers: ${peer.name} on ${corpus.name}`);
      const m = measure(pass(peer, corpus), {
        bytes: corpus.bytes,
        budgetMs: ctx.quick ? 800 : base.key === 'large' ? 6000 : 1500,
        // one pass of a slow peer over the large text can take half a minute
        minRuns: base.key === 'large' ? 1 : 3,
        maxRuns: 11,
      });
      row.peers[peer.name] = { mbps: m.mbps, runs: m.runs, urls: m.result, ratio: base.mbps / m.mbps };
    }
    corpora.push(row);
  }
  const real = corpora.find((c) => c.key === 'large') ?? corpora[0];
  const li = real.peers['linkify-it'];
  return {
    peers: peers.map((p) => p.name),
    missing,
    corpora,
    target: {
      ratio: targets.vsLinkifyIt,
      measured: li?.ratio,
      on: real.name,
      met: li ? li.ratio >= targets.vsLinkifyIt : undefined,
    },
  };
}

export function render(r) {
  const columns = [{ title: 'corpus' }, { title: 'size', align: 'right' }, { title: 'urlsift', align: 'right' }];
  for (const p of r.peers) {
    columns.push({ title: p, align: 'right' }, { title: '×', align: 'right' });
  }
  const rows = r.corpora.map((c) => {
    const row = [c.name, fmtMB(c.bytes), fmtMBps(c.urlsift.mbps)];
    for (const p of r.peers) row.push(fmtMBps(c.peers[p].mbps), fmtRatio(c.peers[p].ratio));
    return row;
  });
  const counts = table(
    [{ title: 'URLs found' }, { title: 'urlsift', align: 'right' }, ...r.peers.map((p) => ({ title: p, align: 'right' }))],
    r.corpora.map((c) => [c.name, fmtCount(c.urlsift.urls), ...r.peers.map((p) => fmtCount(c.peers[p].urls))]),
  );
  const lines = [table(columns, rows), '', counts];
  lines.push('  (peers run with their defaults: they also link www. names and e-mail addresses; —: not run on one text of the whole corpus)');
  for (const m of r.missing) lines.push(`  ${m.name}: ${m.reason}`);
  if (r.target.measured !== undefined) {
    lines.push(
      `  target ≥ ${r.target.ratio}× linkify-it on real text: ${fmtRatio(r.target.measured)} on ${r.target.on} — ${r.target.met ? 'MET' : 'BELOW TARGET'}`,
    );
  }
  return lines.join('\n');
}
