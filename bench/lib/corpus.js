/**
 * Where the benchmark texts live, and loading them once per run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { utf8Bytes } from './measure.js';

/** The package root (the folder above bench/). */
export const root = fileURLToPath(new URL('../..', import.meta.url));

export const paths = {
  corpus: path.join(root, 'corpus'),
  rfc: path.join(root, 'corpus', 'text', 'rfc1738.txt'),
  large: path.join(root, 'corpus', 'large'),
  largeText: path.join(root, 'corpus', 'large', 'text'),
  largeMarkdown: path.join(root, 'corpus', 'large', 'markdown'),
  bigMbox: path.join(root, 'corpus', 'large', 'mail', 'big.mbox'),
  tree: path.join(root, 'corpus', 'large', 'tree'),
  dist: path.join(root, 'dist'),
  bin: path.join(root, 'bin', 'urlsift.js'),
};

export const fetchHint = 'run corpus/fetch to assemble corpus/large (Debian docs, npm Markdown, mail)';

/** Files under `dir`, recursively, sorted; `skip` is a list of folders left out. */
export function listFiles(dir, { extensions, skip = [] } = {}) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!skip.includes(p) && !e.name.startsWith('.')) walk(p);
      } else if (e.isFile()) {
        if (!extensions || extensions.includes(path.extname(e.name).toLowerCase())) out.push(p);
      }
    }
  };
  walk(dir);
  return out;
}

function load(name, files) {
  const texts = files.map((f) => fs.readFileSync(f, 'utf8'));
  return { name, files, texts, bytes: utf8Bytes(texts) };
}

const cache = new Map();
function once(key, make) {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key);
}

/** The texts shipped in corpus/ (plain text, Markdown and mail, all read as text). */
export function bundledCorpus() {
  return once('bundled', () => {
    const files = listFiles(paths.corpus, {
      extensions: ['.txt', '.md', '.markdown', '.mbox', '.eml', '.mbx'],
      skip: [paths.large],
    });
    return load('bundled corpus/', files);
  });
}

/** corpus/large/text plus corpus/large/markdown (as plain text), or null when not fetched. */
export function largeCorpus() {
  return once('large', () => {
    const files = [...listFiles(paths.largeText), ...listFiles(paths.largeMarkdown)];
    if (files.length === 0) return null;
    return load('corpus/large text+md', files);
  });
}

/** corpus/large/markdown only, or null. */
export function largeMarkdown() {
  return once('markdown', () => {
    const files = listFiles(paths.largeMarkdown, { extensions: ['.md', '.markdown'] });
    if (files.length === 0) return null;
    return load('corpus/large/markdown', files);
  });
}

export function rfcText() {
  return once('rfc', () => fs.readFileSync(paths.rfc, 'utf8'));
}

/** The real text that hostile inputs are compared with: large if fetched, else bundled. */
export function referenceCorpus() {
  return largeCorpus() ?? bundledCorpus();
}

/** Total size in bytes of the files under `dir`. */
export function folderBytes(dir) {
  let total = 0;
  for (const f of listFiles(dir)) total += fs.statSync(f).size;
  return total;
}
