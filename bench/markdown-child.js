#!/usr/bin/env node
/**
 * Run scanMarkdown over one Markdown document of SIZE megabytes, built from
 * corpus/large/markdown (its files in name order, joined by blank lines and
 * repeated until the size is reached), in a fresh process, and print as one
 * JSON line the time, the record count, the notes and the peak resident
 * memory (for the markdown section of the benchmarks, which spawns this so
 * that peak RSS is this run's alone).
 *
 *   node bench/markdown-child.js SIZE_MB [--write FILE]
 *
 * With `--write FILE` the document is written to FILE instead (for the
 * command's run on the same document), and nothing is scanned.
 */
import { largeMarkdown } from './lib/corpus.js';

const size = Number(process.argv[2]) * 1e6;
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

const corpus = largeMarkdown();
if (!corpus || !(size > 0)) {
  print({ status: 'unavailable', reason: corpus ? 'usage: node bench/markdown-child.js SIZE_MB' : 'corpus/large/markdown not found' });
  process.exit(0);
}
const { scanMarkdown } = await import(new URL('../dist/adapters/markdown/scan-markdown.js', import.meta.url).href);

/** The document: whole files until `size` characters, the last one cut after a line. */
const pieces = [];
let length = 0;
for (let i = 0; length < size; i++) {
  let text = corpus.texts[i % corpus.texts.length];
  if (length + text.length > size) text = text.slice(0, text.lastIndexOf('\n', size - length) + 1);
  if (text.length === 0) break;
  pieces.push(text, '\n\n');
  length += text.length + 2;
}
const document = pieces.join('');
pieces.length = 0;
corpus.texts.length = 0;

const writeTo = process.argv[3] === '--write' ? process.argv[4] : undefined;
if (writeTo !== undefined) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(writeTo, document);
  print({ status: 'ok', written: writeTo });
  process.exit(0);
}

const notes = [];
const started = performance.now();
const records = scanMarkdown(document, { onNote: (note) => notes.push(note.message) });
const ms = performance.now() - started;
print({
  status: 'ok',
  characters: document.length,
  bytes: Buffer.byteLength(document),
  ms,
  records: records.length,
  notes,
  peakRssMB: process.resourceUsage().maxRSS / 1024,
});
