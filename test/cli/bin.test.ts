/**
 * The real command, end to end: `bin/urlsift.js` in a child process.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, root, spawnCli, tempDir } from './cli-helpers.js';

describe('bin/urlsift.js', () => {
  it('scans the RFC and prints its 30 URLs', async () => {
    const { code, stdout, stderr } = await spawnCli(['corpus/text/rfc1738.txt']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(30);
    expect(lines[11]).toBe('corpus/text/rfc1738.txt:1223:52\tftp://ds.internic.net/rfc');
  });

  it('reads piped stdin when no path is given', async () => {
    const { code, stdout } = await spawnCli([], { stdin: 'see <URL:http://a.exam\n ple/>' });
    expect(code).toBe(0);
    expect(stdout).toBe('-:1:5\thttp://a.example/\n');
  });

  it('ends quietly with exit 0 when the reader stops early (EPIPE)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'many.txt');
    writeFileSync(file, Array.from({ length: 50_000 }, (_, i) => `http://host${i}.example/`).join('\n'));
    const result = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${bin}" "${file}" | head -1; echo "status=\${PIPESTATUS[0]}" >&2`],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.stdout).toBe(`${file}:1:1\thttp://host0.example/\n`);
    expect(result.stderr).toBe('status=0\n');
  });

  it('says what is wrong with a bad option in one line, with a hint to --help, and exits 2', async () => {
    const { code, stderr } = await spawnCli(['--format', 'yaml', 'x']);
    expect(code).toBe(2);
    expect(stderr).toBe('urlsift: --format takes one of text, jsonl, json, csv, html, markdown; got "yaml" (urlsift --help lists the options)\n');
  });
});
