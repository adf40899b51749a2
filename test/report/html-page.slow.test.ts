/**
 * The HTML report as a person sees it, in a real browser (headless
 * Chromium): the page made by the command from the bundled corpus, opened
 * from disk with every request but `file:` failing the test.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { root, runCli, tempDir } from '../cli/cli-helpers.js';
import { launchBrowser, type TestBrowser } from './browser.js';

/** The corpus `npm start` scans. */
const corpusPaths = ['corpus/text', 'corpus/markdown/*.md', 'corpus/mail/*.eml', 'corpus/mail/*.mbox', 'corpus/mail/maildir'];

interface JsonRow {
  url: string;
  scheme: string;
  file: string;
  start: { line: number; column: number };
  parts: { host?: string; address?: string };
}

/** Hosts counted from JSON Lines rows by the test itself: the record's host, lower-cased, a mailto address's domain (before any `?subject=`). */
function hostsOf(rows: JsonRow[]): Map<string, number> {
  const hosts = new Map<string, number>();
  for (const row of rows) {
    const address = row.parts.address?.split(/[?#]/)[0];
    const host = row.parts.host ? row.parts.host.toLowerCase() : row.scheme === 'mailto' && address?.includes('@') ? (address.split('@').pop() as string).toLowerCase() : '(none)';
    hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  return hosts;
}

/** Launched by the first test that needs it: without a browser, each browser test fails with how to install one (none is skipped). */
let browser: TestBrowser | undefined;
let folder: string;
let pageFile: string;
let rows: JsonRow[];
/** Where screenshots go: URLSIFT_SCREENSHOTS keeps them (outside the repository) to be looked at; else the test's folder. */
let shots: string;

beforeAll(async () => {
  folder = tempDir();
  shots = process.env['URLSIFT_SCREENSHOTS'] ?? folder;
  mkdirSync(shots, { recursive: true });
  const report = await runCli(['--format', 'html', ...corpusPaths], undefined, { cwd: root });
  expect(report.code).toBe(0);
  pageFile = path.join(folder, 'report.html');
  writeFileSync(pageFile, report.stdout);
  const jsonl = await runCli(['--format', 'jsonl', ...corpusPaths], undefined, { cwd: root });
  rows = jsonl.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as JsonRow);
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The page opened from disk at `width`; fails on any request that is not `file:`, any dialog, any script error. */
async function open(width: number, scheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; done: () => Promise<void> }> {
  browser ??= await launchBrowser();
  const { page, blocked, dialogs, errors } = await browser.page();
  await page.setViewport({ width, height: 900 });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  await page.goto(pathToFileURL(pageFile).href, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#table-status')?.textContent !== '');
  return {
    page,
    done: async () => {
      await page.close();
      expect(blocked).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    },
  };
}

/** The host cells of the table's rows. */
const tableHosts = (page: Page) => page.$$eval('#url-table tbody tr td.host', (cells) => cells.map((cell) => cell.textContent));

describe('the HTML report in a browser', () => {
  it('shows the top host with the count JSON Lines gives, and the totals', async () => {
    const { page, done } = await open(1280);
    const [topHost, topCount] = [...hostsOf(rows)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] as [string, number];
    const firstBar = await page.$eval('#chart-hosts .bar-row', (bar) => [bar.querySelector('.label')?.textContent, bar.querySelector('.value')?.textContent]);
    expect(firstBar).toEqual([topHost, String(topCount)]);
    const totals = await page.$$eval('.totals div', (cells) => cells.map((cell) => [cell.querySelector('dt')?.textContent, cell.querySelector('dd')?.textContent]));
    expect(totals).toContainEqual(['URLs', String(rows.length)]);
    expect(totals).toContainEqual(['Distinct URLs', String(new Set(rows.map((row) => row.url)).size)]);
    expect(totals).toContainEqual(['Hosts', String(hostsOf(rows).size)]);
    await done();
  });

  it('draws each chart as SVG with a bar per host (top 20 and the rest), scheme, way found and file', async () => {
    const { page, done } = await open(1280);
    const bars = (id: string) => page.$$eval(`#${id} svg rect.bar`, (rects) => rects.map((rect) => Number.parseFloat(rect.getAttribute('width') ?? '0')));
    const hosts = hostsOf(rows).size;
    const files = new Set(rows.map((row) => row.file)).size;
    expect(hosts).toBeGreaterThan(20);
    expect(await bars('chart-hosts')).toHaveLength(21);
    expect(await bars('chart-schemes')).toHaveLength(new Set(rows.map((row) => row.scheme)).size);
    expect(await bars('chart-files')).toHaveLength(Math.min(files, 20) + (files > 20 ? 1 : 0));
    expect((await bars('chart-kinds')).length).toBeGreaterThanOrEqual(7);
    // drawn: each bar has a width, and the longest spans the chart
    for (const id of ['chart-hosts', 'chart-schemes', 'chart-kinds', 'chart-files']) {
      const widths = await bars(id);
      expect(Math.min(...widths), id).toBeGreaterThan(0);
      expect(Math.max(...widths), id).toBe(100);
      const box = await page.$eval(`#${id} svg`, (svg) => svg.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.width, id).toBeGreaterThan(300);
    }
    await done();
  });

  it('filters the table by host: only that host\u2019s rows are left, as many as its distinct URLs', async () => {
    const { page, done } = await open(1280);
    const host = 'ds.internic.net';
    const distinct = new Set(rows.filter((row) => row.parts.host?.toLowerCase() === host).map((row) => row.url));
    expect(distinct.size).toBeGreaterThan(1);
    expect(new Set(await tableHosts(page)).size).toBeGreaterThan(1);
    await page.type('#filter-host', host);
    await page.waitForFunction((count) => document.querySelectorAll('#url-table tbody tr').length === count, {}, distinct.size);
    expect(new Set(await tableHosts(page))).toEqual(new Set([host]));
    const urls = await page.$$eval('#url-table tbody td.url .u', (cells) => cells.map((cell) => cell.textContent));
    expect(new Set(urls)).toEqual(distinct);
    expect(await page.$eval('#table-status', (status) => status.textContent)).toMatch(new RegExp(`of ${distinct.size} matching`));
    await done();
  });

  it('filters by host from the chart: a host bar is a link that leaves only its rows', async () => {
    const { page, done } = await open(1280);
    await page.click('#chart-hosts a.filter-link[data-host="info.cern.ch"]');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#filter-host')?.value === 'info.cern.ch');
    expect(new Set(await tableHosts(page))).toEqual(new Set(['info.cern.ch']));
    await done();
  });

  it('links each place to its file, shown as file:line:column of a record', async () => {
    const { page, done } = await open(1280);
    await page.type('#filter-text', 'ds.internic.net/rfc');
    await page.select('#filter-scheme', 'ftp');
    await page.waitForFunction(() => document.querySelector('#url-table tbody td.url .u')?.textContent === 'ftp://ds.internic.net/rfc');
    const places = await page.$$eval('#url-table tbody tr:first-child td.places a', (links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    const expected = rows
      .filter((row) => row.url === 'ftp://ds.internic.net/rfc')
      .map((row) => [`${row.file}:${row.start.line}:${row.start.column}`, pathToFileURL(path.resolve(root, row.file)).href]);
    expect(expected.length).toBeGreaterThan(1);
    expect(places).toEqual(expected.slice(0, 5));
    await done();
  });

  it('sorts from the keyboard: a header is a button, Enter sorts by it and says so', async () => {
    const { page, done } = await open(1280);
    await page.focus('th[data-sort="url"] button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('th[data-sort="url"]')?.getAttribute('aria-sort') === 'ascending');
    const urls = await page.$$eval('#url-table tbody td.url .u', (cells) => cells.map((cell) => cell.textContent as string));
    expect(urls).toEqual([...urls].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(urls[0]).toBe([...new Set(rows.map((row) => row.url))].sort()[0]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('th[data-sort="url"]')?.getAttribute('aria-sort') === 'descending');
    await done();
  });

  it('names mail messages by subject in their places', async () => {
    const { page, done } = await open(1280);
    await page.type('#filter-file', 'corpus/mail/archive.mbox');
    await page.waitForFunction(() => document.querySelectorAll('#url-table tbody tr').length < 30);
    const messages = await page.$$eval('#url-table tbody td.places .msg', (cells) => cells.map((cell) => cell.textContent));
    expect(messages).toContain('message 4 “Re: Minutes”');
    await done();
  });

  it.each([
    [1280, 'light'],
    [400, 'light'],
    [400, 'dark'],
  ] as const)('reads at %i px wide (%s): no sideways scrolling, charts and table on screen; a screenshot', async (width, scheme) => {
    const { page, done } = await open(width, scheme);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const selector of ['#chart-hosts svg', '#url-table', '#url-table tbody tr']) {
      const box = await page.$eval(selector, (element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.width, selector).toBeGreaterThan(width * 0.4);
      expect(box.left, selector).toBeGreaterThanOrEqual(0);
      expect(box.right, selector).toBeLessThanOrEqual(width);
    }
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
    const file = path.join(shots, `report-${width}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: false });
    // the table too, scrolled to
    await page.$eval('#urls', (heading) => heading.scrollIntoView());
    const tableFile = path.join(shots, `report-${width}-${scheme}-table.png`);
    await page.screenshot({ path: tableFile, fullPage: false });
    for (const png of [readFileSync(file), readFileSync(tableFile)]) {
      // the PNG's own header: its width
      expect(png.readUInt32BE(16)).toBe(width);
    }
    await done();
  });
});
