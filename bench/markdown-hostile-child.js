#!/usr/bin/env node
/**
 * One hostile Markdown shape at one size through scanMarkdown, in a fresh
 * process: prints as one JSON line the time, the records, the notes and the
 * peak resident memory (for the Markdown section of the benchmarks).
 *
 *   node bench/markdown-hostile-child.js NAME BYTES
 */
import { scanMarkdown } from '../dist/adapters/markdown/scan-markdown.js';

/** Repeat `unit` to about `bytes`, as one flat string (as read from a file). */
const fill = (unit, bytes) => Buffer.from(unit.repeat(Math.max(1, Math.floor(bytes / unit.length)))).toString();

/** The shapes a second attack found costly, each with a URL to find before and after. */
export const shapes = {
  'nested-emphasis': (bytes) => `a http://a.example/\n\n${fill('*_a**__b', bytes)} http://b.example/\n\nc http://c.example/\n`,
  'balanced-brackets': (bytes) => `${'['.repeat(bytes / 2)}http://a.example/${']'.repeat(bytes / 2)}\n`,
  'deep-quotes': (bytes) => fill(`${'>'.repeat(255)} http://a.example/ x\n`, bytes),
  'big-table': (bytes) => `| a | b |\n| - | - |\n${fill('| http://a.example/ | x |\n', bytes)}`,
  definitions: (bytes) => {
    const count = Math.floor(bytes / 50);
    const parts = [];
    for (let index = 0; index < count; index++) parts.push(`[d${index}]: http://a.example/${index}\n\n`);
    for (let index = 0; index < count; index++) parts.push(`see [d${index}]\n\n`);
    return Buffer.from(parts.join('')).toString();
  },
};

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [name, size] = process.argv.slice(2);
  const make = shapes[name];
  const text = make(Number(size));
  const notes = [];
  const started = performance.now();
  const records = scanMarkdown(text, { onNote: (note) => notes.push(note.message) });
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ status: 'ok', name, bytes: Buffer.byteLength(text), ms, records: records.length, notes: notes.slice(0, 3), peakRssMB: process.resourceUsage().maxRSS / 1024 })}\n`);
}
