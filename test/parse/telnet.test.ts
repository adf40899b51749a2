/**
 * §3.8 TELNET: telneturl = "telnet://" login [ "/" ]
 */
import { describe, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: telnet-url
describe('telnet valid', () => {
  const cases: ValidCase[] = [
    // "The final "/" character may be omitted."
    ['telnet://h.com', { host: 'h.com' }],
    ['telnet://h.com/', { host: 'h.com', urlPath: '' }],
    // "The :<password> can be omitted, as well as the whole <user>:<password> part."
    ['telnet://guest@h.com:2323/', { user: 'guest', host: 'h.com', port: 2323, urlPath: '' }],
    ['telnet://u:p@10.1.2.3', { user: 'u', password: 'p', host: '10.1.2.3' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('telnet invalid', () => {
  const cases: InvalidCase[] = [
    ['telnet://h.com/x',
     '               ^ unexpected-url-path'],
    ['telnet://h.com//',
     '               ^ unexpected-url-path'],
    ['telnet://',
     '         ^ missing-host'],
    ['telnet:h.com',
     '       ^ missing-double-slash'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
