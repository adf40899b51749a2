/**
 * The command's report formats: `--format html` and `--format markdown`
 * count the rows into one summary and write the report at the end, with the
 * run's figures (inputs, bytes, skipped inputs and why).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { root, runCli, spawnCli, tempDir } from '../cli/cli-helpers.js';
import type { PageData } from '../../src/report/page-data.js';

/** The data the page's script reads. */
function pageData(html: string): PageData {
  const json = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json as string) as PageData;
}

let folder: string;
beforeEach(() => {
  folder = tempDir();
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('urlsift --format html / markdown', () => {
  it('makes the page from the bundled corpus with the built command, as the README shows (npm run report)', async () => {
    const { code, stdout } = await spawnCli(['--format', 'html', 'corpus/text', 'corpus/markdown/*.md', 'corpus/mail/*.eml', 'corpus/mail/*.mbox', 'corpus/mail/maildir']);
    expect(code).toBe(0);
    expect(stdout.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(stdout.endsWith('</body></html>\n')).toBe(true);
    expect(pageData(stdout).urls.length).toBeGreaterThan(100);
  });

  it('counts what JSON Lines gives, and shows each URL with a line of context by default', async () => {
    const file = path.join(folder, 'notes.txt');
    writeFileSync(file, 'First see http://a.example/one for the details.\nThen http://b.example/two and http://a.example/one again.\n');
    const html = await runCli(['--format', 'html', file]);
    const data = pageData(html.stdout);
    expect(data.urls.map((url) => [url[0], url[5], url[7].map(([, line, column]) => `${line}:${column}`)])).toEqual([
      ['http://a.example/one', 2, ['1:11', '2:31']],
      ['http://b.example/two', 1, ['2:6']],
    ]);
    expect(data.urls[0]?.[8]).toBe('First see http://a.example/one for the details. Then http://b.example/two and ht');
    expect(data.files).toEqual([file]);
  });

  it('says what was skipped and why, and counts inputs and bytes', async () => {
    writeFileSync(path.join(folder, 'a.txt'), 'http://a.example/\n');
    writeFileSync(path.join(folder, 'logo.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]));
    const { code, stdout } = await runCli(['--format', 'html', folder]);
    expect(code).toBe(0);
    expect(stdout).toContain('<dt>Files read</dt><dd>2</dd>');
    expect(stdout).toContain('<dt>Bytes</dt><dd>23 bytes</dd>');
    expect(stdout).toContain(`<li><code>${path.join(folder, 'logo.bin')}</code>: binary (NUL bytes in the first 8 KiB)</li>`);
  });

  it('writes the Markdown report, whose figures agree with JSON Lines', async () => {
    const paths = ['corpus/text', 'corpus/markdown/*.md'];
    const jsonl = (await runCli(['--format', 'jsonl', ...paths], undefined, { cwd: root })).stdout.trimEnd().split('\n');
    const distinct = new Set(jsonl.map((line) => (JSON.parse(line) as { url: string }).url)).size;
    const { code, stdout } = await runCli(['--format', 'markdown', ...paths]);
    expect(code).toBe(0);
    expect(stdout.split('\n')[2]).toMatch(new RegExp(`^\\*\\*${jsonl.length}\\*\\* URLs \\(\\*\\*${distinct}\\*\\* distinct\\) on \\*\\*\\d+\\*\\* hosts in \\d+ files \\(`));
    expect(stdout).toContain('| `ds.internic.net` |');
  });

  it('gives the same report with --unique (a report lists distinct URLs itself)', async () => {
    const plain = await runCli(['--format', 'html', 'corpus/text']);
    const unique = await runCli(['--format', 'html', '--unique', 'corpus/text']);
    expect(pageData(unique.stdout)).toEqual(pageData(plain.stdout));
  });

  it('reads standard input: its places are named "-" and link nowhere', async () => {
    const { code, stdout } = await runCli(['--format', 'html'], 'see http://stdin.example/\n');
    expect(code).toBe(0);
    expect(pageData(stdout)).toMatchObject({ files: ['-'], hrefs: [''] });
  });

  it('writes a page that says nothing was found, exit 1', async () => {
    const { code, stdout } = await runCli(['--format', 'markdown'], 'no links\n');
    expect(code).toBe(1);
    expect(stdout).toContain('No URLs found.');
  });

  it.each(['html', 'markdown'])('--hosts with --format %s is a usage error', async (format) => {
    const { code, stderr } = await runCli(['--hosts', '--format', format, 'corpus/text']);
    expect(code).toBe(2);
    expect(stderr).toBe(`urlsift: --hosts writes a table of its own (text, jsonl, json or csv); --format ${format} is a report, which has the hosts (urlsift --help lists the options)\n`);
  });
});
