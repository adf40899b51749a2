/**
 * §3.9 WAIS: waisdatabase | waisindex | waisdoc
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: wais-url
describe('wais valid', () => {
  const cases: ValidCase[] = [
    // waisdatabase = "wais://" hostport "/" database
    ['wais://quake.think.com/directory-of-servers', {
      host: 'quake.think.com', urlPath: 'directory-of-servers', database: 'directory-of-servers',
    }],
    ['wais://h/', { host: 'h', urlPath: '', database: '' }],
    // waisindex = "wais://" hostport "/" database "?" search
    ['wais://h:2100/db?unix;sockets', {
      host: 'h', port: 2100, urlPath: 'db?unix;sockets', database: 'db', search: 'unix;sockets',
    }],
    ['wais://h/db?', { host: 'h', urlPath: 'db?', database: 'db', search: '' }],
    // waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
    ['wais://h/db/TEXT/0%2F12%3A3', {
      host: 'h', urlPath: 'db/TEXT/0%2F12%3A3', database: 'db', wtype: 'TEXT', wpath: '0%2F12%3A3',
    }],
    ['wais://h///', { host: 'h', urlPath: '//', database: '', wtype: '', wpath: '' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('wais invalid', () => {
  const cases: InvalidCase[] = [
    ['wais://h',
     '        ^ missing-url-path'],
    ['wais://h/db/TEXT',
     '                ^ bad-wais-path'],
    // database, wtype, wpath = *uchar: reserved characters must be encoded
    ['wais://h/d;b',
     '          ^ reserved-character'],
    ['wais://h/db/T/a/b',
     '               ^ reserved-character'],
    ['wais://h/db/T:x/p',
     '             ^ reserved-character'],
    ['wais://h/db?a?b',
     '             ^ reserved-character'],
    ['wais://h/db?a/b',
     '             ^ reserved-character'],
    ['wais://u@h/db',
     '       ^ userinfo-not-allowed'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
