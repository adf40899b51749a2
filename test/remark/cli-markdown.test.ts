/**
 * The command line on Markdown: `--markdown-code` and `--markdown-html` (the
 * plugin's `code` and `html`), and notes for parts read as plain text.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';
import { tempDir } from '../temp-folders.js';

const folder = tempDir('urlsift-markdown-');
const document = path.join(folder, 'a.md');
writeFileSync(document, 'see `http://a.example/code` and <a href="http://b.example/h">b</a> and http://c.example/\n');

describe('urlsift on Markdown', () => {
  it.each([
    [[], ['http://c.example/']],
    [['--markdown-code'], ['http://a.example/code', 'http://c.example/']],
    [['--markdown-html'], ['http://b.example/h', 'http://c.example/']],
    [['--markdown-code', '--markdown-html'], ['http://a.example/code', 'http://b.example/h', 'http://c.example/']],
  ])('%j', async (flags, urls) => {
    const outcome = await runCli([...flags, '--format', 'jsonl', '--jobs', '1', document]);
    expect(outcome.code).toBe(0);
    const found = outcome.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { url: string }).url);
    expect(found).toEqual(urls);
  });

  it('says which lines were read as plain text', async () => {
    const deep = path.join(folder, 'deep.md');
    writeFileSync(deep, `${'>'.repeat(100_000)} http://a.example/deep\n`);
    const outcome = await runCli(['--format', 'jsonl', '--jobs', '1', '--stats', deep]);
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ url: 'http://a.example/deep', start: { line: 1, column: 100_002 } });
    expect(outcome.stderr).toContain(`${deep}: line 1 read as plain text: nested more than 256 columns deep (line 1)`);
  });

  it('--stats says how many bytes of Markdown remark read', async () => {
    const two = path.join(folder, 'two.md');
    // 22 bytes that can hold no URL, 29 that the unit reader reads, 31 in a paragraph ending in a tab that remark reads; "é" is two bytes
    writeFileSync(two, 'Intro, no links: é.\n\nSee http://a.example/ here.\n\nT: http://q.example/ and more\t\n');
    const outcome = await runCli(['--format', 'jsonl', '--jobs', '1', '--stats', two, document]);
    expect(outcome.code).toBe(0);
    const bytes = 22 + 29 + 31 + Buffer.byteLength('see `http://a.example/code` and <a href="http://b.example/h">b</a> and http://c.example/\n');
    // the other document (code spans, inline HTML, a literal) is read by the unit reader
    const remarkBytes = 31;
    expect(outcome.stderr).toContain(
      `urlsift: Markdown: 2 files, ${bytes} bytes, ${remarkBytes} bytes (${((remarkBytes / bytes) * 100).toFixed(1)}%) handed to remark, the rest could hold no URL or was read by urlsift's own Markdown reader\n`,
    );
  });
});
