/**
 * `scanMarkdown` from the package entry (`import { scanMarkdown } from
 * 'urlsift'`): checked at once, loaded when first used, the same records as
 * the plugin; and what loading the package and reading Markdown bring in
 * (a loader hook in a process of its own records every module resolved).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as urlsift from '../../src/index.js';
import type { UrlRecord } from '../../src/index.js';
import { root } from '../cli/cli-helpers.js';
import { pluginRecords } from './process.js';

describe('scanMarkdown from the package entry', () => {
  it('checks its arguments at once, before the Markdown adapter is loaded', () => {
    expect(() => urlsift.scanMarkdown(42 as never)).toThrow(new TypeError('Expected a string, got number'));
    expect(() => urlsift.scanMarkdown('', { nope: true } as never)).toThrow(TypeError);
    expect(() => urlsift.scanMarkdown('', { onNote: 'x' } as never)).toThrow(new TypeError('Expected option `onNote` to be a function, got string'));
    expect(() => urlsift.scanMarkdown('', [] as never)).toThrow(new TypeError('Expected options to be an object, got an array'));
  });

  it('gives the plugin’s records, HTML read with html', async () => {
    const markdown = '# Links\n\nSee <URL:http://a.exam-\n  ple/> and <a href="http://b.example/">b</a>.\n';
    expectTypeOf(urlsift.scanMarkdown).returns.toEqualTypeOf<Promise<UrlRecord[]>>();
    expect(await urlsift.scanMarkdown(markdown)).toEqual(pluginRecords(markdown));
    expect(await urlsift.scanMarkdown(markdown, { html: true })).toEqual(pluginRecords(markdown, { html: true }));
    expect((await urlsift.scanMarkdown(markdown, { html: true })).map((record) => record.url)).toEqual(['http://a.exam-ple/', 'http://b.example/']);
  });
});

const folder = mkdtempSync(path.join(os.tmpdir(), 'urlsift-loading-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the build bundles the Markdown parser into (dist/adapters/markdown/document/), named as a package here. */
const bundledParser = 'markdown-tree.bundle.cjs';

/** The packages under node_modules a script using the built package resolves (imported, or in `require`'s cache), and {@link bundledParser} when it was loaded. */
function packagesLoaded(script: string): string[] {
  const hooks = path.join(folder, 'hooks.mjs');
  writeFileSync(hooks, "export async function resolve(specifier, context, next) { const found = await next(specifier, context); process.stderr.write(`${found.url}\\n`); return found; }\n");
  const register = path.join(folder, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(`file://${hooks}`)});\n`);
  const entry = JSON.stringify(`file://${path.join(root, 'dist/index.js')}`);
  const result = spawnSync(process.execPath, ['--import', `file://${register}`, '--input-type=module', '-e', `const urlsift = await import(${entry});\n${script}\nconst { createRequire } = await import('node:module');\nfor (const file of Object.keys(createRequire(${entry}).cache)) process.stderr.write(\`\${file}\\n\`);`], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  const names = new Set<string>();
  for (const line of result.stderr.split('\n')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (match !== null) names.add(match[1] as string);
    else if (line.endsWith(`/${bundledParser}`)) names.add(bundledParser);
  }
  return [...names];
}

describe('what is loaded', () => {
  it('import { scan } loads no Markdown or HTML parser', () => {
    const loaded = packagesLoaded("if (urlsift.scan('http://a.example/').length !== 1) process.exit(3);");
    expect(loaded.filter((name) => /^(remark|micromark|mdast|unified|htmlparser2|entities)/.test(name))).toEqual([]);
  });

  it.each([
    { document: 'a document the unit reader reads whole', markdown: '| a |\\n| - |\\n| [x] http://a.example/ |\\n', parser: [] },
    { document: 'a document remark reads (a tab at a line\'s end)', markdown: '- a\\n\\n  b http://a.example/\\t\\n', parser: [bundledParser] },
  ])('scanMarkdown on $document loads the bundled parser only then, no Markdown module of its own, and no HTML parser', ({ markdown, parser }) => {
    const loaded = packagesLoaded(`const found = await urlsift.scanMarkdown('${markdown}'); if (found.length !== 1) process.exit(3);`);
    expect(loaded.filter((name) => name === bundledParser)).toEqual(parser);
    expect(loaded.filter((name) => /^(remark|micromark|mdast|unified|vfile|htmlparser2|entities|iconv-lite)/.test(name))).toEqual([]);
  });

  it.each([
    { document: 'without a named character reference', markdown: 'a &#35; http://a.example/\\n', table: [] },
    { document: 'with one', markdown: 'a &copy; http://a.example/\\n', table: ['decode-named-character-reference'] },
  ])('scanMarkdown on a document $document loads the table of named references only then', ({ markdown, table }) => {
    const loaded = packagesLoaded(`const found = await urlsift.scanMarkdown('${markdown}'); if (found.length !== 1) process.exit(3);`);
    expect(loaded.filter((name) => name === 'decode-named-character-reference')).toEqual(table);
  });

  it('scanMarkdown with html loads the HTML parser', () => {
    const loaded = packagesLoaded("const found = await urlsift.scanMarkdown('<a href=\"http://a.example/\">a</a>\\n', { html: true }); if (found.length !== 1) process.exit(3);");
    expect(loaded).toContain('htmlparser2');
  });
});
