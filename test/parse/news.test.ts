/**
 * §3.6 NEWS: newsurl = "news:" grouppart; grouppart = "*" | group | article
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: news-url
describe('news valid', () => {
  const cases: ValidCase[] = [
    ['news:*', { newsgroup: '*' }],
    // group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
    ['news:comp.infosystems.www.misc', { newsgroup: 'comp.infosystems.www.misc' }],
    ['news:comp.lang.c++', { newsgroup: 'comp.lang.c++' }],
    ['news:alt.fan_club-2.x', { newsgroup: 'alt.fan_club-2.x' }],
    ['news:a', { newsgroup: 'a' }],
    ['news:A9.', { newsgroup: 'A9.' }],
    // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
    ['news:123@host.dom', { messageId: '123@host.dom' }],
    ["news:a;/?:&=$-_.+!*'(),%3C@10.0.0.1", { messageId: "a;/?:&=$-_.+!*'(),%3C@10.0.0.1" }],
    ['NEWS:X@Y', { messageId: 'X@Y' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('news invalid', () => {
  const cases: InvalidCase[] = [
    ['news:',
     '     ^ bad-newsgroup'],
    ['news:1abc',
     '     ^ bad-newsgroup'],
    ['news:.abc',
     '     ^ bad-newsgroup'],
    ['news:comp.*',
     '          ^ bad-newsgroup'],
    ['news:**',
     '     ^ bad-newsgroup'],
    ['news:a/b',
     '      ^ bad-newsgroup'],
    ['news:a%41',
     '      ^ bad-newsgroup'],
    ['news:a b',
     '      ^ space'],
    ['news:a~b',
     '      ^ national-character'],
    // article: a non-empty <unique>, then "@" host
    ['news:@host.dom',
     '     ^ bad-message-id'],
    ['news:123@',
     '         ^ missing-host'],
    ['news:123@-h',
     '         ^ bad-host-label'],
    ['news:1@2@h.dom',
     '      ^ reserved-character'],
    ['news:<123@h.dom>',
     '     ^ unsafe-character',
     '               ^ unsafe-character'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('tells a message-id from a group by its "@"', () => {
    expect(parse('news:x@y').parts).toEqual({ messageId: 'x@y' });
    expect(parse('news:x.y').parts).toEqual({ newsgroup: 'x.y' });
  });
});
