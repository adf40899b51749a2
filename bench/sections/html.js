/**
 * HTML: the HTML adapter on real HTML (the HTML manuals among the Debian
 * documentation in corpus/large/text), beside the obvious way a user would
 * collect links with a kept library: htmlparser2's DOM walked for `href` and
 * `src` (a tree), and htmlparser2's Parser with an `onopentag` handler (no
 * tree). Then peak memory on a generated HTML file of 1 GB (100 MB with
 * --quick), read as a stream in a child process (bench/html-child.js), and
 * the command line on the same file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fetchHint, listFiles, paths } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtMs, fmtRatio, mbps, median, table, utf8Bytes } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';
import { firstLine } from '../lib/tools.js';

export const id = 'html';
export const title = 'HTML: the HTML adapter on real HTML beside htmlparser2 link collectors; peak RSS on a 1 GB file';

const child = fileURLToPath(new URL('../html-child.js', import.meta.url));

/** An absolute URL, as a link collector keeps it. */
const absolute = /^[A-Za-z][A-Za-z\d+.-]+:/;

/** The real HTML: every .html / .htm file of corpus/large/text. */
function realHtml() {
  const files = listFiles(paths.largeText, { extensions: ['.html', '.htm'] });
  if (files.length === 0) return undefined;
  const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
  return { files, texts, bytes: utf8Bytes(texts) };
}

/** Write `size` bytes of HTML made of the real pages, over and over, to `file` (kept for the next run). */
function generate(file, size, texts) {
  if (fs.existsSync(file) && fs.statSync(file).size === size) return;
  const block = Buffer.from(texts.join('\n'));
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, '<!DOCTYPE html>\n');
    let written = 16;
    while (written < size) {
      const part = block.subarray(0, Math.min(block.length, size - written));
      fs.writeSync(fd, part);
      written += part.length;
    }
  } finally {
    fs.closeSync(fd);
  }
}

export async function run(ctx) {
  let scanHtml, Parser, parseDocument, DomUtils;
  try {
    ({ scanHtmlWhole: scanHtml } = await import(pathToFileURL(path.join(paths.dist, 'adapters', 'html', 'html-scanner.js')).href));
    ({ Parser, parseDocument, DomUtils } = await import('htmlparser2'));
  } catch (error) {
    return { status: 'skipped', reason: `the HTML adapter or htmlparser2 is not available (${firstLine(error)})` };
  }
  const corpus = realHtml();
  if (!corpus) return { status: 'skipped', reason: `no HTML in corpus/large/text: ${fetchHint}` };
  ctx.log(`html: ${corpus.files.length} files, ${fmtMB(corpus.bytes)}`);

  const tools = [
    { key: 'urlsift', name: 'urlsift HTML adapter (attributes + text)', run: (text) => scanHtml(text).length },
    {
      key: 'dom',
      name: 'htmlparser2 DOM + walk for href/src',
      run: (text) => {
        let n = 0;
        for (const element of DomUtils.getElementsByTagName(() => true, parseDocument(text).children, true)) {
          for (const name of ['href', 'src']) if (absolute.test(element.attribs[name] ?? '')) n++;
        }
        return n;
      },
    },
    {
      key: 'parser',
      name: 'htmlparser2 Parser onopentag for href/src',
      run: (text) => {
        let n = 0;
        const parser = new Parser({
          onopentag(_, attributes) {
            for (const name of ['href', 'src']) if (absolute.test(attributes[name] ?? '')) n++;
          },
        });
        parser.write(text);
        parser.end();
        return n;
      },
    },
  ];
  // one pass of each tool in turn, round after round (the machine's load drifts; interleaving shares it out),
  // after a warm-up pass of each; the headline is each tool's best pass
  const rounds = ctx.quick ? 3 : 5;
  const passes = Object.fromEntries(tools.map((tool) => [tool.key, []]));
  const urls = {};
  for (const tool of tools) for (const text of corpus.texts) tool.run(text);
  for (let round = 0; round < rounds; round++) {
    ctx.log(`html: round ${round + 1} of ${rounds}`);
    for (const tool of tools) {
      const t0 = performance.now();
      let n = 0;
      for (const text of corpus.texts) n += tool.run(text);
      passes[tool.key].push(performance.now() - t0);
      urls[tool.key] = n;
    }
  }
  const results = {};
  for (const tool of tools) {
    const best = Math.min(...passes[tool.key]);
    const middle = median(passes[tool.key]);
    results[tool.key] = { name: tool.name, ms: best, mbps: mbps(corpus.bytes, best), medianMbps: mbps(corpus.bytes, middle), urls: urls[tool.key] };
  }

  const size = ctx.quick ? 100e6 : 1e9;
  const big = path.join(os.tmpdir(), `urlsift-bench-${size / 1e6}mb.html`);
  ctx.log(`html: writing ${fmtMB(size)} of HTML to ${big}`);
  generate(big, size, corpus.texts);
  const timeoutMs = ctx.quick ? 120_000 : 900_000;
  ctx.log('html: the HTML adapter over it, as a stream, in a child process');
  const r = await runProcess(process.execPath, [child, big], { timeoutMs });
  let stream;
  try {
    const report = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
    if (report.status === 'ok') {
      stream = {
        bytes: report.bytes,
        ms: report.ms,
        mbps: mbps(report.bytes, report.ms),
        records: report.records,
        rssBeforeMB: (report.rssBeforeKiB * 1024) / 1e6,
        peakRssMB: (report.maxRssKiB * 1024) / 1e6,
      };
    }
  } catch {
    stream = { error: (r.stderr.trim().split('\n')[0] || `exit ${r.code}`) + (r.timedOut ? ' (timed out)' : '') };
  }
  let cli;
  if (fs.existsSync(paths.bin)) {
    ctx.log('html: urlsift --format jsonl on the same file');
    const t0 = performance.now();
    const c = await runProcess(process.execPath, [paths.bin, '--format', 'jsonl', big], { timeoutMs, collectStdout: false, sampleRss: true });
    const ms = performance.now() - t0;
    if (c.peakRssKiB !== undefined) cli = { ms, rows: c.lines, stopped: c.timedOut, peakRssMB: (c.peakRssKiB * 1024) / 1e6 };
  }
  // the generated file is not left behind (it is made again on the next run)
  fs.rmSync(big, { force: true });
  return { files: corpus.files.length, bytes: corpus.bytes, results, big, size, stream, cli };
}

export function render(r) {
  const base = r.results.urlsift;
  const rows = Object.values(r.results).map((t) => [
    t.name,
    fmtMBps(t.mbps),
    fmtMBps(t.medianMbps),
    fmtCount(t.urls),
    t === base ? '' : fmtRatio(t.ms / base.ms),
  ]);
  const stream = r.stream;
  return [
    `  ${r.files} HTML files of corpus/large/text, ${fmtMB(r.bytes)} (one call per file; passes interleaved, best and median; target: at least the peers and 20 MB/s)`,
    table(
      [
        { title: 'tool', align: 'left' },
        { title: 'MB/s', align: 'right' },
        { title: 'median', align: 'right' },
        { title: 'URLs', align: 'right' },
        { title: 'urlsift ×', align: 'right' },
      ],
      rows,
    ),
    stream?.error
      ? `  ${r.big}: the child failed: ${stream.error}`
      : stream
        ? `  ${r.big} (${fmtMB(r.size)}), read as a stream: ${fmtMs(stream.ms)} = ${fmtMBps(stream.mbps)} MB/s, ${fmtCount(stream.records)} URLs, peak RSS ${stream.peakRssMB.toFixed(0)} MB (${stream.rssBeforeMB.toFixed(0)} MB before; target 200 MB)`
        : undefined,
    r.cli
      ? `  urlsift --format jsonl on the same file: peak RSS ${r.cli.peakRssMB.toFixed(0)} MB, ${fmtCount(r.cli.rows)} rows in ${fmtMs(r.cli.ms)}${r.cli.stopped ? ' (stopped there)' : ''}`
      : undefined,
  ]
    .filter(Boolean)
    .join('\n');
}
