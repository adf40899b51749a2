/**
 * What the command loads before it reads its first input: a run that writes
 * rows loads none of the report's modules (the summary, the page, its script
 * and style, number formats); a report loads them. (They are in the
 * command's script, unrun.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root } from './cli-helpers.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-start-up-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sample = path.join(folder, 'notes.txt');
writeFileSync(sample, 'see http://example.com/ and <URL:ftp://ds.in\nternic.net/rfc>.\n');

/** Which modules of dist/ each file of the command's bundle (dist/cli-bundle/) holds, as the build wrote it down. */
const bundled = JSON.parse(readFileSync(path.join(root, 'dist/cli-bundle/modules.json'), 'utf8')) as Record<string, string[]>;

/** A function's coverage as V8 reports it (NODE_V8_COVERAGE). */
interface FunctionCoverage {
  functionName: string;
  ranges: Array<{ count: number }>;
}

/**
 * The modules of dist/ that `urlsift ARGS` loads, by their path under dist/.
 * The command is one script (dist/cli-bundle/command.cjs) in which esbuild
 * wraps each module in a function named by its path that runs it the first
 * time it is imported: a module is loaded when that function ran (V8's
 * coverage of the run tells), or when it has none (it runs with the script).
 */
function modulesLoaded(args: string[]): string[] {
  const coverage = mkdtempSync(path.join(folder, 'coverage-'));
  const result = spawnSync(process.execPath, [bin, ...args, sample], { encoding: 'utf8', env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  expect(result.status).toBe(0);
  const functions: FunctionCoverage[] = [];
  for (const name of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as { result: Array<{ url: string; functions: FunctionCoverage[] }> };
    for (const script of report.result) if (script.url.endsWith('/dist/cli-bundle/command.cjs')) functions.push(...script.functions);
  }
  expect(functions.length).toBeGreaterThan(0);
  const modules = bundled['command.cjs'] as string[];
  const wrapped = new Set(functions.map((item) => item.functionName.replace(/^dist\//, '')).filter((name) => modules.includes(name)));
  const ran = new Set(functions.filter((item) => (item.ranges[0]?.count ?? 0) > 0).map((item) => item.functionName.replace(/^dist\//, '')));
  return modules.filter((module) => !wrapped.has(module) || ran.has(module));
}

/** The package's own files whose code a run of `urlsift ARGS` loaded (V8's coverage of the run), by path under the package. */
function packageScriptsLoaded(args: string[]): string[] {
  const coverage = mkdtempSync(path.join(folder, 'coverage-'));
  const result = spawnSync(process.execPath, [bin, ...args, sample], { encoding: 'utf8', env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  expect(result.status).toBe(0);
  const loaded = new Set<string>();
  for (const name of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as { result: Array<{ url: string }> };
    for (const script of report.result) {
      const file = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
      if (file.startsWith(root)) loaded.add(path.relative(root, file).split(path.sep).join('/'));
    }
  }
  return [...loaded].sort();
}

/** The report's modules: only a report needs them. */
const reportModules = ['report/create-summary.js', 'report/render-html.js', 'report/render-markdown.js', 'report/page-script.js', 'report/visible.js'];

describe('modules the command loads', () => {
  it.each([['text'], ['jsonl'], ['json'], ['csv']])('--format %s: none of the report modules', (format) => {
    const loaded = modulesLoaded(['--format', format]);
    expect(loaded).toContain('scanner/scanner.js');
    expect(loaded.filter((module) => reportModules.includes(module))).toEqual([]);
  });

  it('starts from three scripts: the launcher, its bundle of the start flags and the command\'s loader, and the command (no ES module of dist/)', () => {
    expect(packageScriptsLoaded(['--format', 'jsonl'])).toEqual(['bin/urlsift.js', 'dist/cli-bundle/command.cjs', 'dist/cli-bundle/launch.cjs']);
  });

  it('--format html: the report modules', () => {
    const loaded = modulesLoaded(['--format', 'html']);
    expect(reportModules.filter((module) => !loaded.includes(module))).toEqual([]);
  });
});
