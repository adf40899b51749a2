/**
 * The package as people get it: `npm install -g` of the packed tarball and
 * of the clone puts a working `urlsift` on the PATH; the library loads
 * nothing the command alone needs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../cli/cli-helpers.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-install-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sample = path.join(folder, 'notes.txt');
writeFileSync(sample, 'Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\ntype=d> and <URL:ftp://ds.in\nternic.net/rfc>.\n');

function npm(args: string[]) {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Run the installed `urlsift` of `prefix` as a shell would find it on the PATH. */
function installed(prefix: string, args: string[]) {
  const env = { ...process.env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
  return spawnSync('urlsift', args, { cwd: folder, encoding: 'utf8', env });
}

const expected = `${sample}:1:28\tftp://info.cern.ch/pub/www/doc;type=d\n${sample}:2:13\tftp://ds.internic.net/rfc\n`;

describe('npm install -g', () => {
  it('of the packed tarball: urlsift is on the PATH and finds the URLs', () => {
    const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', folder])) as Array<{ filename: string }>;
    const prefix = path.join(folder, 'from-tarball');
    npm(['install', '-g', '--prefix', prefix, path.join(folder, (packed[0] as { filename: string }).filename)]);
    const version = installed(prefix, ['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const found = installed(prefix, [sample]);
    expect([found.status, found.stdout, found.stderr]).toEqual([0, expected, '']);
  });

  it('of the clone: urlsift is on the PATH and finds the URLs', () => {
    const prefix = path.join(folder, 'from-clone');
    npm(['install', '-g', '--prefix', prefix, root]);
    const found = installed(prefix, [sample]);
    expect([found.status, found.stdout, found.stderr]).toEqual([0, expected, '']);
  });
});

describe('the library', () => {
  it('loads none of what only the command needs (worker pool, pattern engine)', () => {
    // a loader hook that records every module resolved, in a process that uses the library
    const hooks = path.join(folder, 'hooks.mjs');
    writeFileSync(hooks, "export async function resolve(specifier, context, next) { const found = await next(specifier, context); process.stderr.write(`${found.url}\\n`); return found; }\n");
    const register = path.join(folder, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(`file://${hooks}`)});\n`);
    const script = `const { scan } = await import(${JSON.stringify(`file://${path.join(root, 'dist/index.js')}`)}); if (scan('http://a.example/').length !== 1) process.exit(3);`;
    const result = spawnSync(process.execPath, ['--import', `file://${register}`, '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const loaded = result.stderr.split('\n').filter((line) => line.startsWith('file://'));
    expect(loaded.some((url) => url.includes('/dist/index.js'))).toBe(true);
    expect(loaded.filter((url) => /node_modules\/(piscina|re2js|@napi-rs)\//.test(url) || url.includes('/dist/cli/'))).toEqual([]);
  });
});
