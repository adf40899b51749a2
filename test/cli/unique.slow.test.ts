/**
 * `--unique` holds the URLs, not their rows: the first row of each goes to a
 * spill file that no path names once it is open, so nothing is left in the
 * temporary folder however the run ends; the URLs are held in maps of
 * bounded size, past V8's limit on one; Ctrl-C while the rows are written
 * stops the writing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueRows } from '../../src/cli/output/unique-rows.js';
import { scan } from '../../src/index.js';
import { bin, tempDir } from './cli-helpers.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the set of URLs', () => {
  it('in several maps when one is full: counts and order as with one', () => {
    const records = scan(['a', 'b', 'a', 'c', 'd', 'e', 'b', 'f', 'g', 'a', 'g'].map((name) => `http://${name}.example/`).join(' '));
    const unique = new UniqueRows(false, 2);
    for (const record of records) unique.add({ record, file: 'f' });
    expect(unique.shards).toBe(4);
    expect([...unique.rows()].map((row) => [row.record.url, row.count])).toEqual([
      ['http://a.example/', 3],
      ['http://b.example/', 2],
      ['http://c.example/', 1],
      ['http://d.example/', 1],
      ['http://e.example/', 1],
      ['http://f.example/', 1],
      ['http://g.example/', 2],
    ]);
  });
});

describe('the spill file', () => {
  let tmp: string;
  let saved: string | undefined;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(dir, 'tmp-'));
    saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = tmp;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  });

  it('rows past a megabyte are spilled and come back the same, in order; no path names the file at any time', () => {
    expect(os.tmpdir()).toBe(tmp);
    const records = scan(Array.from({ length: 6000 }, (_, i) => `http://h${i % 5000}.example/${i % 5000}`).join('\n'));
    const unique = new UniqueRows();
    for (const record of records) unique.add({ record, file: 'f.txt' });
    expect(unique.spilled).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
    const rows = [...unique.rows()];
    expect(rows).toHaveLength(5000);
    expect(rows.map((row) => row.count)).toEqual(Array.from({ length: 5000 }, (_, i) => (i < 1000 ? 2 : 1)));
    expect(rows[4999]).toEqual({ record: records[4999], file: 'f.txt', count: 1 });
    expect(unique.spilled).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('the command, ended early', () => {
  const distinct = (count: number) => Array.from({ length: count }, (_, i) => `http://u.example/${i}\n`).join('');

  /** The command with its own TMPDIR; `ready` says when to send `signal`. */
  function runUntil(argv: string[], tmp: string, signal: NodeJS.Signals, ready: (child: { pid: number; rows: number }) => boolean, stdin?: string) {
    return new Promise<{ code: number | null; signal: string | null; rows: number; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, ...argv], { env: { ...process.env, TMPDIR: tmp } });
      let rows = 0;
      let stderr = '';
      let sent = false;
      child.stdout.on('data', (chunk: Buffer) => {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      });
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      // the child may end before it has read all: its end of the pipe closes
      child.stdin.on('error', () => {});
      if (stdin !== undefined) child.stdin.write(stdin);
      const poll = setInterval(() => {
        if (sent || !ready({ pid: child.pid as number, rows })) return;
        sent = true;
        child.kill(signal);
      }, 10);
      child.on('close', (code, signal) => {
        clearInterval(poll);
        resolve({ code, signal, rows, stderr });
      });
    });
  }

  /** What process `pid` holds open in `folder`: `deleted` when no path names it any more, `named` when one does. */
  const heldIn = (pid: number, folder: string): 'deleted' | 'named' | undefined => {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        let target: string;
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        if (target.startsWith(folder)) return target.endsWith(' (deleted)') ? 'deleted' : 'named';
      }
    } catch {
      // the process has ended
    }
    return undefined;
  };

  /** The size of the file process `pid` holds open in `folder` (0: none). */
  const spillSize = (pid: number, folder: string): number => {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(folder)) return statSync(`/proc/${pid}/fd/${fd}`).size;
        } catch {
          continue;
        }
      }
    } catch {
      // the process has ended
    }
    return 0;
  };

  /** Ready once the spill file is open and no path names it, or (a run that leaves its name) a while after it appears. */
  const spilled = (tmp: string) => {
    let seen: number | undefined;
    return ({ pid }: { pid: number }) => {
      const held = heldIn(pid, tmp);
      if (held === 'deleted') return true;
      if (held === 'named') seen ??= Date.now();
      return seen !== undefined && Date.now() - seen > 300;
    };
  };

  it.each(['SIGTERM', 'SIGINT'] as const)('%s once rows have spilled: nothing is left in the temporary folder', async (signal) => {
    const tmp = mkdtempSync(path.join(dir, 'tmp-'));
    // standard input left open: the run is waiting for more when the signal comes
    const ended = await runUntil(['--unique', '-'], tmp, signal, spilled(tmp), distinct(20_000));
    expect(ended.signal ?? ended.code).not.toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('Ctrl-C while the rows of a file read whole are merged: heard, the run ends, nothing is left', async () => {
    const tmp = mkdtempSync(path.join(dir, 'tmp-'));
    const files = [0, 1, 2].map((part) => {
      const file = path.join(dir, `part-${part}.txt`);
      writeFileSync(file, distinct(150_000).replaceAll('u.example', `u${part}.example`));
      return file;
    });
    // once the spill file has grown past a few megabytes: the rows of the first file are being merged
    const merging = ({ pid }: { pid: number }) => spillSize(pid, tmp) > 4 * 1024 * 1024;
    const ended = await runUntil(['--jobs', '1', '--unique', ...files], tmp, 'SIGINT', merging);
    expect(ended.stderr).toContain('urlsift: interrupted');
    // exit 130, or SIGINT's own action when the main thread scans on (a shell reports 130 for both)
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
    expect(ended.rows).toBeLessThan(450_000);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('Ctrl-C while the rows are written: the writing stops, exit 130, and nothing is left', async () => {
    const tmp = mkdtempSync(path.join(dir, 'tmp-'));
    const file = path.join(dir, 'distinct.txt');
    writeFileSync(file, distinct(100_000));
    const ended = await runUntil(['--unique', file], tmp, 'SIGINT', ({ rows }) => rows > 0);
    expect(ended.stderr).toContain('urlsift: interrupted');
    expect([ended.code, ended.signal]).toEqual([130, null]);
    expect(ended.rows).toBeLessThan(100_000);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
