#!/usr/bin/env node
/**
 * One unit of work for the scaling section of the benchmarks, in a fresh
 * process; prints the milliseconds it took as one JSON line.
 *
 *   node bench/scaling-child.js markdown     remark-parse + remark-gfm over
 *                                            one file in three of
 *                                            corpus/large/markdown (the
 *                                            parser the CLI runs on Markdown)
 *   node bench/scaling-child.js arithmetic   a loop of integer arithmetic
 *                                            that touches no memory
 */
import fs from 'node:fs';
import { largeMarkdown } from './lib/corpus.js';

const kind = process.argv[2];
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

if (kind === 'markdown') {
  const corpus = largeMarkdown();
  if (!corpus) {
    print({ error: 'corpus/large/markdown not found' });
    process.exit(1);
  }
  const [{ unified }, { default: remarkParse }, { default: remarkGfm }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
  ]);
  const processor = unified().use(remarkParse).use(remarkGfm);
  // one file in three, as the markdown section reads: a few seconds of work
  const texts = corpus.files.filter((_, index) => index % 3 === 0).map((file) => fs.readFileSync(file, 'utf8'));
  const t0 = performance.now();
  let nodes = 0;
  for (const text of texts) nodes += processor.runSync(processor.parse(text)).children.length;
  print({ ms: performance.now() - t0, nodes });
} else if (kind === 'arithmetic') {
  const loop = (n) => {
    let x = 0;
    for (let i = 0; i < n; i++) x = (x * 31 + i) | 0;
    return x;
  };
  const t0 = performance.now();
  const x = loop(6e8);
  print({ ms: performance.now() - t0, x });
} else {
  process.stderr.write('usage: node bench/scaling-child.js markdown|arithmetic\n');
  process.exit(2);
}
