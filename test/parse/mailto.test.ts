/**
 * §3.5 MAILTO: mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar.
 * The BNF is checked, and that the address (an RFC 822 addr-spec) has its `@`.
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: mailto-url
describe('mailto valid', () => {
  const cases: ValidCase[] = [
    ['mailto:timbl@info.cern.ch', { address: 'timbl@info.cern.ch' }],
    ['mailto:masinter@parc.xerox.com', { address: 'masinter@parc.xerox.com' }],
    // "the percent sign ("%") is commonly used within RFC 822 addresses and must be encoded"
    ['mailto:user%25relay@h.com', { address: 'user%25relay@h.com' }],
    // "Within mailto URLs, there are no reserved characters."
    ['mailto:a;b/c?d:e@f&g=h', { address: 'a;b/c?d:e@f&g=h' }],
    ['MAILTO:X@Y', { address: 'X@Y' }],
    // the `@` encoded
    ['mailto:jim%40example.com', { address: 'jim%40example.com' }],
    ['mailto:jim%40EXAMPLE.COM', { address: 'jim%40EXAMPLE.COM' }],
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
    // an address has its `@`: RFC 822 addr-spec = local-part "@" domain
    ['mailto:postmaster',
     '       ^ bad-address'],
    ['mailto:foo#x@y',
     '       ^ bad-address'],
    ['mailto:a b',
     '       ^ bad-address',
     '        ^ space'],
    ['mailto:%4',
     '       ^ bad-address',
     '       ^ bad-escape'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
