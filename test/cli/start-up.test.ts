/**
 * What the command loads before it reads its first input: a run that writes
 * rows loads none of the report's modules (the summary, the page, its script
 * and style, number formats); a report loads them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root } from './cli-helpers.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-start-up-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sample = path.join(folder, 'notes.txt');
writeFileSync(sample, 'see http://example.com/ and <URL:ftp://ds.in\nternic.net/rfc>.\n');

/** Which modules of dist/ each file of the command's bundle (dist/cli-bundle/) holds, as the build wrote it down. */
const bundled = JSON.parse(readFileSync(path.join(root, 'dist/cli-bundle/modules.json'), 'utf8')) as Record<string, string[]>;

/** The modules of dist/ that `urlsift ARGS` loads, by their path under dist/ (those in a file of the bundle by the file's). */
function modulesLoaded(args: string[]): string[] {
  // a loader hook that records every module loaded
  const hooks = path.join(folder, 'hooks.mjs');
  writeFileSync(hooks, "export async function load(url, context, next) { process.stderr.write(`loaded ${url}\\n`); return next(url, context); }\n");
  const register = path.join(folder, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(`file://${hooks}`)});\n`);
  const result = spawnSync(process.execPath, ['--import', `file://${register}`, bin, ...args, sample], { encoding: 'utf8' });
  expect(result.status).toBe(0);
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded ') && line.includes('/dist/'))
    .map((line) => line.slice(line.indexOf('/dist/') + '/dist/'.length))
    .flatMap((module) => (module.startsWith('cli-bundle/') ? (bundled[module.slice('cli-bundle/'.length)] ?? [module]) : [module]));
}

/** The report's modules: only a report needs them. */
const reportModules = ['report/create-summary.js', 'report/render-html.js', 'report/render-markdown.js', 'report/page-script.js', 'report/visible.js'];

describe('modules the command loads', () => {
  it.each([['text'], ['jsonl'], ['json'], ['csv']])('--format %s: none of the report modules', (format) => {
    const loaded = modulesLoaded(['--format', format]);
    expect(loaded).toContain('scanner/scanner.js');
    expect(loaded.filter((module) => reportModules.includes(module))).toEqual([]);
  });

  it('--format html: the report modules', () => {
    const loaded = modulesLoaded(['--format', 'html']);
    expect(reportModules.filter((module) => !loaded.includes(module))).toEqual([]);
  });
});
