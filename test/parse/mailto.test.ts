/**
 * §3.5 MAILTO: mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar.
 * Only the BNF is checked, not RFC 822's addr-spec.
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

describe('mailto valid', () => {
  const cases: ValidCase[] = [
    ['mailto:timbl@info.cern.ch', { address: 'timbl@info.cern.ch' }],
    ['mailto:masinter@parc.xerox.com', { address: 'masinter@parc.xerox.com' }],
    // "the percent sign ("%") is commonly used within RFC 822 addresses and must be encoded"
    ['mailto:user%25relay@h.com', { address: 'user%25relay@h.com' }],
    // "Within mailto URLs, there are no reserved characters."
    ['mailto:a;b/c?d:e@f&g=h', { address: 'a;b/c?d:e@f&g=h' }],
    ['mailto:postmaster', { address: 'postmaster' }],
    ['MAILTO:X@Y', { address: 'X@Y' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('mailto invalid', () => {
  const cases: InvalidCase[] = [
    ['mailto:',
     '       ^ empty-address'],
    ['mailto:#x',
     '       ^ empty-address'],
    ['mailto:a b@c',
     '        ^ space'],
    ['mailto:<a@b>',
     '       ^ unsafe-character',
     '           ^ unsafe-character'],
    ['mailto:a%@b',
     '        ^ bad-escape'],
    ['mailto:"a"@b',
     '       ^ unsafe-character',
     '         ^ unsafe-character'],
    ['mailto:~a@b',
     '       ^ national-character'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
