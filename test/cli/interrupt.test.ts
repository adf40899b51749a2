/**
 * Ctrl-C stops the run and its workers: exit 130, promptly.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './cli-helpers.js';

describe('SIGINT', () => {
  it('stops the workers cleanly with exit code 130', async () => {
    const tree = tempDir();
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i} see http://host${i}.example/path`).join('\n');
    for (let i = 0; i < 120; i++) {
      const dir = path.join(tree, `d${i % 10}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `f${i}.txt`), text);
    }
    const child = spawn(process.execPath, [bin, '--jobs', '2', tree]);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    let sent = false;
    child.stdout.on('data', () => {
      if (!sent) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    expect(sent).toBe(true);
    // exit 130, or (when the workers take longer to stop) SIGINT's own action, which a shell reports as 130
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
    expect(stderr).toContain('urlsift: interrupted');
  });
});
