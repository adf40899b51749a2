#!/usr/bin/env node
/**
 * Part of the build, after tsc: bundles made by esbuild from dist/, so that
 * the command starts without loading some 270 ES modules one by one (Node
 * resolves, reads and compiles each; as one file the same code loads in a
 * fraction of the time), and V8's code cache of the command.
 *
 * - dist/adapters/markdown/document/markdown-tree.bundle.cjs: the Markdown
 *   parser (markdown-tree.js with micromark, mdast-util-from-markdown and
 *   their GFM and front matter extensions) as one CommonJS file, which
 *   `scanMarkdown` and the command `require` the first time a document
 *   needs remark. The plugin (`urlsift/remark`) does not use it: it runs in
 *   the user's own unified pipeline.
 * - dist/cli-bundle/command.cjs: the command (dist/cli/main.js and the
 *   package's own modules it imports, and the Markdown parser's bundle,
 *   run when a document first needs it) as one CommonJS script, which
 *   bin/urlsift.js compiles with its code cache (src/cli/command-script.ts).
 *   What the command needs only sometimes (an adapter, `--check`, the
 *   report) is in it but runs only when needed, as esbuild wraps it;
 *   packages under node_modules stay outside (`import()` of one is
 *   `__commandImport()`, which command-script.ts provides).
 * - dist/cli-bundle/command.code-cache: V8's code cache of command.cjs,
 *   made by scripts/code-cache.js in a process of its own after a run of
 *   the command over a small sample of corpus/ (the functions a run uses
 *   are then in it, compiled).
 * - dist/cli-bundle/worker.js: the worker of `--jobs` above 1
 *   (dist/cli/scan/worker.js), an ES module as piscina wants, with what it
 *   loads only when needed in chunks beside it; and row-worker.js, the
 *   worker that makes a text input's JSON Lines rows (dist/cli/rows/),
 *   sharing those chunks.
 *
 * Each module's `import.meta.url` is its own file's in dist/, so that paths
 * taken from it (package.json, the worker, modules loaded with `require`)
 * name what they named before.
 */
import { build, transform } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

/** What every bundle made here shares: one file for Node 20, its inputs listed, only warnings printed. */
const forNode = { bundle: true, platform: 'node', target: 'node20', metafile: true, logLevel: 'warning' };

async function bundleMarkdownParser() {
  const folder = path.join(dist, 'adapters', 'markdown', 'document');
  const outfile = path.join(folder, 'markdown-tree.bundle.cjs');
  const result = await build({
    entryPoints: [path.join(folder, 'markdown-tree.js')],
    outfile,
    ...forNode,
    format: 'cjs',
    legalComments: 'inline',
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

/** A plugin giving every module its own `import.meta.url` (its file in dist/, which stays), as `new URL(RELATIVE, base).href` where `base` is the bundle's own URL. */
function ownUrl(outdir, base) {
  return {
    name: 'own-import-meta-url',
    setup(context) {
      context.onLoad({ filter: /\.js$/ }, async (args) => {
        const contents = await fs.promises.readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return { contents, loader: 'js' };
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, ${base}).href`), loader: 'js' };
      });
    },
  };
}

/** Which modules of dist/ each file of a bundle holds, from esbuild's metafile. */
function modulesOf(metafile) {
  const holds = {};
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    holds[path.basename(output)] = Object.keys(inputs).map((input) => path.relative(dist, path.resolve(root, input)).split(path.sep).join('/'));
  }
  return holds;
}

const bundleFolder = path.join(dist, 'cli-bundle');
/** Which modules each file of dist/cli-bundle/ holds, written down as modules.json (what the command loads can be told by module, as before). */
const bundled = {};

async function bundleWorker() {
  const result = await build({
    entryPoints: [path.join(dist, 'cli', 'scan', 'worker.js'), path.join(dist, 'cli', 'rows', 'row-worker.js')],
    entryNames: '[name]',
    outdir: bundleFolder,
    ...forNode,
    splitting: true,
    format: 'esm',
    packages: 'external',
    plugins: [ownUrl(bundleFolder, 'import.meta.url')],
    banner: { js: '// Bundled by scripts/bundle.js from dist/cli/scan/worker.js, dist/cli/rows/row-worker.js and the modules they import.' },
  });
  Object.assign(bundled, modulesOf(result.metafile));
}

/**
 * The script's text with every character beyond ASCII written as a `\u{…}`
 * escape: esbuild writes strings, templates and regular expressions in
 * ASCII already (its charset `ascii`), so what is left is in comments,
 * where an escape is as good a comment, and in identifiers and strings it
 * would mean the same character. An ASCII script is read as Latin-1
 * (src/cli/command-script.ts), a copy, where UTF-8 is decoded into a
 * two-byte string twice the size: for the 1.1 MB script some 26 M
 * instructions of every start (callgrind), and V8's scanner reads one-byte
 * text faster.
 */
async function asciiOnly(text) {
  const ascii = text.replace(/[^\x00-\x7f]/gu, (character) => `\\u{${character.codePointAt(0).toString(16)}}`);
  // the same program: without comments and spacing, esbuild writes both texts alike
  const bare = async (code) => (await transform(code, { minifyWhitespace: true, format: 'cjs', platform: 'node', target: 'node20' })).code;
  if ((await bare(ascii)) !== (await bare(text))) throw new Error('scripts/bundle.js: the command script written in ASCII is not the same program');
  return ascii;
}

/** The command's script, and the name its wrapper gives `import()` of a package (src/cli/command-script.ts, compiled by tsc before this runs). */
const commandScript = path.join(bundleFolder, 'command.cjs');
const { commandImportName: commandImport } = await import(pathToFileURL(path.join(dist, 'cli', 'command-script.js')).href);

async function bundleCommand() {
  const result = await build({
    // the command, and the Markdown parser's bundle, run when a document first needs it
    stdin: {
      contents: [
        "export { main } from './cli/main.js';",
        "import { loadMarkdownTreeWith } from './adapters/markdown/document/markdown-tree-loader.js';",
        "loadMarkdownTreeWith(() => require('./adapters/markdown/document/markdown-tree.bundle.cjs'));",
      ].join('\n'),
      resolveDir: dist,
      sourcefile: 'command.js',
      loader: 'js',
    },
    outfile: commandScript,
    ...forNode,
    format: 'cjs',
    packages: 'external',
    plugins: [ownUrl(bundleFolder, '__commandUrl')],
    banner: { js: '// Bundled by scripts/bundle.js from dist/cli/main.js and the modules it imports.\nvar __commandUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  // a package imported when needed: through the wrapper's import (V8 keeps no `import()` loader with a code cache)
  const packages = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const item of output.imports) if (item.external && item.kind === 'dynamic-import') packages.add(item.path);
  }
  let text = fs.readFileSync(commandScript, 'utf8');
  for (const name of packages) {
    const written = `import(${JSON.stringify(name)})`;
    if (!text.includes(written)) throw new Error(`scripts/bundle.js: ${written} not found in ${commandScript}`);
    text = text.replaceAll(written, `${commandImport}(${JSON.stringify(name)})`);
  }
  const left = /\bimport\((?!\))/.exec(text);
  if (left !== null) throw new Error(`scripts/bundle.js: an import() left in ${commandScript}: ${text.slice(left.index, left.index + 60)}`);
  fs.writeFileSync(commandScript, await asciiOnly(text));
  Object.assign(bundled, modulesOf(result.metafile));
  fs.writeFileSync(path.join(bundleFolder, 'modules.json'), `${JSON.stringify(bundled, null, 1)}\n`);
}

/**
 * The sample the code cache is made on: the bundled Markdown and text of
 * corpus/, and scripts/code-cache-sample/ (Markdown the unit reader hands
 * to the Markdown parser, which none of corpus/ is, written to take most
 * of its constructs: fences, headings, HTML, references, escapes).
 */
function cacheSample() {
  const files = [];
  for (const folder of ['corpus/markdown', 'corpus/text', 'scripts/code-cache-sample']) {
    const full = path.join(root, folder);
    for (const name of fs.readdirSync(full).sort()) if (/\.(md|txt)$/.test(name)) files.push(path.join(full, name));
  }
  return files;
}

/** The code cache, made after the command's run over the sample as a tree is commonly read: its files named on standard input, rows as text. */
function makeCodeCache() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'code-cache.js'), commandScript, '--no-progress', '--jobs', '1', '--files-from', '-'], {
    encoding: 'utf8',
    input: `${cacheSample().join('\n')}\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`scripts/code-cache.js failed (${result.status ?? result.signal}): ${result.stderr}`);
}

/**
 * What bin/urlsift.js loads: dist/cli/launch.js with the start flags and
 * the command's loader (src/cli/launch.ts) as one CommonJS file, which it
 * takes with `require` (no ES module of the package loaded at start).
 */
async function bundleLauncher() {
  const result = await build({
    entryPoints: [path.join(dist, 'cli', 'launch.js')],
    outfile: path.join(bundleFolder, 'launch.cjs'),
    ...forNode,
    format: 'cjs',
    packages: 'external',
    banner: { js: '// Bundled by scripts/bundle.js from dist/cli/launch.js and the modules it imports.' },
  });
  Object.assign(bundled, modulesOf(result.metafile));
}

await bundleMarkdownParser();
await bundleLauncher();
await bundleWorker();
await bundleCommand();
makeCodeCache();
