/**
 * V8's code cache of the command's script (dist/cli-bundle/command.code-cache),
 * made by the build (`npm run build`: scripts/bundle.js, then
 * scripts/code-cache.js) and read by bin/urlsift.js through
 * src/cli/command-script.ts: V8 takes it in a process set up as
 * bin/urlsift.js sets it up; one it cannot take (made under other V8
 * flags, damaged, of another script, of a script patched in place) or none
 * at all gives the same rows, with or without worker threads.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, root } from './cli-helpers.js';
import { codeCacheFile } from '../../src/cli/command-script.js';
import { tempDir } from '../temp-folders.js';

const folder = tempDir('urlsift-code-cache-');
const script = path.join(root, 'dist', 'cli-bundle', 'command.cjs');

/** What `loadCommandScript` says of the cache of `file`, in a process with `flags`, set up as bin/urlsift.js sets it up. */
function cacheState(file: string, flags: string[] = []): string {
  const probe = path.join(folder, 'probe.mjs');
  writeFileSync(
    probe,
    [
      `import { setStartFlags } from ${JSON.stringify(path.join(root, 'dist', 'cli', 'start-flags.js'))};`,
      'setStartFlags();',
      `const { loadCommandScript } = await import(${JSON.stringify(path.join(root, 'dist', 'cli', 'command-script.js'))});`,
      `const loaded = loadCommandScript(${JSON.stringify(file)});`,
      "process.stdout.write(`${loaded.cache} ${typeof loaded.exports.main}`);",
    ].join('\n'),
  );
  const result = spawnSync(process.execPath, [...flags, probe], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout;
}

// inputs: Markdown the unit reader reads whole, Markdown that needs the Markdown parser, text; enough for two workers
const inputs = path.join(folder, 'inputs');
mkdirSync(inputs);
for (let index = 0; index < 70; index++) {
  writeFileSync(path.join(inputs, `page-${index}.md`), `# Page\n\n[a](http://c${index}.example/) and http://d.example/${index}\n`);
  writeFileSync(path.join(inputs, `tabbed-${index}.md`), `- a\n\n\tb http://e${index}.example/\n\n<a href="http://f.example/${index}">f</a>\n`);
  writeFileSync(path.join(inputs, `note-${index}.txt`), `see <URL:ftp://b.exam-\n  ple/${index}> and http://a${index}.example/\n`);
}

/** A copy of the package whose code cache is `cache` (undefined: none). */
function packageWith(name: string, cache: Buffer | undefined): string {
  const copy = path.join(folder, name);
  for (const entry of ['bin', 'dist', 'package.json']) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const file = codeCacheFile(path.join(copy, 'dist', 'cli-bundle', 'command.cjs'));
  rmSync(file);
  if (cache !== undefined) writeFileSync(file, cache);
  return copy;
}

function rows(binary: string, args: string[]): string {
  const result = spawnSync(process.execPath, [binary, '--format', 'jsonl', '--no-progress', '--markdown-html', ...args, inputs], { encoding: 'utf8', cwd: folder });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

describe('the command\'s code cache', () => {
  it('is made by the build, beside the script', () => {
    expect(codeCacheFile(script)).toBe(path.join(root, 'dist', 'cli-bundle', 'command.code-cache'));
    expect(existsSync(codeCacheFile(script))).toBe(true);
    expect(statSync(codeCacheFile(script)).size).toBeGreaterThan(10_000);
  });

  it('is taken by V8 in a process set up as bin/urlsift.js sets it up', () => {
    expect(cacheState(script)).toBe('accepted function');
  });

  it('is rejected under other V8 flags, and the script runs', () => {
    expect(cacheState(script, ['--no-lazy-feedback-allocation'])).toBe('rejected function');
  });

  const damaged = Buffer.from(readFileSync(codeCacheFile(script)));
  damaged.fill(7, 0, 64);
  const cases: Array<[string, Buffer | undefined, string]> = [
    ['missing', undefined, 'none'],
    ['damaged', damaged, 'rejected'],
    ['of another script', Buffer.from('not V8 code at all'), 'rejected'],
  ];
  it('in a folder whose name needs escaping in a URL: taken, the same rows', () => {
    const copy = packageWith('a folder #1 ä', readFileSync(codeCacheFile(script)));
    expect(cacheState(path.join(copy, 'dist', 'cli-bundle', 'command.cjs'))).toBe('accepted function');
    expect(rows(path.join(copy, 'bin', 'urlsift.js'), ['--jobs', '1'])).toBe(rows(bin, ['--jobs', '1']));
  });

  it('made for other text of the same length (a script patched in place): set aside, and the patch runs', () => {
    const copy = packageWith('patched', readFileSync(codeCacheFile(script)));
    const patched = path.join(copy, 'dist', 'cli-bundle', 'command.cjs');
    const text = readFileSync(patched, 'utf8');
    const help = 'Finds URLs in text, mail, Markdown and HTML files';
    expect(text).toContain(help);
    writeFileSync(patched, text.replace(help, help.toUpperCase()));
    expect(cacheState(patched)).toBe('rejected function');
    const result = spawnSync(process.execPath, [path.join(copy, 'bin', 'urlsift.js'), '--help'], { encoding: 'utf8' });
    expect(result.stdout).toContain(help.toUpperCase());
  });

  it.each(cases)('a cache %s: the same rows, with one job and with two', (name, cache, state) => {
    const copy = packageWith(name.replaceAll(' ', '-'), cache);
    expect(cacheState(path.join(copy, 'dist', 'cli-bundle', 'command.cjs'))).toBe(`${state} function`);
    for (const jobs of ['1', '2']) {
      const expected = rows(bin, ['--jobs', jobs]);
      expect(expected.split('\n').length).toBeGreaterThan(200);
      expect(rows(path.join(copy, 'bin', 'urlsift.js'), ['--jobs', jobs])).toBe(expected);
    }
  });
});
