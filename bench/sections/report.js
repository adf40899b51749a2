/**
 * The HTML link report at scale: 100,000 distinct URLs over 2,000 hosts
 * (and a run four times larger, which the page aggregates), made by the
 * command (time, peak memory, page size), then opened from disk in headless
 * Chromium: the time until the table is drawn, and until a host filter has
 * redrawn it. Needs /usr/bin/chromium (or URLSIFT_CHROMIUM).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { paths } from '../lib/corpus.js';
import { fmtCount, fmtMs, now, table } from '../lib/measure.js';
import { runProcess } from '../lib/process.js';
import { targets } from '../lib/targets.js';

export const id = 'report';
export const title = 'HTML link report: 100,000 URLs over 2,000 hosts, made by the CLI and drawn by Chromium';

const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A text file of `urls` distinct URLs over `hosts` hosts, a line each, in a temporary folder. */
function input(folder, urls, hosts) {
  const file = path.join(folder, `urls-${urls}.txt`);
  const lines = [];
  for (let i = 0; i < urls; i++) {
    const scheme = i % 10 === 0 ? 'http' : 'https';
    lines.push(`item ${i}: see ${scheme}://host-${i % hosts}.example.org/docs/section-${i % 97}/page-${i}.html for the details`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function makePage(folder, file) {
  const page = path.join(folder, `${path.basename(file)}.html`);
  const t0 = now();
  const r = await runProcess(process.execPath, [paths.bin, '--format', 'html', file], { timeoutMs: 600_000, sampleRss: true, stdoutFile: page });
  const ms = now() - t0;
  if (r.code !== 0) return { error: `the CLI exited ${r.code ?? r.signal}: ${r.stderr.trim().split('\n')[0] ?? ''}` };
  return { page, ms, peakMB: (r.peakRssKiB ?? 0) / 1024, pageMB: fs.statSync(page).size / 1e6 };
}

async function drawPage(browser, page) {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1280, height: 900 });
  const t0 = now();
  await tab.goto(pathToFileURL(page).href, { waitUntil: 'load', timeout: 120_000 });
  await tab.waitForFunction(() => document.querySelectorAll('#url-table tbody tr').length > 0, { timeout: 120_000 });
  const drawnMs = now() - t0;
  const listed = await tab.$eval('#table-status', (status) => status.textContent);
  const t1 = now();
  // the value set at once, as a pick from the field's list of hosts does
  await tab.$eval('#filter-host', (field) => {
    field.value = 'host-7.example.org';
    field.dispatchEvent(new Event('input'));
  });
  await tab.waitForFunction(() => /of [\d,]+ matching/.test(document.querySelector('#table-status')?.textContent ?? '') && [...document.querySelectorAll('#url-table tbody td.host')].every((cell) => cell.textContent === 'host-7.example.org'), { timeout: 120_000, polling: 50 });
  const filterMs = now() - t1;
  await tab.close();
  return { drawnMs, filterMs, listed };
}

export async function run(ctx) {
  const chromium = process.env.URLSIFT_CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) return { skipped: `no Chromium at ${chromium} (apt-get install -y chromium)` };
  const { default: puppeteer } = await import('puppeteer-core');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'urlsift-bench-report-'));
  const profile = path.join(folder, 'profile');
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true, userDataDir: profile, args: chromiumFlags });
  try {
    const runs = [];
    for (const urls of ctx.quick ? [100_000] : [100_000, 400_000]) {
      const file = input(folder, urls, 2000);
      const made = await makePage(folder, file);
      if (made.error) {
        runs.push({ urls, error: made.error });
        continue;
      }
      const drawn = await drawPage(browser, made.page);
      runs.push({ urls, hosts: 2000, ...made, ...drawn, page: undefined });
      fs.rmSync(made.page);
    }
    return { runs, load: os.loadavg()[0] };
  } finally {
    await browser.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function render(r) {
  if (r.skipped) return `skipped: ${r.skipped}`;
  const rows = r.runs.map((run) =>
    run.error
      ? [fmtCount(run.urls), run.error, '', '', '', '', '']
      : [fmtCount(run.urls), fmtMs(run.ms), `${run.peakMB.toFixed(0)} MB`, `${run.pageMB.toFixed(1)} MB`, fmtMs(run.drawnMs), fmtMs(run.filterMs), run.listed],
  );
  return [
    table(['URLs (2,000 hosts)', 'CLI --format html', 'CLI peak RSS', 'page', 'load and draw', 'filter by host', 'table status'], rows),
    `target: drawn within ${targets.reportPageSeconds} s; load average ${r.load.toFixed(1)} while measured`,
  ].join('\n');
}
