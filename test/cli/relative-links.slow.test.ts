/**
 * Relative links with --base and --root: a document's URL is --base joined
 * with its path relative to --root (default: the working directory, here
 * given), a link resolved against it, one starting with / read against the
 * root; with --root alone the URLs are file: URLs. Each record keeps what
 * was written in `raw` and says `relative: true`. Without the flags, no
 * relative link is reported and no record changes.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTree, runCli, tempDir, writeIn } from './cli-helpers.js';

let tree: string;

beforeEach(() => {
  tree = tempDir();
});

afterEach(() => {
  removeTree(tree);
});

const write = (name: string, text: string) => writeIn(tree, name, text);

/** JSON Lines rows of `urlsift ARGS`: url, raw, relative. */
async function rows(args: string[], stdin?: string): Promise<[string, string, boolean | undefined][]> {
  const { code, stdout, stderr } = await runCli(['--format', 'jsonl', ...args], stdin);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map((row) => [row.url, row.raw, row.relative]);
}

const html = '<a href="../up.html">a</a><a href="/top.html#t">b</a><a href="#here">c</a><img src="pic.png"><a href="https://example.com/x">d</a>';

describe('HTML', () => {
  it('--base and --root: the URLs the site would have', async () => {
    write('site/guide/page.html', html);
    expect(await rows([path.join(tree, 'site'), '--base', 'https://example.org/docs/', '--root', path.join(tree, 'site')])).toEqual([
      ['https://example.org/docs/up.html', '../up.html', true],
      ['https://example.org/docs/top.html#t', '/top.html#t', true],
      ['https://example.org/docs/guide/page.html#here', '#here', true],
      ['https://example.org/docs/guide/pic.png', 'pic.png', true],
      ['https://example.com/x', 'https://example.com/x', undefined],
    ]);
  });

  it('--base without a final slash names the folder all the same', async () => {
    write('site/page.html', '<a href="a.html">a</a>');
    expect(await rows([path.join(tree, 'site'), '--base', 'https://example.org/docs', '--root', path.join(tree, 'site')])).toEqual([
      ['https://example.org/docs/a.html', 'a.html', true],
    ]);
  });

  it('--root alone: file: URLs, / read against the root', async () => {
    write('site/guide/page.html', html);
    const root = pathToFileURL(path.join(tree, 'site')).href;
    expect(await rows([path.join(tree, 'site'), '--root', path.join(tree, 'site')])).toEqual([
      [`${root}/up.html`, '../up.html', true],
      [`${root}/top.html#t`, '/top.html#t', true],
      [`${root}/guide/page.html#here`, '#here', true],
      [`${root}/guide/pic.png`, 'pic.png', true],
      ['https://example.com/x', 'https://example.com/x', undefined],
    ]);
  });

  it('a <base href> wins over --base, as in a browser', async () => {
    write('site/page.html', '<base href="https://cdn.example/assets/"><img src="a.png"><a href="/b.html">b</a>');
    expect(await rows([path.join(tree, 'site'), '--base', 'https://example.org/', '--root', path.join(tree, 'site')])).toEqual([
      ['https://cdn.example/assets/', 'https://cdn.example/assets/', undefined],
      ['https://cdn.example/assets/a.png', 'a.png', true],
      ['https://cdn.example/b.html', '/b.html', true],
    ]);
  });

  it('standard input is a document at the root', async () => {
    expect(await rows(['--as', 'html', '--base', 'https://example.org/docs/', '-'], '<a href="x/y.html">a</a>')).toEqual([
      ['https://example.org/docs/x/y.html', 'x/y.html', true],
    ]);
  });

  it('--html-resolve alone: against the file, and now says relative', async () => {
    const file = write('site/guide/page.html', '<a href="/top.html">a</a><a href="x.html">b</a>');
    expect(await rows([file, '--html-resolve'])).toEqual([
      ['file:///top.html', '/top.html', true],
      [pathToFileURL(path.join(tree, 'site/guide/x.html')).href, 'x.html', true],
    ]);
  });

  it('without the flags: no relative link, no record with `relative`', async () => {
    const file = write('site/guide/page.html', html);
    const { stdout } = await runCli(['--format', 'jsonl', file]);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(stdout).not.toContain('"relative"');
    expect(JSON.parse(stdout).url).toBe('https://example.com/x');
  });
});

describe('Markdown', () => {
  const markdown = '# Guide\n\nSee [setup](setup.md#install), ![logo](/img/logo.png), [here](#guide) and [ref].\n\n[ref]: ../other.md\n\n<a href="x.html">x</a>\n';

  it('--base and --root: links, images and definitions (HTML with --markdown-html)', async () => {
    write('site/docs/guide.md', markdown);
    expect(await rows([path.join(tree, 'site'), '--base', 'https://example.org/', '--root', path.join(tree, 'site'), '--markdown-html'])).toEqual([
      ['https://example.org/docs/setup.md#install', '[setup](setup.md#install)', true],
      ['https://example.org/img/logo.png', '![logo](/img/logo.png)', true],
      ['https://example.org/docs/guide.md#guide', '[here](#guide)', true],
      ['https://example.org/other.md', '[ref]: ../other.md', true],
      ['https://example.org/docs/x.html', 'x.html', true],
    ]);
  });

  it('--root alone: file: URLs', async () => {
    write('site/docs/guide.md', markdown);
    const root = pathToFileURL(path.join(tree, 'site')).href;
    expect((await rows([path.join(tree, 'site'), '--root', path.join(tree, 'site')])).map(([url]) => url)).toEqual([
      `${root}/docs/setup.md#install`,
      `${root}/img/logo.png`,
      `${root}/docs/guide.md#guide`,
      `${root}/other.md`,
    ]);
  });

  it('a Markdown file read as a stream (16 MiB and more) resolves the same', async () => {
    const big = `${markdown}\n${'Plain prose without links.\n\n'.repeat(700_000)}`;
    write('site/big.md', big);
    const found = await rows([path.join(tree, 'site/big.md'), '--base', 'https://example.org/', '--root', path.join(tree, 'site')]);
    expect(found[0]).toEqual(['https://example.org/setup.md#install', '[setup](setup.md#install)', true]);
  });

  it('--html-resolve alone does not resolve Markdown links', async () => {
    const file = write('site/guide.md', markdown);
    const { stdout } = await runCli(['--format', 'jsonl', '--html-resolve', file]);
    expect(stdout).toBe('');
  });
});
