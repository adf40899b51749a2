/**
 * The CLI picks the adapter: by extension, by content, or as `--as` says.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseKind } from '../../src/cli/scan/choose-adapter.js';
import { runCli, tempDir } from './cli-helpers.js';

const bytes = (text: string) => new TextEncoder().encode(text);

// rule: choose-adapter
describe('--as auto', () => {
  it.each([
    ['notes.md', 'text', 'markdown'],
    ['notes.MARKDOWN', 'text', 'markdown'],
    ['page.mdx', 'text', 'markdown'],
    ['message.eml', 'text', 'mail'],
    ['archive.mbox', 'text', 'mail'],
    ['archive.mbx', 'text', 'mail'],
    ['inbox', 'From jim@example.com Sat Jan  3 01:05:34 1996\nSubject: x\n\nbody', 'mail'],
    ['1234', 'From: jim@example.com\nTo: bob@example.com\nSubject: x\n\nbody', 'mail'],
    ['notes.txt', 'Subject: not enough headers\n\nbody', 'text'],
    ['notes.txt', 'From the desk of Jim: a memo', 'text'],
    ['README', 'plain text', 'text'],
  ] as const)('%s → %s', async (name, content, kind) => {
    expect(await chooseKind('auto', name, bytes(content))).toBe(kind);
  });

  it('--as overrides', async () => {
    expect(await chooseKind('text', 'a.md', bytes('x'))).toBe('text');
    expect(await chooseKind('markdown', 'a.txt', bytes('x'))).toBe('markdown');
  });
});

describe('Markdown files go through the remark plugin', () => {
  it('positions point into the source, links are markdown-link', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.md');
    writeFileSync(file, '# Title\n\n> see <URL:http://a.exam\n> ple/> and [b](http://b.example/)\n\n    http://code.example/\n');
    const { stdout } = await runCli(['--format', 'jsonl', file]);
    const rows = stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(rows.map((row) => [row.url, row.form, row.start.line, row.start.column, row.end.line])).toEqual([
      ['http://a.example/', 'url-wrapper', 3, 7, 4],
      ['http://b.example/', 'markdown-link', 4, 13, 4],
    ]);
  });

  it('--as text reads Markdown as plain text', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.md');
    writeFileSync(file, '    http://code.example/\n');
    expect((await runCli(['--as', 'text', file])).stdout).toBe(`${file}:1:5\thttp://code.example/\n`);
    expect((await runCli([file])).code).toBe(1);
  });
});
