/**
 * Summaries: --hosts (a table, or a row a host) and --stats=json (one JSON
 * object on standard error).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostOf } from '../../src/cli/output/host-table.js';
import { scan } from '../../src/index.js';
import { runCli, tempDir } from './cli-helpers.js';

describe('the host of a record', () => {
  it.each([
    ['http://WWW.Example.ORG/a', 'www.example.org'],
    ['ftp://user@ftp.example.com/pub', 'ftp.example.com'],
    ['mailto:Someone@Lists.Example.NET', 'lists.example.net'],
    ['mailto:list@example.org?subject=unsubscribe', 'example.org'],
    ['news:comp.infosystems.www', '(none)'],
    ['file:///etc/motd', '(none)'],
  ])('%s → %s', (url, host) => {
    const [record] = scan(url);
    expect(record && hostOf(record)).toBe(host);
  });
});

describe('--hosts', () => {
  const folder = tempDir();
  writeFileSync(path.join(folder, 'a.txt'), 'http://a.example/1 http://a.example/2 https://b.example/ http://a.example/1');
  writeFileSync(path.join(folder, 'b.txt'), 'http://a.example/3 mailto:x@c.example');

  it('text: a table, most URLs first, with the files each host is in', async () => {
    const { code, stdout } = await runCli(['--hosts', folder]);
    expect(code).toBe(0);
    expect(stdout).toBe(['URLS  FILES  HOST', '   4      2  a.example', '   1      1  b.example', '   1      1  c.example', ''].join('\n'));
  });

  it('with --unique, each distinct URL counts once', async () => {
    const { stdout } = await runCli(['--hosts', '--unique', folder]);
    expect(stdout.split('\n')[1]).toBe('   3      2  a.example');
  });

  it('JSON Lines: a row a host', async () => {
    const { stdout } = await runCli(['--hosts', '--format', 'jsonl', folder]);
    expect(stdout.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual([
      { host: 'a.example', urls: 4, files: 2 },
      { host: 'b.example', urls: 1, files: 1 },
      { host: 'c.example', urls: 1, files: 1 },
    ]);
  });

  it('CSV and JSON', async () => {
    expect((await runCli(['--hosts', '--format', 'csv', folder])).stdout).toBe('host,urls,files\na.example,4,2\nb.example,1,1\nc.example,1,1\n');
    expect(JSON.parse((await runCli(['--hosts', '--format', 'json', folder])).stdout)).toHaveLength(3);
  });
});

describe('--stats=json', () => {
  it('writes the run’s summary as one JSON object on the last line of standard error', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a.txt'), 'see <URL:ftp://ds.in\n  ternic.net/rfc> and http://a.example/');
    writeFileSync(path.join(folder, 'b.bin'), Buffer.from([0, 1, 2]));
    const { code, stderr } = await runCli(['--stats=json', folder]);
    expect(code).toBe(0);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0] as string);
    expect(summary).toMatchObject({
      files: 2,
      bytes: 63,
      urls: 2,
      bySchemes: { ftp: 1, http: 1 },
      byForms: { 'url-wrapper': 1, bare: 1 },
      skipped: [{ file: path.join(folder, 'b.bin'), reason: 'binary (NUL bytes in the first 8 KiB)' }],
      failed: 0,
      notRead: [],
    });
    expect(typeof summary.seconds).toBe('number');
  });
});

describe('a skipped file whose name holds ": "', () => {
  it('keeps its name whole in --stats=json', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a: b.bin'), Buffer.from([0, 1]));
    writeFileSync(path.join(folder, 'c.txt'), 'http://c.example/');
    const summary = JSON.parse((await runCli(['--stats=json', folder])).stderr.trimEnd().split('\n').at(-1) as string);
    expect(summary.skipped).toEqual([{ file: path.join(folder, 'a: b.bin'), reason: 'binary (NUL bytes in the first 8 KiB)' }]);
  });
});
