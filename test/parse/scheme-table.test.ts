/**
 * The scheme table: which schemes have their own syntax, and default ports.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { schemeTable } from '../../src/parse/scheme-table.js';

// rule: scheme-table
describe('scheme table', () => {
  // rule: https-extension
  it('holds the schemes of §3 and https', () => {
    expect(Object.keys(schemeTable).sort()).toEqual(
      ['file', 'ftp', 'gopher', 'http', 'https', 'mailto', 'news', 'nntp', 'prospero', 'telnet', 'wais'],
    );
  });

  // §3: "If :<port> is omitted, the port defaults to ..."
  it.each([
    ['ftp://h/', 21],
    ['http://h/', 80],
    ['https://h/', 443],
    ['gopher://h/', 70],
    ['nntp://h/g', 119],
    ['telnet://h/', 23],
    ['wais://h/d', 210],
    ['prospero://h/x', 1525],
    ['FTP://h/', 21],
  ] as const)('%s has defaultPort %i', (url, port) => {
    expect(parse(url).parts.defaultPort).toBe(port);
  });

  it.each(['mailto:a@b', 'news:a', 'file:///x', 'x-foo://h/', 'gopherx://h/', 'constructor:x', '__proto__:x', ''])(
    '%s has no defaultPort',
    (url) => {
      expect('defaultPort' in parse(url).parts).toBe(false);
    },
  );

  it('keeps the given port next to the default', () => {
    expect(parse('http://h:8080/').parts).toMatchObject({ port: 8080, defaultPort: 80 });
  });

  it('reads a scheme not in the table, even a name of Object.prototype, by the generic form', () => {
    expect(parse('constructor://h').parts).toEqual({ schemepart: '//h', host: 'h' });
    expect(parse('__proto__:x').scheme).toBe('__proto__');
  });
});
