/**
 * urlsift check: the whole command on a list of 1,000 distinct URLs served
 * by a local server (bench/check-server-child.js, a process of its own) that
 * answers each after 50 ms, with the default concurrency (target: under 5 s,
 * start-up included); then peak memory on 100,000 distinct URLs (20,000
 * with --quick) answered at once, beside the main command on the same file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtCount, fmtMs, median, now } from '../lib/measure.js';
import { paths } from '../lib/corpus.js';
import { runProcess } from '../lib/process.js';
import { targets } from '../lib/targets.js';

export const id = 'check';
export const title = 'check: urlsift check on 1,000 distinct URLs of a local server answering in 50 ms; peak RSS on 100,000 distinct URLs';

const serverChild = fileURLToPath(new URL('../check-server-child.js', import.meta.url));

/** Start the server child; resolves with its base URL and a way to stop it. */
function startServer(delayMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverChild, String(delayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.on('error', reject);
    child.stdout.setEncoding('utf8').once('data', (line) => {
      const base = `http://127.0.0.1:${line.trim()}`;
      resolve({
        base,
        count: () =>
          new Promise((done) => http.get(`${base}/__count`, (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk)).on('end', () => done(Number(text)));
          })),
        stop: () => child.stdin.end(),
      });
    });
  });
}

/** A file listing `count` distinct URLs of `base`, one a line. */
function urlList(base, count, tag) {
  const file = path.join(os.tmpdir(), `urlsift-bench-check-${tag}-${count}.txt`);
  const lines = [];
  for (let i = 0; i < count; i++) lines.push(`${base}/page/${i}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export async function run(ctx) {
  // 1,000 URLs, 50 ms each: the default concurrency against the target
  const slow = await startServer(50);
  const rounds = ctx.quick ? 1 : 3;
  const times = [];
  let requests = 0;
  let rows;
  let statsLine;
  try {
    const file = urlList(slow.base, 1000, 'slow');
    for (let round = 0; round < rounds; round++) {
      const before = await slow.count();
      const t0 = now();
      const result = await runProcess(process.execPath, [paths.bin, 'check', file, '--stats'], { timeoutMs: 120_000 });
      times.push(now() - t0);
      requests = (await slow.count()) - before;
      rows = result.lines;
      statsLine = /checked .*/.exec(result.stderr)?.[0];
    }
    fs.rmSync(file);
  } finally {
    slow.stop();
  }

  // memory: many distinct URLs answered at once
  const many = ctx.quick ? 20_000 : 100_000;
  const fast = await startServer(0);
  let memory;
  try {
    const file = urlList(fast.base, many, 'many');
    const t0 = now();
    const checked = await runProcess(process.execPath, [paths.bin, 'check', file, '--only-broken', '--stats'], { timeoutMs: 900_000, sampleRss: true });
    const ms = now() - t0;
    const scanned = await runProcess(process.execPath, [paths.bin, file], { timeoutMs: 120_000, sampleRss: true, collectStdout: false });
    memory = {
      urls: many,
      ms,
      peakRssMB: (checked.peakRssKiB ?? 0) / 1024,
      scanPeakRssMB: (scanned.peakRssKiB ?? 0) / 1024,
      statsLine: /checked .*/.exec(checked.stderr)?.[0],
      timedOut: checked.timedOut,
    };
    fs.rmSync(file);
  } finally {
    fast.stop();
  }
  return { times, medianMs: median(times), bestMs: Math.min(...times), requests, rows, statsLine, memory, loadAverage: os.loadavg()[0] };
}

export function render(r) {
  const target = targets.check1000Ms;
  return [
    `  1,000 distinct URLs, 50 ms each, default concurrency: ${fmtMs(r.medianMs)} median, ${fmtMs(r.bestMs)} best of ${r.times.length} (target < ${fmtMs(target)}: ${r.medianMs < target ? 'met' : 'NOT met'}), whole process`,
    `  requests the server saw (last round): ${fmtCount(r.requests)}; rows: ${fmtCount(r.rows)}${r.statsLine ? `; ${r.statsLine}` : ''}`,
    r.memory.timedOut
      ? `  ${fmtCount(r.memory.urls)} distinct URLs: did not finish`
      : `  ${fmtCount(r.memory.urls)} distinct URLs answered at once: peak RSS ${r.memory.peakRssMB.toFixed(0)} MB in ${fmtMs(r.memory.ms)} (urlsift on the same list, not checking: ${r.memory.scanPeakRssMB.toFixed(0)} MB)`,
    `  load average at the end: ${r.loadAverage.toFixed(1)}`,
  ].join('\n');
}
