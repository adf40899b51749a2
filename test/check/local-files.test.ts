/**
 * `file:` URLs checked on disk, their fragments against the target's
 * headings (Markdown) or ids (HTML), in a docs tree the test makes and
 * removes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../temp-folders.js';
import { checkUrls } from '../../src/check/check-urls.js';
import type { CheckResult } from '../../src/check/check-result.js';

let root: string;

beforeAll(() => {
  root = tempDir('urlsift-check-files-');
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  };
  write('docs/guide.md', '# Guide\n\n## Installing\n\nSteps.\n\n## Installing\n');
  write('docs/api/index.html', '<!DOCTYPE html><h2 id="scan">scan</h2>');
  write('docs/my guide.md', '# Spaced\n');
  write('assets/logo.png', 'not really a png');
  mkdirSync(path.join(root, 'docs/sub'));
});

/** The file: URL of `name` in the tree, with its `#fragment` (pathToFileURL would encode the `#`). */
const url = (name: string) => {
  const [file, fragment] = name.split('#');
  return pathToFileURL(path.join(root, file as string)).href + (fragment === undefined ? '' : `#${fragment}`);
};

async function check(urls: string[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for await (const result of checkUrls(urls.map((u) => ({ url: u, start: { line: 3, column: 7, offset: 40 }, file: 'docs/index.md' })))) results.push(result);
  return results;
}

describe('file: URLs', () => {
  it.each([
    ['docs/guide.md', 'ok', undefined, undefined],
    ['docs/guide.md#installing', 'ok', undefined, undefined],
    ['docs/guide.md#installing-1', 'ok', undefined, undefined],
    ['docs/guide.md#Installing', 'ok', undefined, undefined],
    ['docs/guide.md#uninstalling', 'broken', 'fragment-missing', undefined],
    ['docs/nope.md', 'broken', 'file-missing', undefined],
    ['docs/guide.md/x', 'broken', 'file-missing', undefined],
    ['docs/api/index.html#scan', 'ok', undefined, undefined],
    ['docs/api/index.html#parse', 'broken', 'fragment-missing', undefined],
    ['docs/my guide.md#spaced', 'ok', undefined, undefined],
    ['docs/sub', 'ok', undefined, undefined],
    ['docs/sub#part', 'ok', undefined, 'the fragment is not checked: the link is to a folder'],
    ['assets/logo.png#x', 'ok', undefined, 'the fragment is not checked: the file is not HTML or Markdown'],
  ])('%s: %s %s', async (name, status, code, note) => {
    const [result] = await check([url(name)]);
    expect([result?.status, result?.error?.code, result?.note]).toEqual([status, code, note]);
  });

  it('a file: URL of another host is skipped, with why', async () => {
    const [result] = await check(['file://fileserver.example/share/x.md']);
    expect([result?.status, result?.reason]).toEqual(['skipped', 'a file: URL on another host (fileserver.example) is not checked']);
  });

  it('places: where each URL was found, and how many times', async () => {
    const results: CheckResult[] = [];
    const records = [
      { url: url('docs/guide.md'), start: { line: 1, column: 1, offset: 0 }, file: 'a.md' },
      { url: url('docs/guide.md'), start: { line: 9, column: 4, offset: 90 }, file: 'b.md' },
      { url: url('docs/nope.md'), start: { line: 2, column: 2, offset: 5 }, file: 'a.md' },
    ];
    for await (const result of checkUrls(records, { maxPlaces: 1 })) results.push(result);
    expect(results.map((result) => [result.status, result.count, result.places])).toEqual([
      ['ok', 2, [{ file: 'a.md', line: 1, column: 1 }]],
      ['broken', 1, [{ file: 'a.md', line: 2, column: 2 }]],
    ]);
  });
});
