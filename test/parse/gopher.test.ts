/**
 * §3.4 GOPHER: gopherurl = "gopher://" hostport [ / [ gtype [ selector
 * [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: gopher-url
describe('gopher valid', () => {
  const cases: ValidCase[] = [
    // "The entire <gopher-path> may also be empty, in which case the delimiting
    // "/" is also optional and the <gophertype> defaults to "1"."
    ['gopher://h.com', { host: 'h.com', gophertype: '1' }],
    ['gopher://h.com/', { host: 'h.com', urlPath: '', gophertype: '1' }],
    ['gopher://h.com:7070/1', { host: 'h.com', port: 7070, urlPath: '1', gophertype: '1', selector: '' }],
    ['gopher://h.com/0/a/b', { host: 'h.com', urlPath: '0/a/b', gophertype: '0', selector: '/a/b' }],
    // "some Gopher <selector> strings begin with a copy of the <gophertype> character"
    ['gopher://h.com/00about', { host: 'h.com', urlPath: '00about', gophertype: '0', selector: '0about' }],
    // gtype = xchar: an escape is one
    ['gopher://h.com/%31x', { host: 'h.com', urlPath: '%31x', gophertype: '%31', selector: 'x' }],
    // "Within the <gopher-path>, no characters are reserved."
    ['gopher://h/7;/?:@&=', { host: 'h', urlPath: '7;/?:@&=', gophertype: '7', selector: ';/?:@&=' }],
    // §3.4.2 search after an encoded tab
    ['gopher://h/7s%09word', { host: 'h', urlPath: '7s%09word', gophertype: '7', selector: 's', search: 'word' }],
    // §3.4.3 "the %09<search> string must be supplied, although the <search> element may be the empty string"
    ['gopher://h/1s%09%09+', {
      host: 'h', urlPath: '1s%09%09+', gophertype: '1', selector: 's', search: '', gopherPlus: '+',
    }],
    ['gopher://h/1s%09q%09!%09x', {
      host: 'h', urlPath: '1s%09q%09!%09x', gophertype: '1', selector: 's', search: 'q', gopherPlus: '!%09x',
    }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('gopher invalid', () => {
  const cases: InvalidCase[] = [
    ['gopher://me@h/',
     '         ^ userinfo-not-allowed'],
    ['gopher://h/ ',
     '           ^ space'],
    ['gopher://h/1a b',
     '             ^ space'],
    ['gopher://h/%',
     '           ^ bad-escape'],
    ['gopher://h/1s%09a b%09c',
     '                 ^ space'],
    ['gopher://h/1s%09a%09{}',
     '                    ^ national-character',
     '                     ^ national-character'],
    ['gopher:h',
     '       ^ missing-double-slash'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
