/**
 * The V8 settings the command makes in its own process: the young
 * generation's growth is set first, before the command's modules load (set
 * later, it changes nothing), and the optimization budget when the command
 * starts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from './cli-helpers.js';
import { startFlags, workerYoungGenerationGrowth, youngGenerationGrowth } from '../../src/cli/start-flags.js';
import { tempDir } from '../temp-folders.js';

const folder = tempDir('urlsift-start-flags-');
const tree = path.join(folder, 'tree');
mkdirSync(tree);
// more files than one batch holds (64): two workers have a batch each
for (const name of Array.from({ length: 70 }, (_, i) => `${i}.txt`)) writeFileSync(path.join(tree, name), `see http://example.com/${name} and <URL:ftp://ds.in\nternic.net/rfc>.\n`);
const sample = path.join(tree, '0.txt');

/** Each V8 flag `urlsift ARGS INPUT` sets, in order. */
function flagsSet(args: string[], input = sample): string[] {
  const preload = path.join(folder, 'record-flags.mjs');
  writeFileSync(
    preload,
    [
      "import v8 from 'node:v8';",
      'const set = v8.setFlagsFromString;',
      'const seen = [];',
      'v8.setFlagsFromString = (flag) => { seen.push(flag); set(flag); };',
      "process.on('exit', () => process.stderr.write(`flags ${JSON.stringify(seen)}\\n`));",
    ].join('\n'),
  );
  const result = spawnSync(process.execPath, ['--import', `file://${preload}`, bin, ...args, input], { encoding: 'utf8' });
  expect(result.status).toBe(0);
  const line = result.stderr.split('\n').find((text) => text.startsWith('flags ')) as string;
  return JSON.parse(line.slice('flags '.length)) as string[];
}

describe('V8 flags of the command', () => {
  it('the young generation grows by 4', () => {
    expect(startFlags).toContain(youngGenerationGrowth);
    expect(youngGenerationGrowth).toBe('--semi-space-growth-factor=4');
  });

  it('sets the start flags first, before the command sets its own', () => {
    const flags = flagsSet(['--format', 'jsonl']);
    expect(flags.slice(0, startFlags.length)).toEqual([...startFlags]);
    expect(flags.slice(startFlags.length)).toContain('--interrupt-budget=1000000');
  });

  it('without worker threads, the growth stays', () => {
    expect(flagsSet(['--jobs', '1'], tree)).not.toContain(workerYoungGenerationGrowth);
  });

  it('before worker threads start, the growth is set back to V8\'s own', () => {
    const flags = flagsSet(['--jobs', '2'], tree);
    expect(flags[0]).toBe(youngGenerationGrowth);
    expect(flags.slice(1)).toContain(workerYoungGenerationGrowth);
  });

  it('bin/urlsift.js loads the launcher, which loads the command only after the start flags are set', () => {
    const text = readFileSync(bin, 'utf8');
    // an import would load its modules before any statement runs
    expect(text).not.toMatch(/^import /m);
    expect(text).toContain("load('../dist/cli-bundle/launch.cjs').launch(");
    const launcher = readFileSync(path.join(path.dirname(bin), '../dist/cli-bundle/launch.cjs'), 'utf8');
    const body = launcher.slice(launcher.indexOf('function launch('));
    expect(body.indexOf('setStartFlags()')).toBeGreaterThan(-1);
    expect(body.indexOf('loadCommandScript(')).toBeGreaterThan(body.indexOf('setStartFlags()'));
  });

  it('the start module loads nothing of the command', () => {
    const built = readFileSync(path.join(path.dirname(bin), '../dist/cli/start-flags.js'), 'utf8');
    expect(built.match(/^import .*$/gm)).toEqual(["import v8 from 'node:v8';"]);
  });
});
