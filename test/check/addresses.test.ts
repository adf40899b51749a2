/**
 * Private hosts (`excludePrivate`), `mailto:` addresses and `Retry-After`,
 * without the network.
 */
import { describe, expect, it } from 'vitest';
import { mailtoProblem } from '../../src/check/mailto-check.js';
import { isPrivateHost } from '../../src/check/private-address.js';
import { retryAfterMs } from '../../src/check/retry-after.js';
import { failureOf } from '../../src/check/http-client.js';

describe('private hosts', () => {
  it.each([
    ['http://localhost:8080/', true],
    ['http://docs.localhost/', true],
    ['http://127.0.0.1/', true],
    ['http://127.1/', true],
    ['http://2130706433/', true],
    ['http://10.1.2.3/', true],
    ['http://172.16.0.1/', true],
    ['http://172.31.255.255/', true],
    ['http://172.32.0.1/', false],
    ['http://192.168.1.1/', true],
    ['http://169.254.169.254/', true],
    ['http://0.0.0.0/', true],
    ['http://8.8.8.8/', false],
    ['http://[::1]/', true],
    ['http://[::]/', true],
    ['http://[fd12:3456::1]/', true],
    ['http://[fe80::1]/', true],
    ['http://[::ffff:127.0.0.1]/', true],
    ['http://[::ffff:8.8.8.8]/', false],
    ['http://[2001:db8::1]/', false],
    ['https://example.org/', false],
    ['https://localhost.example.org/', false],
  ])('%s: %s', (url, expected) => {
    expect(isPrivateHost(new URL(url).hostname)).toBe(expected);
  });
});

describe('mailto: addresses', () => {
  it.each([
    ['mailto:user@example.org', undefined],
    ['mailto:first.last+tag@sub.example.co.uk', undefined],
    ['mailto:a@example.org,b@example.org', undefined],
    ['mailto:user@example.org?subject=Hi%20there', undefined],
    ['mailto:?to=user@example.org&subject=x', undefined],
    ['mailto:%22quoted%20name%22@example.org', undefined],
    ['mailto:josé@exämple.org', undefined],
    ['mailto:user@[192.0.2.1]', undefined],
    ['mailto:nobody', 'bad-address'],
    ['mailto:', 'bad-address'],
    ['mailto:user@', 'bad-address'],
    ['mailto:@example.org', 'bad-address'],
    ['mailto:user@-bad-.org', 'bad-address'],
    ['mailto:user@exa mple.org', 'bad-address'],
    ['mailto:a@example.org,oops', 'bad-address'],
    ['mailto:user%ZZ@example.org', 'bad-address'],
  ])('%s: %s', (url, code) => {
    expect(mailtoProblem(url)?.code).toBe(code);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it.each([
    ['0', 0],
    ['2', 2000],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    ['-1', undefined],
  ])('%j → %j ms', (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });
});

describe('what a failed request means', () => {
  const error = (code: string) => Object.assign(new Error(`${code} happened`), { code });
  it.each([
    ['a time-out after connecting', undefined, true, true, 'timeout', true, false],
    ['a time-out before any connection', undefined, true, false, 'timeout', true, true],
    ['a reset', error('ECONNRESET'), false, true, 'connection-reset', true, false],
    ['refused', error('ECONNREFUSED'), false, false, 'connection-refused', true, true],
    ['no such host', error('ENOTFOUND'), false, false, 'host-not-found', false, true],
    ['a DNS failure that may pass', error('EAI_AGAIN'), false, false, 'host-not-found', true, true],
    ['a certificate', error('CERT_HAS_EXPIRED'), false, true, 'tls', false, true],
    ['anything else', error('EHOSTUNREACH'), false, false, 'connection-failed', true, false],
  ])('%s', (_name, cause, timedOut, connected, code, retryable, hostWide) => {
    const failure = failureOf(cause ?? new Error('aborted'), timedOut, false, connected);
    expect([failure.error.code, failure.retryable, failure.hostWide]).toEqual([code, retryable, hostWide]);
  });
});
