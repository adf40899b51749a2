/**
 * format: writes scheme + parts back; format(parse(url)) === url for valid URLs.
 */
import { describe, expect, it } from 'vitest';
import { format, parse, type UrlParts } from '../../src/parse/index.js';

// rule: format-round-trip
describe('format(parse(url))', () => {
  it.each([
    'ftp://@host.com/',
    'ftp://host.com/',
    'ftp://foo:@host.com/',
    'ftp://myname@host.dom//etc/motd',
    'ftp://info.cern.ch/pub/www/doc;type=d',
    'http://ds.internic.net/instructions/overview.html#WARNING',
    'http://h',
    'http://h/',
    'http://h/?',
    'http://h:8080/a?b',
    'gopher://h',
    'gopher://h/',
    'gopher://h/1',
    'gopher://h/1s%09%09+',
    'mailto:a@b',
    'news:*',
    'news:1@h.dom',
    'nntp://h/a/007',
    'telnet://h',
    'telnet://h/',
    'wais://h/db',
    'wais://h/db?s',
    'wais://h/db/t/p',
    'file:///x',
    'file://localhost/x',
    'prospero://host.dom//pros/name;b=1;2=z;b=3',
    'x-foo:',
    'x-foo://u@h:1/p#f',
  ])('%s', (url) => {
    const parsed = parse(url);
    expect(parsed.valid).toBe(true);
    expect(format(parsed)).toBe(url);
  });

  it('writes the scheme in lower case', () => {
    expect(format(parse('HTTP://Host.Com/P'))).toBe('http://Host.Com/P');
    expect(format(parse('X-FOO:Y'))).toBe('x-foo:Y');
  });

  it('writes the port as a number: leading zeros are not kept', () => {
    expect(format(parse('http://h:0080/'))).toBe('http://h:80/');
  });
});

describe('format of changed or hand-built parts', () => {
  it.each<[string, UrlParts, string]>([
    ['ftp', { host: 'h', cwd: ['a', 'b'], name: 'c', typecode: 'i' }, 'ftp://h/a/b/c;type=i'],
    ['ftp', { host: 'h', cwd: [], name: '' }, 'ftp://h/'],
    ['ftp', { host: 'h' }, 'ftp://h'],
    ['ftp', { user: 'u', password: 'p', host: 'h', port: 21 }, 'ftp://u:p@h:21'],
    ['ftp', { password: 'p', host: 'h' }, 'ftp://:p@h'],
    ['http', { host: 'h', path: 'a', searchpart: 'q', fragment: 'f' }, 'http://h/a?q#f'],
    ['https', { host: 'h', searchpart: 'q' }, 'https://h/?q'],
    ['gopher', { host: 'h', gophertype: '0', selector: 's', search: 'q' }, 'gopher://h/0s%09q'],
    ['gopher', { host: 'h', gophertype: '1', selector: '', gopherPlus: '+' }, 'gopher://h/1%09%09+'],
    ['gopher', { host: 'h', gophertype: '1' }, 'gopher://h'],
    ['mailto', { address: 'a@b' }, 'mailto:a@b'],
    ['news', { newsgroup: 'a.b' }, 'news:a.b'],
    ['news', { messageId: 'x@y' }, 'news:x@y'],
    ['nntp', { host: 'h', newsgroup: 'g', articleNumber: 5 }, 'nntp://h/g/5'],
    ['telnet', { host: 'h', urlPath: '' }, 'telnet://h/'],
    ['wais', { host: 'h', database: 'd', wtype: 't', wpath: 'p' }, 'wais://h/d/t/p'],
    ['wais', { host: 'h', database: 'd', search: 's' }, 'wais://h/d?s'],
    ['file', { host: '', path: 'etc/motd' }, 'file:///etc/motd'],
    ['prospero', { host: 'h', hsoname: '/x', fields: { a: '1', b: '2' } }, 'prospero://h//x;a=1;b=2'],
    ['X-Foo', { schemepart: 'y' }, 'x-foo:y'],
    ['x-foo', { host: 'h', urlPath: 'p' }, 'x-foo://h/p'],
  ])('%s %j → %s', (scheme, parts, url) => {
    expect(format({ scheme, parts })).toBe(url);
  });

  it('writes changed parts instead of the parsed urlPath', () => {
    const parsed = parse('ftp://h/a/b;type=a');
    parsed.parts.name = 'c';
    expect(format(parsed)).toBe('ftp://h/a/c;type=a');
    const http = parse('http://h/x?y');
    delete http.parts.searchpart;
    expect(format(http)).toBe('http://h/x');
  });

  it('throws TypeError on misuse', () => {
    expect(() => format(null as never)).toThrow(TypeError);
    expect(() => format({ scheme: 1, parts: {} } as never)).toThrow(TypeError);
    expect(() => format({ scheme: 'http' } as never)).toThrow(TypeError);
  });
});
