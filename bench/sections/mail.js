/**
 * Mail: scanMail over corpus/large/mail/big.mbox in a child process
 * (bench/mail-child.js), for throughput and peak resident memory: memory
 * should stay bounded however large the mailbox. Then the command on it,
 * JSON Lines, in the main thread and with `--jobs 2` (two worker threads
 * scan the messages; its rows must be the same bytes). Without --full the scan
 * stops after 20 s. Then generated shapes that once took gigabytes (a
 * message dense with URLs over and under `maxMessageSize`, mail without line
 * breaks, an HTML part dense with links, plain and quoted-printable, unclosed `<URL:` openers, base64,
 * quoted-printable), each in its own child: peak RSS, which must stay within 200 MB.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchHint, paths, root } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtMs, mbps } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';

export const id = 'mail';
export const title = 'Mail: scanMail over a large mbox (child process; throughput and peak RSS)';

const child = fileURLToPath(new URL('../mail-child.js', import.meta.url));

export async function run(ctx) {
  const file = ctx.mbox ? path.resolve(ctx.mbox) : paths.bigMbox;
  if (!fs.existsSync(file)) return { status: 'skipped', reason: `${path.relative(root, file)} not found: ${fetchHint}` };
  ctx.log(`mail: scanMail over ${path.relative(root, file)}`);
  const timeoutMs = ctx.quick ? 60_000 : 300_000;
  const seconds = ctx.full ? [] : [String(ctx.quick ? 8 : 20)];
  const r = await runProcess(process.execPath, [child, file, ...seconds], { timeoutMs });
  if (r.timedOut) return { status: 'error', error: `scanMail did not finish within ${timeoutMs / 1000} s` };
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let report;
  try {
    report = JSON.parse(line);
  } catch {
    const why = (r.stderr.trim().split('\n').find((l) => /Error/.test(l)) ?? r.stderr.trim().split('\n')[0]) || `exit ${r.code}`;
    return { status: 'error', error: `mail child failed: ${why}` };
  }
  if (report.status === 'unavailable') return { status: 'skipped', reason: `scanMail not available yet (${report.reason})` };
  const limitMs = seconds.length === 0 ? timeoutMs : Number(seconds[0]) * 1000;
  const cli = await cliRun(ctx, file, limitMs);
  // the same with its messages scanned by two worker threads (`--jobs 2`): the rows must be the same bytes
  const cliJobs = await cliRun(ctx, file, limitMs, ['--jobs', '2']);
  if (cli !== undefined && cliJobs !== undefined && !cli.stopped && !cliJobs.stopped) cliJobs.sameRows = cliJobs.digest === cli.digest;
  const shapes = await shapesRun(ctx, timeoutMs);
  return {
    cli,
    cliJobs,
    load: os.loadavg()[0],
    shapes,
    file: path.relative(root, file),
    input: report.input,
    bytes: report.bytes,
    fileBytes: report.fileBytes,
    stopped: report.stopped,
    ms: report.ms,
    mbps: mbps(report.bytes, report.ms),
    records: report.records,
    maxMessageIndex: report.maxMessageIndex,
    rssBeforeMB: (report.rssBeforeKiB * 1024) / 1e6,
    peakRssMB: (report.maxRssKiB * 1024) / 1e6,
  };
}

/**
 * The same file through the command line (JSON Lines, counted and dropped),
 * for its peak memory: stopped after `limitMs` like the library's run.
 */
async function cliRun(ctx, file, limitMs, flags = []) {
  if (!fs.existsSync(paths.bin)) return undefined;
  ctx.log(`mail: urlsift --format jsonl ${[...flags, path.relative(root, file)].join(' ')}`);
  // the rows go to a file, read back for their count and digest, then removed
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urlsift-bench-mail-rows-'));
  const rowsFile = path.join(dir, 'rows.jsonl');
  try {
    const t0 = performance.now();
    const r = await runProcess(process.execPath, [paths.bin, '--format', 'jsonl', ...flags, path.relative(root, file)], {
      timeoutMs: limitMs,
      stdoutFile: rowsFile,
      sampleRss: true,
    });
    const ms = performance.now() - t0;
    if (r.peakRssKiB === undefined) return undefined;
    const { rows, digest } = await rowsOf(rowsFile);
    return { flags, ms, stopped: r.timedOut, rows, digest, mbps: r.timedOut ? undefined : mbps(fs.statSync(file).size, ms), peakRssMB: (r.peakRssKiB * 1024) / 1e6 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines of `file` and its SHA-256. */
async function rowsOf(file) {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk);
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  }
  return { rows, digest: hash.digest('hex') };
}

function renderCli(cli) {
  const command = ['urlsift --format jsonl', ...cli.flags].join(' ');
  const same = cli.sameRows === undefined ? '' : cli.sameRows ? ', rows the same bytes as without --jobs' : ', ROWS DIFFER from those without --jobs';
  return `  ${command} on the same file: peak RSS ${cli.peakRssMB.toFixed(0)} MB, ${fmtCount(cli.rows)} rows in ${fmtMs(cli.ms)}${cli.stopped ? ' (stopped there)' : ` = ${fmtMBps(cli.mbps)} MB/s (whole process; target ≥ 40 MB/s, peak ≤ 150 MB)`}${same}`;
}

/** Peak memory may not pass this on any shape of mail. */
const memoryTargetMB = 200;

const MiB = 1024 * 1024;

/** Write `size` bytes made of `head` and then `unit` repeated, in blocks. */
function generate(file, head, unit, size) {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    const block = unit.repeat(Math.max(1, Math.floor(MiB / unit.length)));
    for (let written = head.length; written < size; written += block.length) fs.writeSync(fd, block);
  } finally {
    fs.closeSync(fd);
  }
}

/** URL-dense lines, each URL different; `encoding` says how the body is sent. */
function generateDense(file, size, encoding = '7bit') {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, `From: a@example.org\nSubject: dense\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: ${encoding}\n\n`);
    let written = 0;
    for (let i = 0; written < size; ) {
      const lines = [];
      for (let k = 0; k < 10_000; k++, i++) {
        lines.push(
          encoding === 'quoted-printable' ? `see http://host${i % 1000}.example.org/path/${i}?a=3Db and =C3=A9 more\n` : `see http://host${i % 1000}.example.org/path/${i} and more\n`,
        );
      }
      const text = lines.join('');
      written += fs.writeSync(fd, encoding === 'base64' ? `${Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\n')}\n` : text);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** An HTML part dense with links; quoted-printable: `=3D` and an `é` on every line. */
function generateHtml(file, size, encoding = '7bit') {
  const qp = encoding === 'quoted-printable';
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, qp ? 'From: a@example.org\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n' : 'From: a@example.org\nContent-Type: text/html\n\n');
    let written = 0;
    for (let i = 0; written < size; ) {
      const rows = [];
      for (let k = 0; k < 10_000; k++, i++) {
        rows.push(qp ? `<p><a href=3D"http://host${i % 1000}.example.org/p/${i}">link =C3=A9 ${i}</a></p>\n` : `<p><a href="http://host${i % 1000}.example.org/p/${i}">link ${i}</a></p>\n`);
      }
      written += fs.writeSync(fd, rows.join(''));
    }
  } finally {
    fs.closeSync(fd);
  }
}

const shapes = [
  ['one message of 34 MiB dense with URLs (over maxMessageSize)', 'dense-over.eml', (file) => generateDense(file, 34 * MiB)],
  ['one message of 31 MB dense with URLs (under maxMessageSize)', 'dense-under.eml', (file) => generateDense(file, 31e6)],
  ['one quoted-printable part of 31 MB dense with URLs and escapes', 'dense-qp.eml', (file) => generateDense(file, 31e6, 'quoted-printable')],
  ['one base64 part of 31 MB dense with URLs', 'dense-base64.eml', (file) => generateDense(file, 31e6, 'base64')],
  ['one text/html message of 30 MB dense with links', 'dense-html.eml', (file) => generateHtml(file, 30e6)],
  ['one quoted-printable text/html part of 30 MB dense with links and escapes', 'dense-html-qp.eml', (file) => generateHtml(file, 30e6, 'quoted-printable')],
  ['40 MB of mail without a line break', 'one-line.eml', (file) => generate(file, 'From: a@example.org\nSubject: x\n\n', 'http://a.example.org/7 ', 40e6)],
  ['4.4 MB of unclosed <URL: openers', 'openers.eml', (file) => generate(file, 'From: a@example.org\nSubject: x\n\n', '<URL:http://a.example/ ', 4.4e6)],
];

/** Each generated shape through scanMail in its own child, for its peak memory. */
async function shapesRun(ctx, timeoutMs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urlsift-bench-mail-'));
  const results = [];
  try {
    for (const [name, base, make] of shapes) {
      const file = path.join(dir, base);
      make(file);
      ctx.log(`mail: scanMail over ${name}`);
      const r = await runProcess(process.execPath, [child, file], { timeoutMs });
      const report = r.timedOut ? undefined : JSON.parse(r.stdout.trim().split('\n').pop() || 'null');
      results.push({
        name,
        bytes: fs.statSync(file).size,
        timedOut: r.timedOut,
        ms: report?.ms,
        records: report?.records,
        peakRssMB: report ? (report.maxRssKiB * 1024) / 1e6 : undefined,
      });
      fs.rmSync(file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

export function render(r) {
  return [
    r.stopped ? `  stopped after ${fmtMs(r.ms)}: ${fmtMB(r.bytes)} of ${fmtMB(r.fileBytes)} scanned (--full for the whole file)` : undefined,
    `  ${r.file}: ${fmtMB(r.bytes)} in ${fmtMs(r.ms)} = ${fmtMBps(r.mbps)} MB/s, ${fmtCount(r.records)} URLs (input given as a ${r.input})`,
    `  peak RSS ${r.peakRssMB.toFixed(0)} MB (${r.rssBeforeMB.toFixed(0)} MB before scanning), file ${fmtMB(r.fileBytes)}`,
    r.cli ? renderCli(r.cli) : undefined,
    r.cliJobs ? renderCli(r.cliJobs) : undefined,
    r.load === undefined ? undefined : `  load average at the end: ${r.load.toFixed(1)} (2 cores shared: whole-process times swing with it)`,
    r.records === 0 ? '  warning: no URL found: check how scanMail takes its input' : undefined,
    ...(r.shapes ?? []).map((shape) =>
      shape.timedOut
        ? `  ${shape.name}: did not finish`
        : `  ${shape.name}: peak RSS ${shape.peakRssMB.toFixed(0)} MB (target ≤ ${memoryTargetMB}), ${fmtCount(shape.records)} URLs in ${fmtMs(shape.ms)}`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
}
