/**
 * File names as the command shows them: no two names look alike, whatever
 * they hold (a backslash, an escape character, bytes that are not UTF-8).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-helpers.js';

describe('names shown', () => {
  it('a name holding a backslash, x, 1, b and one holding ESC', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a\\x1b.txt'), 'http://literal.example/\n');
    writeFileSync(path.join(dir, 'a\x1b.txt'), 'http://escape.example/\n');
    const { stdout } = await runCli([path.join(dir, 'a\\x1b.txt'), path.join(dir, 'a\x1b.txt')]);
    expect(stdout).toBe(`${dir}/a\\\\x1b.txt:1:1\thttp://literal.example/\n${dir}/a\\x1b.txt:1:1\thttp://escape.example/\n`);
  });

  it('a name that is not UTF-8: \\xNN in text, \\\\xNN in JSON that strict readers take', async () => {
    const dir = tempDir();
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]), 'http://cafe.example/\n');
    const text = await runCli([dir]);
    expect(text.stdout).toBe(`${dir}/caf\\xe9.txt:1:1\thttp://cafe.example/\n`);
    const json = await runCli(['--format', 'jsonl', dir]);
    expect(json.stdout).toContain(`"file":"${dir}/caf\\\\xe9.txt"`);
    const file = (JSON.parse(json.stdout) as { file: string }).file;
    expect((file as unknown as { isWellFormed(): boolean }).isWellFormed()).toBe(true);
  });
});
