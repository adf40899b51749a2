/**
 * Input that tries to break the HTML report: URLs and file names holding
 * `<`, `"`, `</script>`, bidi overrides and control characters show as text
 * in a real browser; nothing runs, nothing is fetched. And a run that finds
 * nothing writes a page that says so.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/cli-helpers.js';
import { launchBrowser, type TestBrowser } from './browser.js';

/** Launched by the first test that needs it: without a browser, each test fails with how to install one. */
let browser: TestBrowser | undefined;
let folder: string;

beforeAll(() => {
  folder = tempDir();
});

async function newPage() {
  browser ??= await launchBrowser();
  return browser.page();
}

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Files whose names and URLs try to end the page's script, add markup, run script or turn text around. */
const hostileFiles: [name: string, content: string][] = [
  [
    '"><img src=x onerror=alert(1)>.html',
    '<a href="http://a.example/&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;">x</a>\n' +
      '<a href="http://b.example/&quot;&gt;&lt;img src=x onerror=alert(3)&gt;">y</a>\n' +
      '<a href="http://paypal.example&#x202e;@evil.example/">z</a>\n' +
      '<a href="http://g.example/&#x1b;[31mred&#x7;x">w</a>\n',
  ],
  // (a bidi control ends a bare URL: in a wrapper it stays in the URL)
  ['\u202etxt.exe', 'see http://c.example/a\u001b[31mred and <URL:http://d.example/\u202ereversed> here\n'],
  ['ctrl\u001b[1m.txt', 'one http://e.example/<!--x and <URL:http://f.example/</script>> end\n'],
];

describe('the HTML report of hostile input', () => {
  it('shows every URL and file name as text: no script runs, no markup is added, no request leaves', async () => {
    const corpus = path.join(folder, 'corpus');
    mkdirSync(corpus);
    for (const [name, content] of hostileFiles) writeFileSync(path.join(corpus, name), content);
    const report = await runCli(['--format', 'html', corpus]);
    expect(report.code).toBe(0);
    const pageFile = path.join(folder, 'report.html');
    writeFileSync(pageFile, report.stdout);
    const { page, blocked, dialogs, errors } = await newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(pageFile).href, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#table-status')?.textContent !== '');
    // nothing ran, nothing was fetched, nothing was added
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
    expect(await page.$$eval('img', (images) => images.length)).toBe(0);
    expect(await page.$$eval('script', (scripts) => scripts.length)).toBe(2);
    expect(await page.title()).toBe('Link report');
    // every URL is in the table, as text; bidi and control characters as escapes
    const urls = await page.$$eval('#url-table tbody td.url .u', (cells) => cells.map((cell) => cell.textContent));
    expect(new Set(urls)).toEqual(
      new Set([
        'http://a.example/</script><script>alert(2)</script>',
        'http://b.example/"><img src=x onerror=alert(3)>',
        'http://paypal.example\\u202e@evil.example/',
        'http://c.example/a',
        'http://g.example/\\x1b[31mred\\x07x',
        'http://d.example/\\u202ereversed',
        'http://e.example/',
        'http://f.example/',
      ]),
    );
    const places = await page.$$eval('#url-table tbody td.places a', (links) => links.map((link) => (link.textContent as string).split('/').pop()));
    expect(places).toContain('"><img src=x onerror=alert(1)>.html:1:10');
    expect(places).toContain('\\u202etxt.exe:1:5');
    expect(places).toContain('ctrl\\x1b[1m.txt:1:5');
    // the whole page as a person reads it: not one raw override or control character
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u0000-\u0008\u001b]/);
    expect(text).toContain('http://a.example/</script><script>alert(2)</script>');
    await page.close();
  });

  it('says so when nothing was found: a page with the totals, exit 1', async () => {
    const empty = path.join(folder, 'empty');
    writeFileSync(empty, 'no links here, only words.\n');
    const report = await runCli(['--format', 'html', empty]);
    expect(report.code).toBe(1);
    const pageFile = path.join(folder, 'empty.html');
    writeFileSync(pageFile, report.stdout);
    const { page, blocked, dialogs, errors } = await newPage();
    await page.goto(pathToFileURL(pageFile).href, { waitUntil: 'load' });
    expect(await page.$eval('#nothing-found', (note) => note.textContent)).toBe('No URLs found in 1 file.');
    expect(await page.$$eval('svg', (charts) => charts.length)).toBe(0);
    expect([blocked, dialogs, errors]).toEqual([[], [], []]);
    await page.close();
  });
});
