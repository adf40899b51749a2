#!/usr/bin/env node
/**
 * Part of the build, after tsc: bundles the Markdown parser
 * (dist/adapters/markdown/document/markdown-tree.js with micromark,
 * mdast-util-from-markdown and their GFM and front matter extensions) into
 * one CommonJS file beside it, markdown-tree.bundle.cjs. `scanMarkdown`
 * and the command `require` it the first time a document needs remark:
 * one file loads in a few milliseconds where the same code as about 130
 * ES modules takes about 100 ms. The plugin (`urlsift/remark`) does not
 * use it: it runs in the user's own unified pipeline.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = path.join(root, 'dist', 'adapters', 'markdown', 'document');
const outfile = path.join(folder, 'markdown-tree.bundle.cjs');

const result = await build({
  entryPoints: [path.join(folder, 'markdown-tree.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  metafile: true,
  legalComments: 'inline',
  logLevel: 'warning',
});

// name the packages bundled, each with its version and licence (their licence files ship with the packages, which stay dependencies)
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match === null || packages.has(match[1])) continue;
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', match[1], 'package.json'), 'utf8'));
  packages.set(match[1], `${manifest.name}@${manifest.version} (${manifest.license ?? manifest.licenses?.map((entry) => entry.type).join(", ") ?? "see its package"})`);
}
const banner = `/*\n * Bundled by scripts/bundle-markdown.js from dist/adapters/markdown/document/markdown-tree.js and:\n${[...packages.values()]
  .sort()
  .map((line) => ` *   ${line}`)
  .join('\n')}\n */\n`;
fs.writeFileSync(outfile, banner + fs.readFileSync(outfile, 'utf8'));
