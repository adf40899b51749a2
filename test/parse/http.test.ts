/**
 * §3.3 HTTP: httpurl = "http://" hostport [ "/" hpath [ "?" search ]], and
 * https (urlsift extension: the same syntax, default port 443).
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: http-url
describe('http valid', () => {
  const cases: ValidCase[] = [
    // "If neither <path> nor <searchpart> is present, the "/" may also be omitted."
    ['http://h.com', { host: 'h.com' }],
    ['http://h.com/', { host: 'h.com', urlPath: '', path: '' }],
    ['http://h.com:8080/a/b.html', { host: 'h.com', port: 8080, urlPath: 'a/b.html', path: 'a/b.html' }],
    ['http://h.com/?', { host: 'h.com', urlPath: '?', path: '', searchpart: '' }],
    ['http://h.com/p?q', { host: 'h.com', urlPath: 'p?q', path: 'p', searchpart: 'q' }],
    // hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
    ["http://h/a;b:c@d&e=f/$-_.+!*'(),%7E", {
      host: 'h', urlPath: "a;b:c@d&e=f/$-_.+!*'(),%7E", path: "a;b:c@d&e=f/$-_.+!*'(),%7E",
    }],
    // search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
    ['http://h/cgi?a=1&b=2;c:d@e%2F%3F', {
      host: 'h', urlPath: 'cgi?a=1&b=2;c:d@e%2F%3F', path: 'cgi', searchpart: 'a=1&b=2;c:d@e%2F%3F',
    }],
    ['http://h//a//', { host: 'h', urlPath: '/a//', path: '/a//' }],
    ['https://h.com/x?y', { host: 'h.com', urlPath: 'x?y', path: 'x', searchpart: 'y' }],
    ['HTTPS://H.COM', { host: 'H.COM' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('http invalid', () => {
  const cases: InvalidCase[] = [
    // "No user name or password is allowed."
    ['http://me@h/',
     '       ^ userinfo-not-allowed'],
    ['https://me:pw@h/',
     '        ^ userinfo-not-allowed'],
    // search has no "/" and no "?" of its own (BNF)
    ['http://h/p?a/b',
     '            ^ reserved-character'],
    ['http://h/p?a?b',
     '            ^ reserved-character'],
    // a "?" before the "/" is part of the host
    ['http://h?q',
     '        ^ bad-host-label'],
    ['http://h/a b',
     '          ^ space'],
    ['http://h/a"b',
     '          ^ unsafe-character'],
    ['http://h/<a>',
     '         ^ unsafe-character',
     '           ^ unsafe-character'],
    ['http://h/~user/',
     '         ^ national-character'],
    ['http://h/a|b^c`d\\e',
     '          ^ national-character',
     '            ^ national-character',
     '              ^ national-character',
     '                ^ national-character'],
    ['http://h/100%',
     '            ^ bad-escape'],
    ['http://h/?100%',
     '             ^ bad-escape'],
    ['http://h/a\tb', 'control-character@10'],
    ['http://h/a\u007fb', 'control-character@10'],
    ['http://h/caf\u00e9', 'non-ascii@12'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('fills user and password although they are not allowed', () => {
    expect(parse('http://me:pw@h/').parts).toMatchObject({ user: 'me', password: 'pw', host: 'h', path: '' });
  });
});
