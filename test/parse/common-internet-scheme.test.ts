/**
 * §3.1 Common Internet Scheme Syntax and its §5 rules: login, user, password,
 * hostport, host, hostname, hostnumber, port. Shown with ftp (login allowed)
 * and http (hostport only).
 */
import { describe, expect, it } from 'vitest';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: common-internet-scheme
describe('login = [ user [ ":" password ] "@" ] hostport', () => {
  const valid: ValidCase[] = [
    ['ftp://host.com', { host: 'host.com' }],
    ['ftp://u@host.com', { user: 'u', host: 'host.com' }],
    ['ftp://u:p@host.com', { user: 'u', password: 'p', host: 'host.com' }],
    ['ftp://@host.com', { user: '', host: 'host.com' }],
    ['ftp://:@host.com', { user: '', password: '', host: 'host.com' }],
    ['ftp://:p@host.com', { user: '', password: 'p', host: 'host.com' }],
    // user = *[ uchar | ";" | "?" | "&" | "=" ]
    ["ftp://a;?&=$-_.+!*'(),Z9@h", { user: "a;?&=$-_.+!*'(),Z9", host: 'h' }],
    ['ftp://%3A%40%2F:p%3A%40@h', { user: '%3A%40%2F', password: 'p%3A%40', host: 'h' }],
    ['ftp://u:;?&=@h:21/', { user: 'u', password: ';?&=', host: 'h', port: 21, urlPath: '', cwd: [], name: '' }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  // "Within the user and password field, any ":", "@", or "/" must be encoded."
  const invalid: InvalidCase[] = [
    ['ftp://u:p:q@h',
     '         ^ reserved-character'],
    ['ftp://u@v@h',
     '       ^ reserved-character'],
    ['ftp://u:p@q@h',
     '         ^ reserved-character'],
    ['ftp://u<v@h',
     '       ^ unsafe-character'],
    ['ftp://u~v:p|q@h',
     '       ^ national-character',
     '           ^ national-character'],
    ['ftp://u%4@h',
     '       ^ bad-escape'],
    ['ftp://u v@h',
     '       ^ space'],
    ['http://u@h/',
     '       ^ userinfo-not-allowed'],
    ['http://u:p@h/',
     '       ^ userinfo-not-allowed'],
    ['http://@h/',
     '       ^ userinfo-not-allowed'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

// rule: host-grammar
describe('hostname = *[ domainlabel "." ] toplabel', () => {
  const valid: ValidCase[] = [
    ['http://a', { host: 'a' }],
    ['http://a.b', { host: 'a.b' }],
    ['http://A-1.b2.C', { host: 'A-1.b2.C' }],
    ['http://1.2.3.com', { host: '1.2.3.com' }],
    ['http://0-0.x--y', { host: '0-0.x--y' }],
    ['http://www.ietf.org:80', { host: 'www.ietf.org', port: 80 }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  const invalid: InvalidCase[] = [
    // a label starts and ends with an alphanumerical character
    ['http://-a.com',
     '       ^ bad-host-label'],
    ['http://a-.com',
     '        ^ bad-host-label'],
    ['http://a.com-',
     '            ^ bad-host-label'],
    ['http://a.-com',
     '         ^ bad-host-label'],
    // empty labels
    ['http://a..com',
     '         ^ bad-host-label'],
    ['http://.com',
     '       ^ bad-host-label'],
    ['http://a.com.',
     '             ^ bad-host-label'],
    // only letters, digits and "-"
    ['http://a_b.com',
     '        ^ bad-host-label'],
    ['http://a.b$c.com',
     '          ^ bad-host-label'],
    ['http://a%41.com',
     '        ^ bad-host-label'],
    ['http://a!b.c*d',
     '        ^ bad-host-label',
     '            ^ bad-host-label'],
    // forbidden characters have their own codes, once
    ['http://a b.com',
     '        ^ space'],
    ['http://a{b}.com',
     '        ^ national-character',
     '          ^ national-character'],
    ['http://h\u00e9.com', 'non-ascii@8'],
    ['http://h\u{1f600}.com', 'non-ascii@8'],
    ['http://[::1]/',
     '       ^ national-character',
     '         ^ port-not-digits',
     '           ^ national-character'],
    // the rightmost label never starts with a digit: this is a hostnumber
    ['http://a.3com',
     '       ^ bad-host-number'],
    ['http://',
     '       ^ missing-host'],
    ['http://:80/',
     '       ^ missing-host'],
    ['ftp://u@/',
     '        ^ missing-host'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

describe('hostnumber = digits "." digits "." digits "." digits', () => {
  const valid: ValidCase[] = [
    ['http://10.0.0.1', { host: '10.0.0.1' }],
    ['http://127.0.0.1:8080/', { host: '127.0.0.1', port: 8080, urlPath: '', path: '' }],
    // the BNF says digits: no range check
    ['http://999.0.00.1', { host: '999.0.00.1' }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  const invalid: InvalidCase[] = [
    ['http://1.2.3',
     '       ^ bad-host-number'],
    ['http://1',
     '       ^ bad-host-number'],
    ['http://1.2.3.4.5',
     '              ^ bad-host-number'],
    ['http://1..3.4',
     '         ^ bad-host-number'],
    // the empty last label is not a digit group: a host name then
    ['http://1.2.3.',
     '             ^ bad-host-label'],
    ['http://1.2.3.4a',
     '              ^ bad-host-number'],
    ['http://1.2.3.-4',
     '             ^ bad-host-label'],
    ['http://1.2.3.4 ',
     '              ^ space'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

// rule: port-grammar
describe('port = digits', () => {
  const valid: ValidCase[] = [
    ['http://h:0', { host: 'h', port: 0 }],
    ['http://h:80', { host: 'h', port: 80 }],
    ['http://h:65535/', { host: 'h', port: 65_535, urlPath: '', path: '' }],
    ['ftp://u:p@h:2121/', { user: 'u', password: 'p', host: 'h', port: 2121, urlPath: '', cwd: [], name: '' }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  const invalid: InvalidCase[] = [
    // "If the port is omitted, the colon is as well."
    ['http://h:',
     '         ^ port-not-digits'],
    ['http://h:/',
     '         ^ port-not-digits'],
    ['http://h:8o',
     '          ^ port-not-digits'],
    ['http://h:-1',
     '         ^ port-not-digits'],
    ['http://h:80:81',
     '           ^ port-not-digits'],
    ['http://h:8 0',
     '          ^ space'],
    ['http://h:%38',
     '         ^ port-not-digits'],
    // not a port number
    ['http://h:65536',
     '         ^ port-out-of-range'],
    ['http://h:99999999999999999999',
     '         ^ port-out-of-range'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

describe('ip-schemepart = "//" login [ "/" urlpath ]', () => {
  const invalid: InvalidCase[] = [
    ['http:',
     '     ^ missing-double-slash',
     '     ^ missing-host'],
    ['http:/a',
     '     ^ missing-double-slash'],
    ['http:host.com/a',
     '     ^ missing-double-slash'],
    ['ftp:/host.com',
     '    ^ missing-double-slash'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  // rule: lenient-parts
  it('reads on without "//": http:host.com/a', () => {
    const result = expectErrors('http:host.com/a', ['missing-double-slash@5']);
    expect(result.parts).toMatchObject({ host: 'host.com', path: 'a' });
  });
});
