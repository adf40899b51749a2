/**
 * The command as the build bundles it (dist/cli-bundle/, run by
 * bin/urlsift.js through dist/cli-bundle/launch.cjs): it and its worker run
 * from the bundle alone. In a copy of the package without dist/cli/ (the
 * modules tsc made the bundle from), a run in the main thread and one with worker threads give the rows the
 * package gives, on text, Markdown (one the unit reader reads whole, one
 * that needs the bundled Markdown parser) and HTML inside Markdown. In the
 * main thread that parser is the one the command's script holds.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root } from './cli-helpers.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-bundle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// the package without dist/cli/
const copy = path.join(folder, 'package');
for (const entry of ['bin', 'dist', 'package.json']) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
rmSync(path.join(copy, 'dist', 'cli'), { recursive: true });
symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

// that copy without the Markdown parser's bundle and module: the command's script holds the parser (the worker needs the bundle)
const withoutParser = path.join(folder, 'without-parser');
cpSync(copy, withoutParser, { recursive: true, verbatimSymlinks: true });
for (const name of ['markdown-tree.bundle.cjs', 'markdown-tree.js']) rmSync(path.join(withoutParser, 'dist', 'adapters', 'markdown', 'document', name));

// inputs: enough files for worker threads
const inputs = path.join(folder, 'inputs');
mkdirSync(inputs);
for (let index = 0; index < 200; index++) {
  writeFileSync(path.join(inputs, `note-${index}.txt`), `see http://a${index}.example/ and <URL:ftp://b.exam-\n  ple/${index}>\n`);
  writeFileSync(path.join(inputs, `page-${index}.md`), `# Page\n\n[a](http://c${index}.example/) and http://d.example/${index}\n`);
  writeFileSync(path.join(inputs, `tabbed-${index}.md`), `- a\n\n\tb http://e${index}.example/\n\n<a href="http://f.example/${index}">f</a>\n`);
}

function rows(binary: string, args: string[]): string {
  const result = spawnSync(process.execPath, [binary, '--format', 'jsonl', '--no-progress', '--markdown-html', ...args, inputs], { encoding: 'utf8', cwd: folder });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

describe('the bundled command', () => {
  it.each([['--jobs', '1'], ['--jobs', '2']])('%s %s: the rows of the package, from the bundle alone', (...args) => {
    const expected = rows(bin, args);
    expect(expected.split('\n').length).toBeGreaterThan(1000);
    expect(rows(path.join(copy, 'bin', 'urlsift.js'), args)).toBe(expected);
  });

  it('in the main thread, Markdown that needs the parser is read with the one in the command\'s script', () => {
    const expected = rows(bin, ['--jobs', '1']);
    expect(expected).toContain('"url":"http://e7.example/"');
    expect(rows(path.join(withoutParser, 'bin', 'urlsift.js'), ['--jobs', '1'])).toBe(expected);
  });
});
