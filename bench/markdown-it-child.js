#!/usr/bin/env node
/**
 * markdown-it with `linkify: true` as a whole program, to time beside
 * urlsift's command on the same files: reads each file named in LIST (one
 * path a line), parses it, and writes the href of every link it found,
 * one a line (urlsift's command writes one row a URL).
 *
 *   node bench/markdown-it-child.js LIST
 */
import fs from 'node:fs';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: true, linkify: true });
const out = [];
for (const file of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (file === '') continue;
  for (const token of md.parse(fs.readFileSync(file, 'utf8'), {})) {
    if (token.children === null) continue;
    for (const child of token.children) if (child.type === 'link_open') out.push(`${file}\t${child.attrGet('href')}\n`);
  }
  if (out.length > 1000) process.stdout.write(out.splice(0).join(''));
}
process.stdout.write(out.join(''));
