/**
 * The scanner's warm start before a big text file (src/cli/scan/warm-up.ts):
 * its built-in text takes the paths real text takes, and reading it keeps
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { warmUp, warmUpText } from '../../src/cli/scan/warm-up.js';

const records = scan(warmUpText);

describe('the warm-up text', () => {
  it.each([['url-wrapper'], ['angle'], ['quoted'], ['bare']])('holds a URL of the form %s', (form) => {
    expect(records.some((record) => record.form === form)).toBe(true);
  });

  it.each([
    ['http'],
    ['https'],
    ['ftp'],
    ['gopher'],
    ['telnet'],
    ['wais'],
    ['prospero'],
    ['file'],
    ['news'],
    ['nntp'],
    ['mailto'],
    ['svn+ssh'],
  ])('holds a URL of the scheme %s', (scheme) => {
    expect(records.some((record) => record.scheme === scheme)).toBe(true);
  });

  it.each([
    ['a URL with another reading (the hyphen rule)', () => records.some((record) => record.alternatives.length > 0)],
    ['an invalid URL', () => records.some((record) => !record.valid)],
    ['a host number and an IPv6 literal', () => records.some((record) => record.url.includes('192.0.2.1')) && records.some((record) => record.url.includes('[2001:db8::1]'))],
    ['a port, a search part and an escape', () => records.some((record) => /:\d+\//.test(record.url) && record.url.includes('?') && record.url.includes('%'))],
    ['a wrapper over lines', () => records.some((record) => record.form === 'url-wrapper' && record.start.line !== record.end.line)],
    ['CRLF, a lone CR and characters beyond Latin-1', () => warmUpText.includes('\r\n') && /\r[^\n]/.test(warmUpText) && /[\u0100-\uffff]/.test(warmUpText)],
    ['HTML tags and colons that start no URL', () => warmUpText.includes('</a>') && warmUpText.includes('Note:') && warmUpText.includes('a:a:a:a:')],
  ])('holds %s', (_, holds) => {
    expect(holds()).toBe(true);
  });
});

describe('warmUp', () => {
  it.each([[{}], [{ emails: true, schemeless: true }], [{ hyphen: 'drop' as const, strict: true }]])('reads the text with options %j and keeps nothing', (options) => {
    expect(warmUp(options)).toBeUndefined();
    // the scanner holds no state between scanners: a scan after it gives what it gives without
    expect(scan(warmUpText)).toEqual(records);
  });
});
