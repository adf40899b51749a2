/**
 * A real browser for the report's tests: Debian's Chromium (or the binary
 * URLSIFT_CHROMIUM names), driven by puppeteer-core, headless, with a fresh
 * profile in a temporary folder removed on close. No browser is downloaded:
 * when none is found the tests fail with how to install one.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';

/** Where Chromium is looked for, in order (URLSIFT_CHROMIUM first when set). */
export const chromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const missingBrowser =
  'the report tests need Chromium and found none at ' +
  chromiumPaths.join(' or ') +
  '. Install it (Debian or Ubuntu, as root: apt-get install -y chromium; .ci/run does this in CI) ' +
  'or set URLSIFT_CHROMIUM to a Chromium or Chrome binary.';

export function findChromium(): string {
  const named = process.env['URLSIFT_CHROMIUM'];
  if (named !== undefined && named !== '') {
    if (!existsSync(named)) throw new Error(`URLSIFT_CHROMIUM names ${named}, which does not exist; ${missingBrowser}`);
    return named;
  }
  const found = chromiumPaths.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(missingBrowser);
  return found;
}

/** The flags every launch uses: headless, no sandbox (CI runs as root), nothing that reaches the network. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  browser: Browser;
  /**
   * A new page whose every request other than `file:` and `data:` fails and
   * is recorded in `blocked`; dialogs (alert, confirm) are dismissed and
   * recorded in `dialogs`; script errors in `errors`.
   */
  page(): Promise<{ page: Page; blocked: string[]; dialogs: string[]; errors: string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = findChromium();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'urlsift-chromium-'));
  // whatever the browser writes outside its profile (temporary files, a home's dot folders) goes here too, and goes with it
  const scratch = path.join(profile, 'scratch');
  mkdirSync(scratch);
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir: path.join(profile, 'profile'),
      args: chromiumFlags,
      env: { ...process.env, TMPDIR: scratch, HOME: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    browser,
    async page() {
      const page = await browser.newPage();
      const blocked: string[] = [];
      const dialogs: string[] = [];
      const errors: string[] = [];
      await page.setRequestInterception(true);
      page.on('request', (request: HTTPRequest) => {
        const url = request.url();
        if (url.startsWith('file:') || url.startsWith('data:')) void request.continue();
        else {
          blocked.push(url);
          void request.abort('blockedbyclient');
        }
      });
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { page, blocked, dialogs, errors };
    },
    async close() {
      try {
        await browser.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}
