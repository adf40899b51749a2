/**
 * Child processes for the sections that time whole programs.
 */
import { spawn } from 'node:child_process';
import { root } from './corpus.js';

/**
 * Run a command; resolve with exit code, stdout and stderr (both bounded) and
 * the number of stdout lines. Killed after `timeoutMs`.
 */
export function runProcess(command, args, { timeoutMs, cwd = root, collectStdout = true } = {}) {
  return new Promise((resolve) => {
    const p = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let lines = 0;
    let timedOut = false;
    p.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (collectStdout && stdout.length < 1e6) stdout += chunk;
    });
    p.stderr.on('data', (chunk) => {
      if (stderr.length < 1e5) stderr += chunk;
    });
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          p.kill('SIGKILL');
        }, timeoutMs)
      : undefined;
    p.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, lines, timedOut });
    });
  });
}
