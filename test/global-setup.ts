/**
 * The test run's own temporary folder: made inside the one given (TMPDIR,
 * or the system's), used by every test and by every command a test runs,
 * and required to be empty at the end. A test that leaves a file or folder
 * behind fails the run, with what it left named; the folder given keeps its
 * mode.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTree } from './remove-tree.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The sources whose build in dist/ is missing or older than they are (tests that run bin/urlsift.js run dist/). */
function staleBuilds(): string[] {
  const stale: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const name = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(name);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
        const built = path.join(root, 'dist', path.relative('src', name).replace(/\.ts$/, '.js'));
        let builtTime = 0;
        try {
          builtTime = statSync(built).mtimeMs;
        } catch {
          // not built
        }
        if (builtTime < statSync(path.join(root, name)).mtimeMs) stale.push(name);
      }
    }
  };
  visit('src');
  return stale;
}

/** Set while the run's folder exists: each project of the run calls this setup, and the first makes the folder for all. */
const marker = 'URLSIFT_TEST_RUN_TMPDIR';

export default function setup(): () => void {
  if (process.env[marker] !== undefined) return () => {};
  const stale = staleBuilds();
  if (stale.length > 0) {
    throw new Error(`dist/ is older than ${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ` and ${stale.length - 3} more` : ''}: run npm run build first (npm test does)`);
  }
  const given = os.tmpdir();
  const mode = statSync(given).mode;
  const own = mkdtempSync(path.join(given, 'urlsift-tests-'));
  process.env.TMPDIR = own;
  process.env[marker] = own;
  return () => {
    delete process.env[marker];
    const left = readdirSync(own);
    removeTree(own);
    process.env.TMPDIR = given;
    if (statSync(given).mode !== mode) throw new Error(`the tests changed the mode of ${given}`);
    if (left.length > 0) throw new Error(`the tests left ${left.length} entries in the temporary folder: ${left.slice(0, 10).join(', ')}`);
  };
}
