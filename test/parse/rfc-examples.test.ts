/**
 * Every URL RFC 1738 itself gives, with what it says about it. Copied from the
 * RFC text (§3, References, Appendix); `<URL:` wrappers and the whitespace of
 * line breaks removed as the Appendix says.
 */
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/parse/index.js';
import { expectValid, type ValidCase } from './helpers.js';

describe('§3.1 empty vs absent user name and password', () => {
  // "<URL:ftp://@host.com/> has an empty user name and no password,
  // <URL:ftp://host.com/> has no user name, while <URL:ftp://foo:@host.com/>
  // has a user name of "foo" and an empty password."
  const cases: ValidCase[] = [
    ['ftp://@host.com/', { user: '', host: 'host.com', urlPath: '', cwd: [], name: '' }],
    ['ftp://host.com/', { host: 'host.com', urlPath: '', cwd: [], name: '' }],
    ['ftp://foo:@host.com/', { user: 'foo', password: '', host: 'host.com', urlPath: '', cwd: [], name: '' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    const result = expectValid(url, parts);
    expect('password' in result.parts).toBe(url.includes(':@'));
  });
});

describe('§3.2.2 the three motd URLs', () => {
  const cases: ValidCase[] = [
    // "CWD /etc" and then "RETR motd"
    [
      'ftp://myname@host.dom/%2Fetc/motd',
      { user: 'myname', host: 'host.dom', urlPath: '%2Fetc/motd', cwd: ['%2Fetc'], name: 'motd' },
    ],
    // "CWD etc" and then "RETR motd"
    [
      'ftp://myname@host.dom/etc/motd',
      { user: 'myname', host: 'host.dom', urlPath: 'etc/motd', cwd: ['etc'], name: 'motd' },
    ],
    // "CWD " with a null argument, then "CWD etc", and then "RETR motd"
    [
      'ftp://myname@host.dom//etc/motd',
      { user: 'myname', host: 'host.dom', urlPath: '/etc/motd', cwd: ['', 'etc'], name: 'motd' },
    ],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  it('decodes %2Fetc to the argument of "CWD /etc"', () => {
    expect(decode('%2Fetc')).toBe('/etc');
  });
});

describe('§3.6, §3.10, §3.11 examples', () => {
  const cases: ValidCase[] = [
    // "If <newsgroup-name> is "*" (as in <URL:news:*>)"
    ['news:*', { newsgroup: '*' }],
    // DISK$USER:[MY.NOTES]NOTE123456.TXT
    [
      'file://vms.host.edu/disk$user/my/notes/note12345.txt',
      {
        host: 'vms.host.edu',
        urlPath: 'disk$user/my/notes/note12345.txt',
        path: 'disk$user/my/notes/note12345.txt',
      },
    ],
    // "designates a <hsoname> of "/pros/name""
    ['prospero://host.dom//pros/name', { host: 'host.dom', urlPath: '/pros/name', hsoname: '/pros/name' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('§3.4 Gopher+ strings', () => {
  const cases: ValidCase[] = [
    // §3.4.7 "!+ABSTRACT%20+SMELL" refers to the +ABSTRACT and +SMELL attributes
    [
      'gopher://boombox.micro.umn.edu/0about%09%09!+ABSTRACT%20+SMELL',
      {
        host: 'boombox.micro.umn.edu',
        urlPath: '0about%09%09!+ABSTRACT%20+SMELL',
        gophertype: '0',
        selector: 'about',
        search: '',
        gopherPlus: '!+ABSTRACT%20+SMELL',
      },
    ],
    // §3.4.8 "+application/postscript%20Es_ES"
    [
      'gopher://boombox.micro.umn.edu/9paper%09%09+application/postscript%20Es_ES',
      {
        host: 'boombox.micro.umn.edu',
        urlPath: '9paper%09%09+application/postscript%20Es_ES',
        gophertype: '9',
        selector: 'paper',
        search: '',
        gopherPlus: '+application/postscript%20Es_ES',
      },
    ],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('References: every <URL:...>', () => {
  const ftp = (host: string, ...path: string[]): ValidCase => {
    const urlPath = path.join('/');
    const name = path.at(-1) ?? '';
    return [`ftp://${host}/${urlPath}`, { host, urlPath, cwd: path.slice(0, -1), name }];
  };
  const cases: ValidCase[] = [
    // [1]
    [
      'ftp://ds.internic.net/rfc/rfc1436.txt;type=a',
      { host: 'ds.internic.net', urlPath: 'rfc/rfc1436.txt;type=a', cwd: ['rfc'], name: 'rfc1436.txt', typecode: 'a' },
    ],
    // [2], broken after "gopher_protocol" in the RFC
    ftp('boombox.micro.umn.edu', 'pub', 'gopher', 'gopher_protocol', 'Gopher+', 'Gopher+.txt'),
    ftp('ds.internic.net', 'rfc', 'rfc1630.txt'), // [3]
    ftp('info.cern.ch', 'pub', 'www', 'doc', 'http-spec.txt.Z'), // [4]
    ftp('ds.internic.net', 'rfc', 'rfc1123.txt'), // [5]
    ftp('ds.internic.net', 'rfc', 'rfc822.txt'), // [6]
    ftp('quake.think.com', 'pub', 'wais', 'doc', 'protspec.txt'), // [7]
    ftp('ds.internic.net', 'rfc', 'rfc1036.txt'), // [8]
    ftp('quake.think.com', 'pub', 'wais', 'doc', 'doc-ids.txt'), // [10]
    ftp('ds.internic.net', 'rfc', 'rfc977.txt'), // [11]
    ftp('ds.internic.net', 'internet-drafts', 'draft-ietf-uri-irl-fun-req-02.txt'), // [12]
    ftp('ds.internic.net', 'rfc', 'rfc1034.txt'), // [13]
    ftp('prospero.isi.edu', 'pub', 'prospero', 'doc', 'prospero-protocol.PS.Z'), // [14]
    ftp('ds.internic.net', 'rfc', 'rfc959.txt'), // [15]
    ftp('ds.internic.net', 'rfc', 'rfc1737.txt'), // [16]
    ftp('ds.internic.net', 'rfc', 'rfc1625.txt'), // [17]
    ftp('uu.psi.com', 'wp', 'nir.txt'), // [18]
  ];
  it('has all 17', () => {
    expect(cases).toHaveLength(17);
  });
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});

describe('Appendix example', () => {
  const cases: ValidCase[] = [
    [
      'ftp://info.cern.ch/pub/www/doc;type=d',
      { host: 'info.cern.ch', urlPath: 'pub/www/doc;type=d', cwd: ['pub', 'www'], name: 'doc', typecode: 'd' },
    ],
    ['ftp://ds.internic.net/rfc', { host: 'ds.internic.net', urlPath: 'rfc', cwd: [], name: 'rfc' }],
    // "the identifier would be placed within the brackets as well"
    [
      'http://ds.internic.net/instructions/overview.html#WARNING',
      {
        host: 'ds.internic.net',
        urlPath: 'instructions/overview.html',
        path: 'instructions/overview.html',
        fragment: 'WARNING',
      },
    ],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });
});
