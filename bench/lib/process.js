/**
 * Child processes for the sections that time whole programs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { root } from './corpus.js';

/**
 * Run a command; resolve with exit code, stdout and stderr (both bounded) and
 * the number of stdout lines. Killed after `timeoutMs`. With `sampleRss`
 * (Linux), the child's peak resident memory (VmHWM in /proc, read every
 * 100 ms, so growth in its last 100 ms may be missed) as `peakRssKiB`.
 * With `stdoutFile`, standard output is written to that file.
 */
export function runProcess(command, args, { timeoutMs, cwd = root, collectStdout = true, sampleRss = false, stdoutFile } = {}) {
  return new Promise((resolve) => {
    // `stdoutFile`: standard output goes to that file (then no lines are counted)
    const out = stdoutFile === undefined ? 'pipe' : fs.openSync(stdoutFile, 'w');
    const p = spawn(command, args, { cwd, stdio: ['ignore', out, 'pipe'] });
    if (typeof out === 'number') fs.closeSync(out);
    let stdout = '';
    let stderr = '';
    let lines = 0;
    let timedOut = false;
    p.stdout?.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (collectStdout && stdout.length < 1e6) stdout += chunk;
    });
    p.stderr.on('data', (chunk) => {
      if (stderr.length < 1e5) stderr += chunk;
    });
    let peakRssKiB;
    const readPeak = () => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p.pid}/status`, 'utf8'));
        if (match) peakRssKiB = Math.max(peakRssKiB ?? 0, Number(match[1]));
      } catch {
        // the child has ended, or this is not Linux
      }
    };
    const sampler = sampleRss ? setInterval(readPeak, 100) : undefined;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          readPeak();
          p.kill('SIGKILL');
        }, timeoutMs)
      : undefined;
    p.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (sampler) clearInterval(sampler);
      resolve({ code, signal, stdout, stderr, lines, timedOut, peakRssKiB });
    });
  });
}
