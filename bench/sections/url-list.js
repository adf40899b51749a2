/**
 * Text dense with URLs: a list of real URLs, one a line, built from the URLs
 * scan() finds in corpus/large (text and Markdown), in the order found. Here
 * the cost of a record shows, not the search between URLs: µs per record and
 * MB/s, beside linkify-it doing the same work on the same list.
 */
import { fetchHint, largeCorpus } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtRatio, measure, table, utf8Bytes } from '../lib/measure.js';
import { targets } from '../lib/targets.js';
import { loadPeers, urlsiftTool } from '../lib/tools.js';

export const id = 'url-list';
export const title = 'A list of real URLs, one a line: the cost of a record (single thread)';

/** The list: every bare URL scan() finds in `corpus`, one a line, as a program reads it from a file. */
function urlList(tool, corpus) {
  const urls = [];
  for (const text of corpus.texts) {
    for (const record of tool.run(text)) if (record.form === 'bare') urls.push(record.url);
  }
  return Buffer.from(`${urls.join('\n')}\n`, 'utf8').toString('utf8');
}

export async function run(ctx) {
  const corpus = largeCorpus();
  if (!corpus) return { status: 'skipped', reason: `corpus/large not found: ${fetchHint}` };
  const tool = await urlsiftTool();
  const list = urlList(tool, corpus);
  const bytes = utf8Bytes([list]);
  const lines = list.split('\n').length - 1;
  ctx.log(`url-list: ${fmtCount(lines)} URLs, ${fmtMB(bytes)}`);
  const { peers, missing } = await loadPeers();
  const finders = [{ name: 'urlsift', ...tool }, ...peers.filter((peer) => peer.name === 'linkify-it')];
  const rows = [];
  for (const finder of finders) {
    ctx.log(`url-list: ${finder.name}`);
    const m = measure(() => finder.count(finder.run(list)), {
      bytes,
      budgetMs: ctx.quick ? 800 : 3000,
      minRuns: 3,
      maxRuns: 15,
    });
    rows.push({ name: finder.name, mbps: m.mbps, ms: m.ms, runs: m.runs, found: m.result, microsPerRecord: (m.ms * 1000) / m.result });
  }
  const urlsift = rows[0];
  return {
    lines,
    bytes,
    rows,
    missing: missing.filter((peer) => peer.name === 'linkify-it'),
    target: {
      microsPerRecord: targets.urlListMicrosPerRecord,
      mbps: targets.urlListMbps,
      met: urlsift.microsPerRecord <= targets.urlListMicrosPerRecord && urlsift.mbps >= targets.urlListMbps,
    },
  };
}

export function render(r) {
  if (r.status === 'skipped') return `  skipped: ${r.reason}`;
  const urlsift = r.rows[0];
  const t = table(
    [
      { title: 'finder' },
      { title: 'list', align: 'right' },
      { title: 'found', align: 'right' },
      { title: 'MB/s', align: 'right' },
      { title: 'µs/record', align: 'right' },
      { title: '× urlsift faster', align: 'right' },
    ],
    r.rows.map((row) => [
      row.name,
      fmtMB(r.bytes),
      fmtCount(row.found),
      fmtMBps(row.mbps),
      row.microsPerRecord.toFixed(2),
      row === urlsift ? '' : fmtRatio(row.ms / urlsift.ms),
    ]),
  );
  const lines = [t, `  ${fmtCount(r.lines)} URLs from corpus/large (text and Markdown), one a line`];
  for (const m of r.missing) lines.push(`  ${m.name}: ${m.reason}`);
  lines.push(
    `  target ≤ ${r.target.microsPerRecord} µs a record and ≥ ${r.target.mbps} MB/s: ${urlsift.microsPerRecord.toFixed(2)} µs, ${fmtMBps(urlsift.mbps)} MB/s — ${r.target.met ? 'MET' : 'BELOW TARGET'}`,
  );
  return lines.join('\n');
}
