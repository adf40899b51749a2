/**
 * Temporary folders for tests: each made in the system's temporary folder
 * (the run's own, see `global-setup.ts`) and removed after the last test of
 * the file that made it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { removeTree } from './remove-tree.js';

export { removeTree };

const made: string[] = [];

afterAll(() => {
  for (const folder of made.splice(0)) removeTree(folder);
});

/** A new folder in the temporary folder, removed after the test file's last test. */
export function tempDir(prefix = 'urlsift-test-'): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(folder);
  return folder;
}

/** A new temporary folder holding `files` (path below it → content). */
export function tempTree(files: Record<string, string | Uint8Array>): string {
  const folder = tempDir();
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(folder, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  return folder;
}
