/**
 * §3.2 FTP: ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: ftp-url
describe('ftp valid', () => {
  const cases: ValidCase[] = [
    // "The whole url-path may be omitted, including the "/""
    ['ftp://host.com', { host: 'host.com' }],
    ['ftp://host.com/', { host: 'host.com', urlPath: '', cwd: [], name: '' }],
    ['ftp://host.com/file', { host: 'host.com', urlPath: 'file', cwd: [], name: 'file' }],
    ['ftp://host.com/dir/', { host: 'host.com', urlPath: 'dir/', cwd: ['dir'], name: '' }],
    ['ftp://host.com/a/b/c', { host: 'host.com', urlPath: 'a/b/c', cwd: ['a', 'b'], name: 'c' }],
    // "The <cwdx> and <name> parts may be empty."
    ['ftp://host.com///', { host: 'host.com', urlPath: '//', cwd: ['', ''], name: '' }],
    // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    ["ftp://h/?:@&=$-_.+!*'(),%3B", { host: 'h', urlPath: "?:@&=$-_.+!*'(),%3B", cwd: [], name: "?:@&=$-_.+!*'(),%3B" }],
    ['ftp://h/a%2Fb/c%3Bd', { host: 'h', urlPath: 'a%2Fb/c%3Bd', cwd: ['a%2Fb'], name: 'c%3Bd' }],
    // ftptype = "A" | "I" | "D" | "a" | "i" | "d"
    ['ftp://h/f;type=a', { host: 'h', urlPath: 'f;type=a', cwd: [], name: 'f', typecode: 'a' }],
    ['ftp://h/f;type=I', { host: 'h', urlPath: 'f;type=I', cwd: [], name: 'f', typecode: 'I' }],
    ['ftp://h/d/;type=D', { host: 'h', urlPath: 'd/;type=D', cwd: ['d'], name: '', typecode: 'D' }],
    ['ftp://h/;type=i', { host: 'h', urlPath: ';type=i', cwd: [], name: '', typecode: 'i' }],
    ['ftp://anonymous:me%40home@ftp.x.org:2121/pub/f.tar;type=i', {
      user: 'anonymous', password: 'me%40home', host: 'ftp.x.org', port: 2121,
      urlPath: 'pub/f.tar;type=i', cwd: ['pub'], name: 'f.tar', typecode: 'i',
    }],
    ['FTP://H/F', { host: 'H', urlPath: 'F', cwd: [], name: 'F' }],
    // a fragment is split off first
    ['ftp://h/a#b', { host: 'h', urlPath: 'a', cwd: [], name: 'a', fragment: 'b' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('ftp invalid', () => {
  const cases: InvalidCase[] = [
    // ";" and "/" are reserved in a name or CWD component
    ['ftp://h/a;b',
     '         ^ reserved-character'],
    ['ftp://h/a;b/c;type=a',
     '         ^ reserved-character'],
    ['ftp://h/a;TYPE=a',
     '         ^ reserved-character'],
    // typecode is one of "a", "i" or "d"
    ['ftp://h/f;type=x',
     '               ^ bad-typecode'],
    ['ftp://h/f;type=',
     '               ^ bad-typecode'],
    ['ftp://h/f;type=ai',
     '               ^ bad-typecode'],
    ['ftp://h/f;type=a;type=i',
     '         ^ reserved-character'],
    ['ftp://h/f;type=d/x',
     '               ^ bad-typecode'],
    ['ftp://h/a b',
     '         ^ space'],
    ['ftp://h/a#b#c',
     '           ^ unsafe-character'],
    ['ftp://h/~me',
     '        ^ national-character'],
    ['ftp://h/%2',
     '        ^ bad-escape'],
    ['ftp://h/a%g0',
     '         ^ bad-escape'],
    ['ftp:',
     '    ^ missing-double-slash',
     '    ^ missing-host'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('still fills the parts of an invalid URL', () => {
    expect(parse('ftp://h/a;b/c;type=x').parts).toMatchObject({ cwd: ['a;b'], name: 'c', typecode: 'x' });
  });
});
