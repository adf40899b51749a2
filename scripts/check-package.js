#!/usr/bin/env node
/**
 * Checks the package as it would be published: packs it (without running
 * its scripts) into a temporary folder, then runs publint and
 * @arethetypeswrong/cli on the tarball, and checks that every source map in
 * it names sources that are in it too. Exits non-zero on any problem.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-pack-'));
let failed = false;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    failed = true;
    process.stderr.write(`check-package: ${path.basename(command)} ${args.join(' ')} failed\n${result.stdout}${result.stderr}`);
  }
  return result;
}

try {
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder]);
  if (!failed) {
    const [{ filename, files }] = JSON.parse(packed.stdout);
    const tarball = path.join(folder, filename);
    run(bin('publint'), ['run', tarball, '--strict']);
    run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii']);
    // every source map's sources ship with it
    const shipped = new Set(files.map((file) => file.path));
    const missing = [];
    for (const { path: file } of files) {
      if (!file.endsWith('.map')) continue;
      const map = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
      for (const source of map.sources) {
        const named = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
        if (!shipped.has(named)) missing.push(`${file} → ${named}`);
      }
    }
    if (missing.length > 0) {
      failed = true;
      process.stderr.write(`check-package: source maps name files the package does not ship:\n  ${missing.slice(0, 10).join('\n  ')}\n`);
    }
    if (!failed) process.stdout.write(`check-package: ${filename}: ${files.length} files; publint, attw and source maps fine\n`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
