/**
 * `urlsift check` in process (`run`), against a server on 127.0.0.1 and a
 * docs tree the test makes and removes: one row per distinct URL in each
 * format, exit codes, --only-broken, --stats, the URL filters, the cache,
 * --exclude-private, its options from the command line and a config file,
 * and relative links of HTML resolved against the tree (or --base).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeTree, runCli, tempDir, writeIn } from '../cli/cli-helpers.js';
import { answer, CheckServer, page } from './check-server.js';

let server: CheckServer;
let tree: string;

beforeAll(async () => {
  server = await CheckServer.start({
    '/ok': answer(200),
    '/missing': answer(404),
    '/moved': answer(301, { location: '/ok' }),
    '/page': page('<h2 id="usage">Usage</h2>'),
    '/docs/index.html': page('<h1 id="top-of-docs">Docs</h1>'),
    '/docs/guide/setup.html': page('<h2 id="install">Install</h2>'),
    '/hang': () => {
      // never answers
    },
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  tree = tempDir();
});

afterEach(() => {
  removeTree(tree);
});

const write = (name: string, text: string) => writeIn(tree, name, text);

/** `urlsift check ARGS` with the tree as the working directory. */
const check = (args: string[]) => runCli(['check', ...args], undefined, { cwd: tree });

describe('urlsift check', () => {
  it('text: a row per distinct URL, first place and how many more; exit 1 when something is broken', async () => {
    const a = write('a.txt', `see ${server.url('/ok')} and ${server.url('/missing')}\nand ${server.url('/moved')}\n`);
    const b = write('b.txt', `again ${server.url('/ok')}\nand ${server.url('/ok')}\n`);
    const before = server.count('/ok');
    const { code, stdout, stderr } = await check([a, b]);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      `ok\t200\t${server.url('/ok')}\t${a}:1:5 (+2)\t`,
      `broken\t404\t${server.url('/missing')}\t${a}:1:${10 + server.url('/ok').length}\tThe server answered with an error status: 404`,
      `ok\t200\t${server.url('/moved')}\t${a}:2:5\tredirected to ${server.url('/ok')}`,
      '',
    ]);
    // /ok once for itself, once as /moved's target
    expect(server.count('/ok') - before).toBe(2);
  });

  it('exit 0 when nothing is broken; skipped and mailto: need no network', async () => {
    const file = write('a.md', `# A\n\n[ok](${server.url('/ok')}) <mailto:someone@example.org> ftp://ftp.example/pub\n`);
    const { code, stdout } = await check([file]);
    expect(code).toBe(0);
    expect(stdout.split('\n').map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual([
      `ok 200 ${server.url('/ok')}`,
      'ok - mailto:someone@example.org',
      'skipped - ftp://ftp.example/pub',
      '',
    ]);
  });

  it('jsonl: url, status, code, redirects, error, count and places', async () => {
    const file = write('a.txt', `${server.url('/moved')}\n${server.url('/page#usage')} ${server.url('/page#gone')}\n`);
    const { stdout } = await check([file, '--format', 'jsonl']);
    const rows = stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(rows).toEqual([
      {
        url: server.url('/moved'),
        status: 'ok',
        code: 200,
        redirects: [{ url: server.url('/moved'), code: 301, location: server.url('/ok') }],
        count: 1,
        places: [{ file, line: 1, column: 1 }],
      },
      { url: server.url('/page#usage'), status: 'ok', code: 200, redirects: [], count: 1, places: [{ file, line: 2, column: 1 }] },
      {
        url: server.url('/page#gone'),
        status: 'broken',
        code: 200,
        redirects: [],
        error: { code: 'fragment-missing', message: 'The page has no element with this id or name, no heading with this slug: #gone' },
        count: 1,
        places: [{ file, line: 2, column: 2 + server.url('/page#usage').length }],
      },
    ]);
  });

  it('json and csv', async () => {
    const file = write('a.txt', `${server.url('/ok')} ${server.url('/missing')}\n`);
    const json = JSON.parse((await check([file, '--format', 'json'])).stdout);
    expect(json.map((row: { status: string }) => row.status)).toEqual(['ok', 'broken']);
    const csv = (await check([file, '--format', 'csv'])).stdout.trimEnd().split('\n');
    expect(csv[0]).toBe('url,status,code,error,detail,file,line,column,count,redirects');
    expect(csv[2]).toBe(`${server.url('/missing')},broken,404,http-status,The server answered with an error status: 404,${file},1,${2 + server.url('/ok').length},1,0`);
  });

  it('markdown: a report for a pull-request comment, broken URLs in a table', async () => {
    const [ok, missing, page] = [server.url('/ok'), server.url('/missing'), server.url('/page#gone')];
    const file = write('a.txt', `${ok} ${missing}\nftp://f.example/x ftp://g.example/y\n${page}\n`);
    const { code, stdout } = await check([file, '--format', 'markdown', '--only-broken']);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      '## Link check',
      '',
      '**5** distinct URLs checked: **2 broken**, 1 ok, 0 excluded, 2 skipped.',
      '',
      '### Broken',
      '',
      '| Code | URL | Where | Why |',
      '| ---: | --- | --- | --- |',
      `| 404 | \`${missing}\` | \`${file}:1:${ok.length + 2}\` | The server answered with an error status: 404 |`,
      `| 200 | \`${page}\` | \`${file}:3:1\` | The page has no element with this id or name, no heading with this slug: \\#gone |`,
      '',
      '<details><summary>Skipped or excluded: 2</summary>',
      '',
      '- ftp: URLs are not checked (HTTP, HTTPS, file: and mailto: are): 2',
      '',
      '</details>',
      '',
    ]);
  });

  it('html: one page, broken first, strings from the input escaped', async () => {
    const file = write('a.txt', `${server.url('/ok')} ${server.url("/missing?a=1&b='2'x")}\n`);
    const { code, stdout } = await check([file, '--format', 'html']);
    expect(code).toBe(1);
    expect(stdout.startsWith('<!doctype html>')).toBe(true);
    expect(stdout).toContain('Content-Security-Policy');
    const rows = [...stdout.matchAll(/<tr><td class="status-(\w+)">/g)].map((match) => match[1]);
    expect(rows).toEqual(['broken', 'ok']);
    expect(stdout).toContain('/missing?a=1&amp;b=&#39;2&#39;x</td>');
  });

  it('--only-broken lists only broken URLs; --stats counts them all', async () => {
    const file = write('a.txt', `${server.url('/ok')} ${server.url('/missing')} ftp://f.example/x\n`);
    const { code, stdout, stderr } = await check([file, '--only-broken', '--stats']);
    expect(code).toBe(1);
    expect(stdout.trimEnd().split('\n').map((line) => line.split('\t')[2])).toEqual([server.url('/missing')]);
    expect(stderr).toMatch(/^urlsift: checked 3 distinct URLs in \d+\.\d\d s: 1 ok, 1 broken, 0 excluded, 1 skipped; 0 from the cache$/m);
  });

  it('--stats=json: the check in the summary object', async () => {
    const file = write('a.txt', `${server.url('/ok')} ${server.url('/ok')}\n`);
    const { stderr } = await check([file, '--stats=json']);
    const summary = JSON.parse(stderr);
    expect(summary.urls).toBe(2);
    expect({ ...summary.check, seconds: typeof summary.check.seconds }).toEqual({
      checked: 1,
      cached: 0,
      ok: 1,
      broken: 0,
      excluded: 0,
      skipped: 0,
      seconds: 'number',
    });
  });

  it('--progress: the line counts the URLs checked', async () => {
    const file = write('a.txt', `${server.url('/ok')} ${server.url('/page')} mailto:a@b.example\n`);
    let progress = '';
    const progressStream = new Writable({
      write(chunk, _encoding, done) {
        progress += String(chunk);
        done();
      },
    });
    await runCli(['check', file, '--progress'], undefined, { cwd: tree, progressStream });
    expect(progress.trimEnd().split('\n').at(-1)).toMatch(/ \| checked 3\/3 distinct$/);
  });

  it('the URL filters: an excluded URL is not asked for', async () => {
    const file = write('a.txt', `${server.url('/missing')} ${server.url('/ok')}\n`);
    const before = server.count('/missing');
    const { code, stdout } = await check([file, '--exclude-url', '/missing$']);
    expect(code).toBe(0);
    expect(stdout.split('\t')[2]).toBe(server.url('/ok'));
    expect(server.count('/missing')).toBe(before);
  });

  it('--exclude-private: excluded, not asked for, exit 0', async () => {
    const file = write('a.txt', `${server.url('/missing')}\n`);
    const before = server.count('/missing');
    const { code, stdout } = await check([file, '--exclude-private']);
    expect(code).toBe(0);
    expect(stdout).toBe(`excluded\t-\t${server.url('/missing')}\t${file}:1:1\t127.0.0.1 is a private or loopback address (exclude-private)\n`);
    expect(server.count('/missing')).toBe(before);
  });

  it('--cache: ok results kept in .urlsiftcache of the working folder and taken from it', async () => {
    const file = write('a.txt', `${server.url('/page')}\n`);
    await check([file, '--cache']);
    const before = server.count('/page');
    const { stdout, stderr } = await check([file, '--cache', '--stats']);
    expect(server.count('/page')).toBe(before);
    expect(stdout.startsWith('ok\t200\t')).toBe(true);
    expect(stderr).toMatch(/; 1 from the cache$/m);
    expect(readFileSync(path.join(tree, '.urlsiftcache'), 'utf8')).toContain(server.url('/page'));
  });

  it('its options from a config file, checked as flags are', async () => {
    const file = write('a.txt', `${server.url('/page#nowhere')}\n`);
    write('urlsift.config.json', JSON.stringify({ fragments: false, timeout: '500ms', perHost: 2 }));
    expect((await check([file])).code).toBe(0);
    write('urlsift.config.json', JSON.stringify({ timeout: 'soon' }));
    const { code, stderr } = await check([file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/urlsift\.config\.json: "timeout" must be a number of seconds or a time such as "500ms"/);
  });

  it.each([
    [['--timeout', 'abc'], /--timeout takes a time: seconds \(10, 0\.5\) or with a unit/],
    [['--timeout', '0'], /--timeout takes a time/],
    [['--per-host', '0'], /--per-host takes a whole number from 1 to 1000/],
    [['--unique'], /unknown option "--unique" for urlsift check/],
    [['--root', 'no-such-folder'], /--root takes a folder; "no-such-folder" is none/],
  ])('%j: a usage error, exit 2', async (args, message) => {
    const file = write('a.txt', 'nothing\n');
    const { code, stderr } = await check([file, ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("the main command's options are not check's, and the other way round", async () => {
    const { code, stderr } = await runCli(['--timeout', '5', '-'], 'x');
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown option "--timeout" \(an option of urlsift check\)/);
  });

  it('Ctrl-C (the run\'s signal) stops the checks under way: exit 130', async () => {
    const file = write('a.txt', `${server.url('/hang')}\n`);
    const interrupt = new AbortController();
    const asked = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (server.count('/hang') > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    const running = runCli(['check', file, '--timeout', '600'], undefined, { cwd: tree, signal: interrupt.signal });
    await asked;
    interrupt.abort();
    expect((await running).code).toBe(130);
  });

  it('an input that cannot be read: exit 2, the rest checked', async () => {
    const file = write('a.txt', `${server.url('/ok')}\n`);
    const { code, stdout, stderr } = await check([file, path.join(tree, 'missing.txt')]);
    expect(code).toBe(2);
    expect(stdout.startsWith('ok\t')).toBe(true);
    expect(stderr).toMatch(/missing\.txt/);
  });
});

describe('urlsift check: relative links of HTML', () => {
  it('against the tree: file: URLs, fragments against the target', async () => {
    write('docs/index.html', '<h1 id="top-of-docs">x</h1><a href="guide/setup.html#install">a</a> <a href="guide/setup.html#nope">b</a> <a href="gone.html">c</a> <a href="/docs/index.html#top-of-docs">d</a> <a href="#top-of-docs">e</a>');
    write('docs/guide/setup.html', '<h2 id="install">Install</h2>');
    const { code, stdout } = await check([path.join(tree, 'docs')]);
    expect(code).toBe(1);
    const docs = pathToFileURL(path.join(tree, 'docs')).href;
    expect(stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual([
      `ok - ${docs}/guide/setup.html#install`,
      `broken - ${docs}/guide/setup.html#nope`,
      `broken - ${docs}/gone.html`,
      `ok - ${docs}/index.html#top-of-docs`,
    ]);
  });

  it('--base: the tree as the server serves it', async () => {
    write('site/docs/index.html', '<a href="guide/setup.html#install">a</a> <a href="/docs/index.html#top-of-docs">b</a> <a href="guide/gone.html">c</a>');
    const { code, stdout } = await check([path.join(tree, 'site'), '--base', `${server.base}/`, '--root', path.join(tree, 'site')]);
    expect(code).toBe(1);
    expect(stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual([
      `ok 200 ${server.url('/docs/guide/setup.html#install')}`,
      `ok 200 ${server.url('/docs/index.html#top-of-docs')}`,
      `broken 404 ${server.url('/docs/guide/gone.html')}`,
    ]);
  });
});

describe('urlsift check: a Markdown docs tree', () => {
  it('relative links and their fragments against the tree, GitHub slugs', async () => {
    write('docs/index.md', [
      '# Docs',
      '',
      "## What's new?",
      '',
      '- [install](guide/install.md#from-npm)',
      '- [install, wrong slug](guide/install.md#from-yarn)',
      '- [gone](guide/gone.md)',
      '- [back here](#whats-new)',
      '- [from the root](/docs/guide/install.md)',
      '- ![logo](logo.png)',
      '- [a folder](guide/)',
      '',
    ].join('\n'));
    write('docs/guide/install.md', '# Install\n\n## From `npm`\n\ntext\n');
    write('docs/logo.png', 'png');
    const { code, stdout } = await check([path.join(tree, 'docs'), '--root', tree]);
    expect(code).toBe(1);
    const docs = pathToFileURL(path.join(tree, 'docs')).href;
    expect(stdout.trimEnd().split('\n').map((line) => line.split('\t').filter((_, i) => i !== 1 && i !== 3).join(' '))).toEqual([
      `ok ${docs}/guide/install.md#from-npm `,
      `broken ${docs}/guide/install.md#from-yarn The page has no element with this id or name, no heading with this slug: #from-yarn`,
      `broken ${docs}/guide/gone.md No such file or folder: ${path.join(tree, 'docs/guide/gone.md')}`,
      `ok ${docs}/index.md#whats-new `,
      `ok ${docs}/guide/install.md `,
      `ok ${docs}/logo.png `,
      // the last row's empty WHY goes with trimEnd
      `ok ${docs}/guide/`,
    ]);
  });
});
