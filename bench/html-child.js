#!/usr/bin/env node
/**
 * Run the HTML adapter over one HTML file in a fresh process, read as a
 * stream, and print, as one JSON line, the time, record count and peak
 * resident memory (for the html section of the benchmarks, which spawns
 * this so that peak RSS is this run's alone).
 *
 *   node bench/html-child.js FILE
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const firstLine = (e) => String(e?.message ?? e).split('\n')[0];

if (!file) {
  process.stderr.write('usage: node bench/html-child.js FILE\n');
  process.exit(2);
}

let scanHtmlStream;
try {
  ({ scanHtmlStream } = await import(new URL('../dist/adapters/html/scan-html-stream.js', import.meta.url).href));
} catch (error) {
  print({ status: 'unavailable', reason: firstLine(error) });
  process.exit(0);
}

const bytes = fs.statSync(file).size;
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
let records = 0;
for await (const record of scanHtmlStream(pathToFileURL(file))) if (record.url) records++;
const ms = performance.now() - t0;
print({
  status: 'ok',
  bytes,
  ms,
  records,
  rssBeforeKiB: Math.round(rssBefore / 1024),
  // kilobytes on Linux and macOS
  maxRssKiB: process.resourceUsage().maxRSS,
});
