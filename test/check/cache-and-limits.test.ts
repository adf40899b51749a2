/**
 * The disk cache (what is kept, for how long, what is asked again) and the
 * limits on requests in flight (overall and per host), against servers on
 * 127.0.0.1. The limits are asserted as the most requests a server ever
 * had at once: a count, not a time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkUrls } from '../../src/check/check-urls.js';
import type { CheckOptions } from '../../src/check/check-options.js';
import type { CheckResult } from '../../src/check/check-result.js';
import { removeTree, tempDir } from '../temp-folders.js';
import { answer, CheckServer, type Route } from './check-server.js';

async function check(urls: string[], options: CheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for await (const result of checkUrls(urls, options)) results.push(result);
  return results;
}

describe('the cache', () => {
  let server: CheckServer;
  let folder: string;
  let cache: string;

  beforeAll(async () => {
    server = await CheckServer.start({ '/ok': answer(200), '/missing': answer(404), '/moved': answer(301, { location: '/ok' }) });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    folder = tempDir('urlsift-check-cache-');
    cache = path.join(folder, 'links.cache');
  });
  afterEach(() => {
    removeTree(folder);
  });

  it('ok results are kept and taken from it; broken ones are asked again', async () => {
    const urls = [server.url('/ok'), server.url('/moved'), server.url('/missing')];
    const first = await check(urls, { cache, retries: 0 });
    const asked = server.seen.length;
    const second = await check(urls, { cache, retries: 0 });
    expect(first.map((result) => [result.status, result.cached])).toEqual([
      ['ok', undefined],
      ['ok', undefined],
      ['broken', undefined],
    ]);
    expect(second.map((result) => [result.status, result.cached, result.code, result.redirects.length])).toEqual([
      ['ok', true, 200, 0],
      ['ok', true, 200, 1],
      ['broken', undefined, 404, 0],
    ]);
    expect(server.seen.slice(asked).map((request) => request.path)).toEqual(['/missing', '/missing']);
    const lines = readFileSync(cache, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.url, line.fragments, typeof line.at])).toEqual([
      [server.url('/ok'), true, 'number'],
      [server.url('/moved'), true, 'number'],
    ]);
  });

  it('a result older than cacheMaxAge, a line not understood, and one checked without fragments are not taken', async () => {
    const old = Date.now() - 2 * 24 * 60 * 60 * 1000;
    writeFileSync(
      cache,
      [
        JSON.stringify({ url: server.url('/ok'), fragments: true, at: old, code: 200, redirects: [] }),
        'not json',
        JSON.stringify({ url: server.url('/moved'), fragments: false, at: Date.now(), code: 200, redirects: [] }),
        '',
      ].join('\n'),
    );
    const asked = server.seen.length;
    const results = await check([server.url('/ok'), server.url('/moved')], { cache, cacheMaxAge: 24 * 60 * 60 * 1000 });
    expect(results.map((result) => result.cached)).toEqual([undefined, undefined]);
    expect(server.seen.length - asked).toBe(3);
    const kept = readFileSync(cache, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(kept.map((line) => [line.url, line.fragments])).toEqual([
      [server.url('/moved'), false],
      [server.url('/ok'), true],
      [server.url('/moved'), true],
    ]);
  });

  it('a cache that cannot be written: the results all the same', async () => {
    const results = await check([server.url('/ok')], { cache: path.join(folder, 'no-such-folder', 'links.cache') });
    expect(results.map((result) => result.status)).toEqual(['ok']);
  });
});

describe('limits on requests in flight', () => {
  const servers: CheckServer[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  /** Answers after a short while, counting requests in flight over both servers. */
  const held: Route = (_request, response) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(200).end();
    }, 20);
  };
  const paths = Array.from({ length: 24 }, (_, i) => `/held-${i}`);

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) servers.push(await CheckServer.start(Object.fromEntries(paths.map((p) => [p, held]))));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('at most perHost to one host, at most maxConcurrency in all; every URL checked', async () => {
    const urls = servers.flatMap((server) => paths.map((p) => server.url(p)));
    const results = await check(urls, { perHost: 3, maxConcurrency: 4 });
    expect(results.filter((result) => result.status === 'ok')).toHaveLength(48);
    expect(servers.map((server) => server.maxInFlight <= 3)).toEqual([true, true]);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(servers.map((server) => server.seen.length)).toEqual([24, 24]);
  });
});

describe('misuse', () => {
  it.each([
    [{ timeout: 0 }, /timeout/],
    [{ timeout: Number.NaN }, /timeout/],
    [{ perHost: 1.5 }, /perHost/],
    [{ maxConcurrency: 0 }, /maxConcurrency/],
    [{ retries: -1 }, /retries/],
    [{ fragments: 'yes' }, /fragments/],
    [{ cache: '' }, /cache/],
    [{ signal: {} }, /signal/],
    [{ colour: true }, /Unknown option `colour`/],
  ])('%j throws a TypeError at once', (options, message) => {
    expect(() => checkUrls([], options as CheckOptions)).toThrow(TypeError);
    expect(() => checkUrls([], options as CheckOptions)).toThrow(message);
  });

  it('records that are not iterable throw at once', () => {
    expect(() => checkUrls(42 as never)).toThrow(TypeError);
    expect(() => checkUrls('http://a.example/' as never)).toThrow(TypeError);
  });

  it('an item without a url throws when iterated', async () => {
    await expect(check([{ href: 'x' } as never], {})).rejects.toThrow(TypeError);
  });

  it('a URL that is no URL, and schemes without a check', async () => {
    const results = await check(['http://exa mple.org/', 'ftp://ftp.example/pub', 'news:comp.lang', 'no-scheme'], {});
    expect(results.map((result) => [result.status, result.error?.code ?? result.reason])).toEqual([
      ['broken', 'invalid-url'],
      ['skipped', 'ftp: URLs are not checked (HTTP, HTTPS, file: and mailto: are)'],
      ['skipped', 'news: URLs are not checked (HTTP, HTTPS, file: and mailto: are)'],
      ['skipped', 'not an absolute URL'],
    ]);
  });

  it('a signal stops the run', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await check(['mailto:a@b.example'], { signal: controller.signal })).toEqual([]);
  });
});

describe('a host that cannot be reached', () => {
  it('is asked for its first URL only: the others get the same error without a request', async () => {
    const server = await CheckServer.start({});
    const base = server.base;
    await server.close();
    const urls = Array.from({ length: 10 }, (_, i) => `${base}/page-${i}`);
    const results = await check(urls, { perHost: 1, retries: 1, retryDelay: 5 });
    expect(results.map((result) => result.error?.code)).toEqual(Array(10).fill('connection-refused'));
    expect(results.filter((result) => result.error?.message.endsWith('(as for an earlier URL of this host; not asked again)'))).toHaveLength(9);
  });
});
