/**
 * §3.7 NNTP: nntpurl = "nntp://" hostport "/" group [ "/" digits ]
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: nntp-url
describe('nntp valid', () => {
  const cases: ValidCase[] = [
    ['nntp://news.h.com/comp.lang.c', { host: 'news.h.com', urlPath: 'comp.lang.c', newsgroup: 'comp.lang.c' }],
    ['nntp://news.h.com:1119/alt.x/12345', {
      host: 'news.h.com', port: 1119, urlPath: 'alt.x/12345', newsgroup: 'alt.x', articleNumber: 12_345,
    }],
    ['nntp://h/a/0', { host: 'h', urlPath: 'a/0', newsgroup: 'a', articleNumber: 0 }],
    // digits as written: leading zeros come back through format
    ['nntp://h/a/007', { host: 'h', urlPath: 'a/007', newsgroup: 'a', articleNumber: 7 }],
    // beyond an exact number: no articleNumber, still valid
    ['nntp://h/a/123456789012345678901234567890', { host: 'h', urlPath: 'a/123456789012345678901234567890', newsgroup: 'a' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('nntp invalid', () => {
  const cases: InvalidCase[] = [
    ['nntp://h',
     '        ^ missing-url-path'],
    ['nntp://h/',
     '         ^ bad-newsgroup'],
    ['nntp://h/1a',
     '         ^ bad-newsgroup'],
    ['nntp://h/*',
     '         ^ bad-newsgroup'],
    ['nntp://h/a/',
     '           ^ bad-article-number'],
    ['nntp://h/a/12x',
     '             ^ bad-article-number'],
    ['nntp://h/a/1/2',
     '            ^ bad-article-number'],
    ['nntp://h/a/-1',
     '           ^ bad-article-number'],
    ['nntp://h/a/1 2',
     '            ^ space'],
    ['nntp://u@h/a',
     '       ^ userinfo-not-allowed'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
