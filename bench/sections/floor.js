/**
 * Where scan()'s time goes, and the least time any scanner built this way can
 * take: the same texts read by the three steps no URL finder of this design
 * can skip, each timed alone.
 *
 *   triggers   `indexOf(':')` and `indexOf('<')` from each hit to the next:
 *              the search for the places a URL may start, and nothing else
 *   lines      `indexOf('\n')` from line to line: what positions in
 *              `{line, column}` cost when URLs are spread through the text
 *   parse      `parse()` of every URL scan() found (each candidate must go
 *              through the parser), without building records
 *
 * Their sum is a floor: a scanner doing only these steps, with no state
 * machine, no records and no look-around, could not be faster. Beside
 * linkify-it's time on the same texts it says which ratio this design could
 * reach at best.
 */
import { bundledCorpus, largeCorpus } from '../lib/corpus.js';
import { fmtMs, fmtMBps, fmtRatio, measure, table } from '../lib/measure.js';
import { targets } from '../lib/targets.js';
import { loadPeers, loadUrlsift } from '../lib/tools.js';
import { pass } from './scan.js';

export const id = 'floor';
export const title = 'Where scan() time goes: the steps no scanner of this design can skip, timed alone';

function triggers(texts) {
  return () => {
    let n = 0;
    for (const text of texts) {
      for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) n++;
      for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) n++;
    }
    return n;
  };
}

function lines(texts) {
  return () => {
    let n = 0;
    for (const text of texts) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    }
    return n;
  };
}

function parses(parse, urls) {
  return () => {
    let valid = 0;
    for (const url of urls) if (parse(url).valid) valid++;
    return valid;
  };
}

export async function run(ctx) {
  const { scan, parse } = await loadUrlsift();
  const corpus = largeCorpus() ?? bundledCorpus();
  const urls = corpus.texts.flatMap((text) => scan(text).map((record) => record.url));
  const budgetMs = ctx.quick ? 800 : 3000;
  const options = { bytes: corpus.bytes, budgetMs, minRuns: 3, maxRuns: 11 };
  ctx.log(`floor: ${corpus.name}`);
  const steps = [
    { step: 'triggers', what: "indexOf(':') and indexOf('<') over every text", m: measure(triggers(corpus.texts), options) },
    { step: 'lines', what: "indexOf('\\n') over every text", m: measure(lines(corpus.texts), options) },
    { step: 'parse', what: `parse() of the ${urls.length} URLs scan() finds`, m: measure(parses(parse, urls), options) },
  ];
  const floorMs = steps.reduce((sum, s) => sum + s.m.ms, 0);

  // scan() and linkify-it on the same texts: the figures of the peers section
  // when it ran, else timed here the way it times them
  const row = ctx.results.peers?.corpora?.find((c) => c.name === corpus.name);
  const msOf = (mbps) => corpus.bytes / 1e6 / mbps * 1000;
  let scanMs;
  let linkifyMs;
  if (row?.peers['linkify-it']) {
    scanMs = msOf(row.urlsift.mbps);
    linkifyMs = msOf(row.peers['linkify-it'].mbps);
  } else {
    const scanTool = { run: (text) => scan(text), count: (r) => r.length };
    scanMs = measure(pass(scanTool, corpus), options).ms;
    const { peers } = await loadPeers();
    const linkifyIt = peers.find((p) => p.name === 'linkify-it');
    if (linkifyIt) {
      ctx.log(`floor: linkify-it on ${corpus.name}`);
      linkifyMs = measure(pass(linkifyIt, corpus), { ...options, budgetMs: ctx.quick ? 800 : 6000, minRuns: 1 }).ms;
    }
  }
  return {
    corpus: corpus.name,
    bytes: corpus.bytes,
    steps: steps.map((s) => ({ step: s.step, what: s.what, ms: s.m.ms, mbps: s.m.mbps, count: s.m.result })),
    floorMs,
    scanMs,
    linkifyMs,
    bestRatio: linkifyMs === undefined ? undefined : linkifyMs / floorMs,
    scanRatio: linkifyMs === undefined ? undefined : linkifyMs / scanMs,
    budgetMs: linkifyMs === undefined ? undefined : linkifyMs / targets.vsLinkifyIt,
  };
}

export function render(r) {
  const rows = r.steps.map((s) => [s.step, s.what, fmtMs(s.ms), fmtMBps(s.mbps)]);
  rows.push(['floor', 'the three together', fmtMs(r.floorMs), fmtMBps(r.bytes / 1e6 / (r.floorMs / 1000))]);
  rows.push(['scan()', 'the whole scanner', fmtMs(r.scanMs), fmtMBps(r.bytes / 1e6 / (r.scanMs / 1000))]);
  if (r.linkifyMs !== undefined) rows.push(['linkify-it', 'match() over every text', fmtMs(r.linkifyMs), fmtMBps(r.bytes / 1e6 / (r.linkifyMs / 1000))]);
  const t = table(
    [{ title: 'step' }, { title: 'what is timed' }, { title: 'ms/pass', align: 'right' }, { title: 'MB/s', align: 'right' }],
    rows,
  );
  const lines = [`  on ${r.corpus}`, t];
  if (r.linkifyMs !== undefined) {
    lines.push(
      `  ${targets.vsLinkifyIt}× linkify-it leaves ${fmtMs(r.budgetMs)} a pass; the floor alone takes ${fmtMs(r.floorMs)}:` +
        ` at best ${fmtRatio(r.bestRatio)} linkify-it for any scanner of this design (scan(): ${fmtRatio(r.scanRatio)})`,
    );
  }
  return lines.join('\n');
}
