/**
 * HTTP(S) checks against a server on 127.0.0.1 with known faults (never the
 * network): each case asserts the result and how many requests the server
 * saw, and with which methods (one check per distinct URL; HEAD, then GET
 * where HEAD fails; retries bounded). Timeouts and waits are fractions of a
 * second, given as options; nothing here asserts how long anything took,
 * except a lower bound where a wait is the point (`Retry-After`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrls } from '../../src/check/check-urls.js';
import type { CheckOptions } from '../../src/check/check-options.js';
import type { CheckResult } from '../../src/check/check-result.js';
import { answer, CheckServer, endlessBody, gzipBomb, page } from './check-server.js';

let server: CheckServer;

/** Quick retries and a short timeout: a case never waits long. */
const quick: CheckOptions = { timeout: 400, retryDelay: 5, retries: 2 };

const gigabyte = 1024 * 1024 * 1024;

beforeAll(async () => {
  server = await CheckServer.start({
    '/ok': answer(200),
    '/missing': answer(404),
    '/gone-on-head': (request, response) => response.writeHead(request.method === 'HEAD' ? 404 : 200).end(),
    '/moved': answer(301, { location: '/moved-target' }),
    '/moved-target': answer(200),
    '/loop-a': answer(302, { location: '/loop-b' }),
    '/loop-b': answer(302, { location: '/loop-a' }),
    '/chain-1': answer(302, { location: '/chain-2' }),
    '/chain-2': answer(302, { location: '/chain-3' }),
    '/chain-3': answer(302, { location: '/chain-4' }),
    '/chain-4': answer(200),
    '/to-ftp': answer(302, { location: 'ftp://files.example/x' }),
    '/no-location': answer(302),
    '/flaky': (_request, response, hit) => response.writeHead(hit === 1 ? 503 : 200).end(),
    '/flaky-twice': (_request, response, hit) => response.writeHead(hit <= 2 ? 503 : 200).end(),
    '/down': answer(500),
    '/busy': (_request, response, hit) => response.writeHead(hit === 1 ? 429 : 200, hit === 1 ? { 'retry-after': '1' } : {}).end(),
    '/busy-long': answer(429, { 'retry-after': '3600' }),
    '/slow': () => {
      // never answers: the client's timeout ends it
    },
    '/no-head': (request, response) => response.writeHead(request.method === 'HEAD' ? 405 : 200).end(),
    '/no-head-501': (request, response) => response.writeHead(request.method === 'HEAD' ? 501 : 200).end(),
    '/page': page('<!DOCTYPE html><h1 id="here">Here</h1><a name="old-name">x</a><p>text</p>'),
    '/github-page': page('<h2><a id="user-content-install" class="anchor" href="#install"></a>Install</h2>'),
    '/doc.md': answer(200, { 'content-type': 'text/markdown' }, '# Title\n\n## Getting Started\n\ntext\n'),
    '/image.png': answer(200, { 'content-type': 'image/png' }, 'png'),
    '/reset': (request) => request.socket.destroy(),
    '/reset-on-head': (request, response) => (request.method === 'HEAD' ? request.socket.destroy() : response.writeHead(200).end()),
    '/huge': endlessBody(() => server, '/huge', gigabyte, answer(405)),
    '/huge-page': endlessBody(() => server, '/huge-page', gigabyte),
    '/bomb': gzipBomb(() => server, '/bomb'),
  });
});

afterAll(async () => {
  await server.close();
});

async function check(urls: string[], options: CheckOptions = quick): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for await (const result of checkUrls(urls, options)) results.push(result);
  return results;
}

interface Case {
  name: string;
  path: string;
  options?: CheckOptions;
  status: CheckResult['status'];
  code?: number;
  error?: string;
  /** The methods the server saw for each path, in order. */
  requests: Record<string, string[]>;
}

const cases: Case[] = [
  { name: '200', path: '/ok', status: 'ok', code: 200, requests: { '/ok': ['HEAD'] } },
  { name: '404, confirmed by GET', path: '/missing', status: 'broken', code: 404, error: 'http-status', requests: { '/missing': ['HEAD', 'GET'] } },
  { name: 'a 404 to HEAD only: GET decides', path: '/gone-on-head', status: 'ok', code: 200, requests: { '/gone-on-head': ['HEAD', 'GET'] } },
  { name: 'a 301 to a 200', path: '/moved', status: 'ok', code: 200, requests: { '/moved': ['HEAD'], '/moved-target': ['HEAD'] } },
  {
    name: 'a redirect loop',
    path: '/loop-a',
    status: 'broken',
    code: 302,
    error: 'redirect-loop',
    requests: { '/loop-a': ['HEAD'], '/loop-b': ['HEAD'] },
  },
  {
    name: 'a chain longer than maxRedirects',
    path: '/chain-1',
    options: { ...quick, maxRedirects: 2 },
    status: 'broken',
    code: 302,
    error: 'too-many-redirects',
    requests: { '/chain-1': ['HEAD'], '/chain-2': ['HEAD'], '/chain-3': ['HEAD'], '/chain-4': [] },
  },
  { name: 'a redirect to ftp:', path: '/to-ftp', status: 'broken', code: 302, error: 'bad-redirect', requests: { '/to-ftp': ['HEAD'] } },
  { name: 'a redirect without Location', path: '/no-location', status: 'broken', code: 302, error: 'bad-redirect', requests: { '/no-location': ['HEAD'] } },
  { name: '503 then 200', path: '/flaky', status: 'ok', code: 200, requests: { '/flaky': ['HEAD', 'GET'] } },
  { name: '503 twice then 200: one retry', path: '/flaky-twice', status: 'ok', code: 200, requests: { '/flaky-twice': ['HEAD', 'GET', 'GET'] } },
  {
    name: 'always 500: retries bounded',
    path: '/down',
    status: 'broken',
    code: 500,
    error: 'http-status',
    requests: { '/down': ['HEAD', 'GET', 'GET', 'GET'] },
  },
  {
    name: '429 with a Retry-After above maxRetryAfter: no wait, no retry',
    path: '/busy-long',
    status: 'broken',
    code: 429,
    error: 'rate-limited',
    requests: { '/busy-long': ['HEAD'] },
  },
  {
    name: 'slower than the timeout',
    path: '/slow',
    options: { ...quick, timeout: 150, retries: 1 },
    status: 'broken',
    error: 'timeout',
    requests: { '/slow': ['HEAD', 'HEAD'] },
  },
  { name: 'HEAD refused (405)', path: '/no-head', status: 'ok', code: 200, requests: { '/no-head': ['HEAD', 'GET'] } },
  { name: 'HEAD refused (501)', path: '/no-head-501', status: 'ok', code: 200, requests: { '/no-head-501': ['HEAD', 'GET'] } },
  {
    name: 'a connection reset: retries bounded',
    path: '/reset',
    options: { ...quick, retries: 1 },
    status: 'broken',
    error: 'connection-reset',
    requests: { '/reset': ['HEAD', 'GET', 'GET'] },
  },
  { name: 'a reset on HEAD only', path: '/reset-on-head', status: 'ok', code: 200, requests: { '/reset-on-head': ['HEAD', 'GET'] } },
  { name: 'a page with the fragment', path: '/page#here', status: 'ok', code: 200, requests: { '/page': ['GET'] } },
  {
    name: 'a page without the fragment',
    path: '/page#nowhere',
    status: 'broken',
    code: 200,
    error: 'fragment-missing',
    requests: { '/page': ['GET'] },
  },
  { name: 'a fragment naming <a name>', path: '/page#old-name', status: 'ok', code: 200, requests: { '/page': ['GET'] } },
  { name: "GitHub's user-content- ids", path: '/github-page#install', status: 'ok', code: 200, requests: { '/github-page': ['GET'] } },
  { name: 'Markdown served: heading slugs', path: '/doc.md#getting-started', status: 'ok', code: 200, requests: { '/doc.md': ['GET'] } },
  {
    name: 'Markdown served: a slug it lacks',
    path: '/doc.md#installing',
    status: 'broken',
    code: 200,
    error: 'fragment-missing',
    requests: { '/doc.md': ['GET'] },
  },
  { name: 'fragments off: HEAD only', path: '/page#nowhere', options: { ...quick, fragments: false }, status: 'ok', code: 200, requests: { '/page': ['HEAD'] } },
  { name: 'a fragment that is no anchor (#L10)', path: '/page#L10', status: 'ok', code: 200, requests: { '/page': ['HEAD'] } },
];

describe('checkUrls over HTTP', () => {
  it.each(cases)('$name', async ({ path, options, status, code, error, requests }) => {
    const before = new Map(Object.keys(requests).map((p) => [p, server.methods(p).length]));
    const [result] = await check([server.url(path)], options);
    expect(result?.status).toBe(status);
    expect(result?.code).toBe(code);
    expect(result?.error?.code).toBe(error);
    for (const [p, methods] of Object.entries(requests)) expect([p, server.methods(p).slice(before.get(p))]).toEqual([p, methods]);
  });

  it('a slow URL is its own: the host is asked for the next one', async () => {
    const results = await check([server.url('/slow'), server.url('/moved-target')], { ...quick, timeout: 150, retries: 0, perHost: 1 });
    expect(results.map((result) => [result.status, result.error?.code])).toEqual([
      ['broken', 'timeout'],
      ['ok', undefined],
    ]);
  });

  it('reports the hops of a redirect', async () => {
    const [result] = await check([server.url('/chain-1')]);
    expect(result?.status).toBe('ok');
    expect(result?.redirects).toEqual([
      { url: server.url('/chain-1'), code: 302, location: server.url('/chain-2') },
      { url: server.url('/chain-2'), code: 302, location: server.url('/chain-3') },
      { url: server.url('/chain-3'), code: 302, location: server.url('/chain-4') },
    ]);
  });

  it('429 with Retry-After: waits that long, then asks again', async () => {
    const [result] = await check([server.url('/busy')]);
    expect(result?.status).toBe('ok');
    const [first, second] = server.seen.filter((request) => request.path === '/busy');
    expect([first?.method, second?.method, server.count('/busy')]).toEqual(['HEAD', 'HEAD', 2]);
    // a lower bound only: a busy machine makes the wait longer, never shorter
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('each distinct URL once, and one request for a page and its fragments', async () => {
    const before = { ok: server.count('/ok'), page: server.count('/page') };
    const results = await check([
      server.url('/ok'),
      server.url('/page#here'),
      server.url('/ok'),
      server.url('/page'),
      server.url('/page#nowhere'),
      server.url('/ok'),
      server.url('/page#here'),
    ]);
    expect(results.map((result) => [result.url.slice(server.base.length), result.status, result.count])).toEqual([
      ['/ok', 'ok', 3],
      ['/page#here', 'ok', 2],
      ['/page', 'ok', 1],
      ['/page#nowhere', 'broken', 1],
    ]);
    expect([server.count('/ok') - before.ok, server.count('/page') - before.page]).toEqual([1, 1]);
  });

  it('a body of a gigabyte is not read when no fragment asks for it', async () => {
    const [result] = await check([server.url('/huge')]);
    expect([result?.status, result?.code]).toEqual(['ok', 200]);
    expect(server.methods('/huge')).toEqual(['HEAD', 'GET']);
    expect(server.bytes.get('/huge') ?? 0).toBeLessThan(64 * 1024 * 1024);
  });

  it('a body of a gigabyte is read for a fragment only up to maxBodyBytes', async () => {
    const [result] = await check([server.url('/huge-page#end')], { ...quick, maxBodyBytes: 64 * 1024 });
    expect([result?.status, result?.code]).toEqual(['ok', 200]);
    expect(result?.note).toMatch(/#end is not in what was read: only the first 65536 bytes of the page were read/);
    expect(server.methods('/huge-page')).toEqual(['GET']);
    expect(server.bytes.get('/huge-page') ?? 0).toBeLessThan(64 * 1024 * 1024);
  });

  it('a gzip bomb is inflated no further than maxBodyBytes', async () => {
    const [result] = await check([server.url('/bomb#end')], { ...quick, maxBodyBytes: 256 * 1024 });
    expect([result?.status, result?.code]).toEqual(['ok', 200]);
    expect(result?.note).toMatch(/only the first 262144 bytes of the page were read/);
    expect(server.methods('/bomb')).toEqual(['GET']);
    // each member inflates 1,000-fold: what was sent is a few megabytes at most, whatever the client did with it
    expect(server.bytes.get('/bomb') ?? 0).toBeLessThan(64 * 1024 * 1024);
  });

  it('a fragment of a page that is neither HTML nor Markdown: ok, with a note', async () => {
    const [result] = await check([server.url('/image.png#x')]);
    expect(result?.status).toBe('ok');
    expect(result?.note).toBe('the fragment is not checked: the page is image/png, not HTML or Markdown');
  });

  it('says who asks: urlsift and its version', async () => {
    await check([server.url('/ok')]);
    const agents = new Set(server.seen.map((request) => request.userAgent));
    expect([...agents]).toEqual([expect.stringMatching(/^urlsift\/\d+\.\d+\.\d+ \(link check\)$/)]);
    await check([server.url('/moved')], { ...quick, userAgent: 'docs-ci/1' });
    expect(server.seen.at(-1)?.userAgent).toBe('docs-ci/1');
  });

  it('a private address is checked, or excluded with excludePrivate (no request)', async () => {
    const before = server.count('/ok');
    const [checked] = await check([server.url('/ok')]);
    const [excluded] = await check([server.url('/ok')], { ...quick, excludePrivate: true });
    expect(checked?.status).toBe('ok');
    expect(excluded?.status).toBe('excluded');
    expect(excluded?.reason).toBe('127.0.0.1 is a private or loopback address (exclude-private)');
    expect(server.count('/ok') - before).toBe(1);
  });
});
