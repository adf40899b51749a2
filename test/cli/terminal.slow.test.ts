/**
 * What a person sees in a real terminal: the command run under tmux (a real
 * pseudo-terminal and a terminal emulator) at 40, 80 and 200 columns, with
 * standard output and standard error on the same screen. After the run,
 * the screen (with what scrolled off, wrapped lines joined) holds every
 * result row whole, and no progress line is left behind.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, root, spawnCli } from './cli-helpers.js';

const tmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
// the server's socket in a folder of the test's own, removed with it (tmux leaves its socket file behind)
const socketDir = mkdtempSync(path.join(os.tmpdir(), 'urlsift-tmux-'));
const socket = path.join(socketDir, 'socket');
const input = 'corpus/markdown';

function tmuxRun(args: string[]): string {
  const result = spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Run `command` in a fresh tmux window of `columns` × 15 and return the screen and its history, wrapped lines joined. */
async function screenAfter(command: string, columns: number): Promise<string[]> {
  const done = mkdtempSync(path.join(os.tmpdir(), 'urlsift-tty-'));
  const marker = path.join(done, 'done');
  try {
    tmuxRun(['new-session', '-d', '-s', `w${columns}`, '-x', String(columns), '-y', '15', `cd ${JSON.stringify(root)} && ${command}; touch ${marker}; sleep 60`]);
    tmuxRun(['set-option', '-t', `w${columns}`, 'history-limit', '10000']);
    for (let tries = 0; tries < 600; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (spawnSync('test', ['-e', marker]).status === 0) break;
    }
    // the last output reaches the screen a moment after the process ends
    await new Promise((resolve) => setTimeout(resolve, 200));
    return tmuxRun(['capture-pane', '-p', '-J', '-S', '-', '-E', '-', '-t', `w${columns}`]).split('\n');
  } finally {
    spawnSync('tmux', ['-S', socket, 'kill-session', '-t', `w${columns}`]);
    rmSync(done, { recursive: true, force: true });
  }
}

describe('in a real terminal', () => {
  let rows: string[] = [];

  beforeAll(async () => {
    if (tmux.status !== 0) throw new Error('these tests need tmux (apt-get install tmux); .ci/run installs it');
    const piped = await spawnCli(['--no-progress', input]);
    rows = piped.stdout.trimEnd().split('\n');
    expect(rows.length).toBeGreaterThan(50);
  });

  afterAll(() => {
    spawnSync('tmux', ['-S', socket, 'kill-server']);
    rmSync(socketDir, { recursive: true, force: true });
  });

  /** Is `row` (`FILE:LINE:COL<TAB>URL…`) whole on one line of `screen`? Tabs show as spaces. */
  const wholeOn = (screen: string[], row: string) => {
    const [place, ...rest] = row.split('\t');
    return screen.some((line) => {
      const at = line.indexOf(place as string);
      if (at === -1) return false;
      let from = at + (place as string).length;
      for (const field of rest) {
        const next = line.indexOf(field, from);
        if (next === -1 || line.slice(from, next).trim() !== '') return false;
        from = next + field.length;
      }
      return true;
    });
  };

  it.each([40, 80, 200])('%i columns, by default: every row whole, no progress line', async (columns) => {
    const screen = await screenAfter(`node ${JSON.stringify(bin)} ${input}`, columns);
    expect(rows.filter((row) => !wholeOn(screen, row))).toEqual([]);
    expect(screen.filter((line) => line.includes(' files | '))).toEqual([]);
  });

  it.each([40, 80, 200])('%i columns, with --progress asked for on the same screen: every row whole, nothing left behind', async (columns) => {
    const screen = await screenAfter(`node ${JSON.stringify(bin)} --progress ${input}`, columns);
    expect(rows.filter((row) => !wholeOn(screen, row))).toEqual([]);
    expect(screen.filter((line) => line.includes(' files | '))).toEqual([]);
  });

  it('rows to a file, progress on the terminal: the screen is left clean and the file holds every row', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'urlsift-tty-out-'));
    try {
      const file = path.join(out, 'rows.txt');
      const screen = await screenAfter(`node ${JSON.stringify(bin)} ${input} > ${JSON.stringify(file)}`, 80);
      expect(screen.filter((line) => line.includes(' files | '))).toEqual([]);
      expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toEqual(rows);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('"-" reads what is typed until end of file (Ctrl-D)', async () => {
    const name = 'typed';
    tmuxRun(['new-session', '-d', '-s', name, '-x', '80', '-y', '15', `cd ${JSON.stringify(root)} && node ${JSON.stringify(bin)} -; sleep 60`]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      tmuxRun(['send-keys', '-t', name, 'see http://typed.example/ now', 'Enter']);
      tmuxRun(['send-keys', '-t', name, 'C-d']);
      let screen = '';
      for (let tries = 0; tries < 100 && !screen.includes('-:1:5'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        screen = tmuxRun(['capture-pane', '-p', '-J', '-t', name]);
      }
      expect(screen).toMatch(/^-:1:5\s+http:\/\/typed\.example\/$/m);
    } finally {
      spawnSync('tmux', ['-S', socket, 'kill-session', '-t', name]);
    }
  });
});
