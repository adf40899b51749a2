/**
 * The browser tests never skip: without a browser they fail, saying how to
 * install one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from './browser.js';

const named = process.env['URLSIFT_CHROMIUM'];
afterEach(() => {
  if (named === undefined) delete process.env['URLSIFT_CHROMIUM'];
  else process.env['URLSIFT_CHROMIUM'] = named;
});

describe('finding Chromium', () => {
  it('fails with how to install it when the browser named is missing', () => {
    process.env['URLSIFT_CHROMIUM'] = '/no/such/chromium';
    expect(() => findChromium()).toThrow(/URLSIFT_CHROMIUM names \/no\/such\/chromium, which does not exist; .*apt-get install -y chromium/);
  });

  it('finds Debian\u2019s chromium where the tests run (CI installs it)', () => {
    delete process.env['URLSIFT_CHROMIUM'];
    expect(findChromium()).toBe('/usr/bin/chromium');
  });
});
