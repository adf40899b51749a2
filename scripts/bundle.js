#!/usr/bin/env node
/**
 * Part of the build, after tsc: two bundles made by esbuild from dist/, so
 * that the command starts without loading some 270 ES modules one by one
 * (Node resolves, reads and compiles each; as one file the same code loads
 * in a fraction of the time).
 *
 * - dist/adapters/markdown/document/markdown-tree.bundle.cjs: the Markdown
 *   parser (markdown-tree.js with micromark, mdast-util-from-markdown and
 *   their GFM and front matter extensions) as one CommonJS file, which
 *   `scanMarkdown` and the command `require` the first time a document
 *   needs remark. The plugin (`urlsift/remark`) does not use it: it runs in
 *   the user's own unified pipeline.
 * - dist/cli-bundle/: the command (dist/cli/main.js and the package's own
 *   modules it imports), which bin/urlsift.js runs, and its worker
 *   (dist/cli/scan/worker.js, for `--jobs` above 1). What the command loads
 *   only when it needs it (an adapter, `--check`) stays apart, in chunks
 *   loaded as before; packages under node_modules stay outside. Each
 *   module's `import.meta.url` is its own file's in dist/, so that paths
 *   taken from it (package.json, the worker, modules loaded with `require`)
 *   name what they named before.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

await bundleMarkdownParser();
await bundleCommand();

async function bundleMarkdownParser() {
  const folder = path.join(dist, 'adapters', 'markdown', 'document');
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
    const licence = manifest.license ?? manifest.licenses?.map((entry) => entry.type).join(', ') ?? 'see its package';
    packages.set(match[1], `${manifest.name}@${manifest.version} (${licence})`);
  }
  const banner = `/*\n * Bundled by scripts/bundle.js from dist/adapters/markdown/document/markdown-tree.js and:\n${[...packages.values()]
    .sort()
    .map((line) => ` *   ${line}`)
    .join('\n')}\n */\n`;
  fs.writeFileSync(outfile, banner + fs.readFileSync(outfile, 'utf8'));
}

async function bundleCommand() {
  const outdir = path.join(dist, 'cli-bundle');
  // every module keeps its own `import.meta.url` (its file in dist/, which stays)
  const ownUrl = {
    name: 'own-import-meta-url',
    setup(context) {
      context.onLoad({ filter: /\.js$/ }, async (args) => {
        const contents = await fs.promises.readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return { contents, loader: 'js' };
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
  const result = await build({
    entryPoints: [path.join(dist, 'cli', 'main.js'), path.join(dist, 'cli', 'scan', 'worker.js')],
    entryNames: '[name]',
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [ownUrl],
    banner: { js: '// Bundled by scripts/bundle.js from dist/cli/main.js, dist/cli/scan/worker.js and the modules they import.' },
    metafile: true,
    logLevel: 'warning',
  });
  // which modules of dist/ each file of the bundle holds (what the command loads can be told by module, as before)
  const holds = {};
  for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
    holds[path.basename(output)] = Object.keys(inputs).map((input) => path.relative(dist, path.resolve(root, input)).split(path.sep).join('/'));
  }
  fs.writeFileSync(path.join(outdir, 'modules.json'), `${JSON.stringify(holds, null, 1)}\n`);
}
