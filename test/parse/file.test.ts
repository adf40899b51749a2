/**
 * §3.10 FILES: fileurl = "file://" [ host | "localhost" ] "/" fpath
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: file-url
describe('file valid', () => {
  const cases: ValidCase[] = [
    [
      'file://vms.host.edu/disk$user/my/notes/note12345.txt',
      { host: 'vms.host.edu', urlPath: 'disk$user/my/notes/note12345.txt', path: 'disk$user/my/notes/note12345.txt' },
    ],
    // "<host> can be the string "localhost" or the empty string"
    ['file://localhost/etc/motd', { host: 'localhost', urlPath: 'etc/motd', path: 'etc/motd' }],
    ['file:///etc/motd', { host: '', urlPath: 'etc/motd', path: 'etc/motd' }],
    ['file:///', { host: '', urlPath: '', path: '' }],
    ['file://h/a%20b/?:@&=', { host: 'h', urlPath: 'a%20b/?:@&=', path: 'a%20b/?:@&=' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('file invalid', () => {
  const cases: InvalidCase[] = [
    ['file://h',
     '        ^ missing-url-path'],
    ['file://',
     '       ^ missing-url-path'],
    ['file://h:21/x',
     '        ^ port-not-allowed'],
    ['file://u@h/x',
     '       ^ userinfo-not-allowed'],
    ['file://h/a;b',
     '          ^ reserved-character'],
    ['file://h/C|/x',
     '          ^ national-character'],
    ['file:/etc/motd',
     '     ^ missing-double-slash'],
    ['file://-h/x',
     '       ^ bad-host-label'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('reads file:/etc/motd as a path with no host', () => {
    expect(parse('file:/etc/motd').parts).toEqual({ urlPath: 'etc/motd', path: 'etc/motd' });
  });
});
