#!/usr/bin/env node
/**
 * urlsift benchmarks: `npm run bench` (after `npm run build`).
 *
 *   node bench/run.js                 all sections, as tables
 *   node bench/run.js --json          the same figures as JSON on stdout
 *   node bench/run.js --only scan,hostile
 *   node bench/run.js --quick         shorter budgets, smaller hostile inputs
 *   node bench/run.js --full          all of corpus/large/markdown and all of
 *                                     big.mbox (slow: remark parses ~1 MB/s)
 *   node bench/run.js --stat median   headline figures from the median run
 *                                     instead of the best one
 *   node bench/run.js --in-process    every section in this process (by
 *                                     default each group of sections runs in
 *                                     a fresh process of its own)
 *
 * Larger real text comes from `corpus/fetch` (corpus/large/, not committed);
 * without it the sections that need it say so and the rest still run.
 * Each section is a module in bench/sections/ exporting `id`, `title`,
 * `run(ctx)` and `render(result)`.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { forJson, getStatistic, setStatistic } from './lib/measure.js';
import { firstLine } from './lib/tools.js';
import * as scan from './sections/scan.js';
import * as peers from './sections/peers.js';
import * as rfc from './sections/rfc.js';
import * as hostile from './sections/hostile.js';
import * as floor from './sections/floor.js';
import * as urlList from './sections/url-list.js';
import * as markdown from './sections/markdown.js';
import * as mail from './sections/mail.js';
import * as html from './sections/html.js';
import * as cli from './sections/cli.js';
import * as scaling from './sections/scaling.js';
import * as check from './sections/check.js';
import * as report from './sections/report.js';

const sections = [scan, peers, floor, urlList, rfc, hostile, markdown, mail, html, cli, check, scaling, report];

/**
 * Sections that read each other's figures run together (peers reuses scan's
 * runs, floor peers', hostile scan's); every other section runs alone. By
 * default each group runs in a fresh process: in one process a section ran
 * slower after the ones before it (HTML 32 MB/s after the others, 80 alone;
 * url-list 2.1 µs a record against 1.2), from the heap and compiled code
 * they left behind.
 */
const groups = [['scan', 'peers', 'floor', 'hostile']];
for (const section of sections) if (!groups.some((group) => group.includes(section.id))) groups.push([section.id]);

const usage = `usage: node bench/run.js [--json] [--quick|--full] [--stat best|median] [--mbox FILE] [--in-process] [--only ${sections.map((s) => s.id).join(',')}]`;

let args;
try {
  args = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      only: { type: 'string' },
      stat: { type: 'string', default: 'best' },
      mbox: { type: 'string' },
      'in-process': { type: 'boolean', default: false },
      /** A child of a run of several groups: no header, no total. */
      bare: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (error) {
  process.stderr.write(`${firstLine(error)}\n${usage}\n`);
  process.exit(2);
}
try {
  setStatistic(args.stat);
} catch (error) {
  process.stderr.write(`${firstLine(error)}\n${usage}\n`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

let selected = sections;
if (args.only) {
  const wanted = args.only.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.filter((w) => !sections.some((s) => s.id === w));
  if (unknown.length) {
    process.stderr.write(`unknown section: ${unknown.join(', ')}\n${usage}\n`);
    process.exit(2);
  }
  selected = sections.filter((s) => wanted.includes(s.id));
}

const out = (s) => process.stdout.write(`${s}\n`);
const ctx = {
  quick: args.quick,
  full: args.full,
  mbox: args.mbox,
  results: {},
  log: (msg) => {
    if (args.json || process.stderr.isTTY) process.stderr.write(`  … ${msg}\n`);
  },
};

const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
  cores: os.availableParallelism?.() ?? os.cpus().length,
  loadAverage: os.loadavg()[0],
  statistic: getStatistic(),
  date: new Date().toISOString(),
};

if (!args.json && !args.bare) {
  out(`urlsift benchmarks — node ${machine.node}, ${machine.platform}, ${machine.cpu} (${machine.cores} cores)`);
  out(
    `MB = 10^6 bytes of UTF-8 input; wall-clock after warm-up; headline figures are the ${machine.statistic} of N runs.`,
  );
  if (machine.loadAverage > machine.cores * 0.5) {
    out(`note: load average ${machine.loadAverage.toFixed(1)} on ${machine.cores} cores: other work is running, figures will be noisy.`);
  }
}

const started = performance.now();
let failed = false;
const chosen = groups.map((group) => group.filter((id) => selected.some((section) => section.id === id))).filter((group) => group.length > 0);
if (chosen.length > 1 && !args['in-process']) {
  // each group in a fresh process of its own, in the order of `sections`
  chosen.sort((a, b) => sections.findIndex((s) => s.id === a[0]) - sections.findIndex((s) => s.id === b[0]));
  const passed = ['--bare', '--in-process', '--stat', args.stat];
  if (args.json) passed.push('--json');
  if (args.quick) passed.push('--quick');
  if (args.full) passed.push('--full');
  if (args.mbox !== undefined) passed.push('--mbox', args.mbox);
  for (const group of chosen) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...passed, '--only', group.join(',')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) failed = true;
    if (args.json) {
      try {
        Object.assign(ctx.results, JSON.parse(child.stdout).sections);
      } catch {
        for (const id of group) ctx.results[id] = { status: 'error', error: `the section's process ended with ${child.status ?? child.signal}` };
      }
    } else {
      process.stdout.write(child.stdout);
      if (child.status !== 0 && child.stdout === '') out(`\n== ${group.join(', ')}\n  ERROR: the sections' process ended with ${child.status ?? child.signal}`);
    }
  }
} else {
  for (const section of selected) {
    let result;
    try {
      result = await section.run(ctx);
    } catch (error) {
      failed = true;
      result = { status: 'error', error: firstLine(error) };
    }
    result.status ??= 'ok';
    ctx.results[section.id] = result;
    if (!args.json) {
      out(`\n== ${section.title}`);
      if (result.status === 'ok') out(section.render(result));
      else if (result.status === 'skipped') out(`  skipped: ${result.reason}`);
      else out(`  ERROR: ${result.error}`);
    }
  }
}
const seconds = (performance.now() - started) / 1000;

if (args.json) {
  out(JSON.stringify(forJson({ machine, seconds, sections: ctx.results }), null, 2));
} else if (!args.bare) {
  out(`\n(${seconds.toFixed(0)} s)`);
}
process.exitCode = failed ? 1 : 0;
