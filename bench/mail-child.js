#!/usr/bin/env node
/**
 * Run scanMail over one mail file in a fresh process and print, as one JSON
 * line, the time, record count and peak resident memory (for the mail section
 * of the benchmarks, which spawns this so that peak RSS is this run's alone).
 *
 *   node bench/mail-child.js corpus/large/mail/big.mbox [SECONDS]
 *
 * With SECONDS, scanning stops after that long and the figures are for the
 * bytes read until then.
 */
import fs from 'node:fs';
import { Transform } from 'node:stream';

const file = process.argv[2];
const seconds = process.argv[3] === undefined ? Infinity : Number(process.argv[3]);
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const firstLine = (e) => String(e?.message ?? e).split('\n')[0];

if (!file) {
  process.stderr.write('usage: node bench/mail-child.js FILE\n');
  process.exit(2);
}

let scanMail;
const tried = [];
for (const spec of ['../dist/adapters/mail/index.js', '../dist/index.js']) {
  try {
    const mod = await import(new URL(spec, import.meta.url).href);
    if (typeof mod.scanMail === 'function') {
      scanMail = mod.scanMail;
      break;
    }
    tried.push(`${spec.replace('../', '')}: no scanMail export`);
  } catch (error) {
    tried.push(`${spec.replace('../', '')}: ${firstLine(error)}`);
  }
}
if (!scanMail) {
  print({ status: 'unavailable', reason: tried.join('; ') });
  process.exit(0);
}

const bytes = fs.statSync(file).size;
const rssBefore = process.memoryUsage().rss;

let bytesRead = 0;
let stopped = false;
const deadline = performance.now() + seconds * 1000;

/** The file as a stream that counts the bytes handed on. */
function counted() {
  const counter = new Transform({
    transform(chunk, _, done) {
      bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  return fs.createReadStream(file).pipe(counter);
}

/** Iterate scanMail over `input`, counting records and messages, until the deadline. */
async function drain(input) {
  let records = 0;
  let lastMessage = -1;
  for await (const record of scanMail(input)) {
    records++;
    const index = record?.message?.index;
    if (typeof index === 'number' && index > lastMessage) lastMessage = index;
    if ((records & 255) === 0 && performance.now() > deadline) {
      stopped = true;
      break;
    }
  }
  return { records, maxMessageIndex: lastMessage };
}

// The input is given as a stream of the file; an implementation that takes
// a path instead is tried with the path if the stream is refused.
const t0 = performance.now();
let counts;
let input = 'stream';
try {
  counts = await drain(counted());
} catch (error) {
  if (!(error instanceof TypeError)) throw error;
  input = 'path';
  bytesRead = 0;
  counts = await drain(file);
}
const ms = performance.now() - t0;
const scanned = stopped ? bytesRead : bytes;

print({
  status: 'ok',
  input,
  bytes: scanned,
  fileBytes: bytes,
  stopped,
  ms,
  ...counts,
  rssBeforeKiB: Math.round(rssBefore / 1024),
  // kilobytes on Linux and macOS
  maxRssKiB: process.resourceUsage().maxRSS,
});
// a scan stopped early may leave the file stream open
process.exit(0);
