/**
 * The error code table: kebab-case codes, each one reachable, and no code
 * used that is not in the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes, parse, type ErrorCode } from '../../src/parse/index.js';
import { messagePattern } from './helpers.js';

/** One input per code that produces it. */
const producers: Record<ErrorCode, string> = {
  'missing-scheme': 'www.example.com',
  'bad-scheme': 'ht_tp://h',
  'bad-escape': 'http://h/100%',
  'reserved-character': 'ftp://h/a;b',
  'unsafe-character': 'http://h/<a>',
  'national-character': 'http://h/~user',
  'control-character': 'http://h/a\tb',
  space: 'http://h/a b',
  'non-ascii': 'http://h/caf\u00e9',
  'invisible-character': 'http://paypal.com\u202e@evil.example/',
  'missing-double-slash': 'http:h',
  'missing-host': 'http:///x',
  'bad-host-label': 'http://-h/',
  'bad-host-number': 'http://1.2.3/',
  'port-not-digits': 'http://h:x/',
  'port-out-of-range': 'http://h:70000/',
  'port-not-allowed': 'file://h:1/x',
  'userinfo-not-allowed': 'http://u@h/',
  'missing-url-path': 'nntp://h',
  'unexpected-url-path': 'telnet://h/x',
  'bad-typecode': 'ftp://h/f;type=x',
  'empty-address': 'mailto:',
  'bad-address': 'mailto:postmaster',
  'bad-newsgroup': 'news:1x',
  'bad-message-id': 'news:@h.dom',
  'bad-article-number': 'nntp://h/g/x',
  'bad-wais-path': 'wais://h/db/type',
  'bad-fieldspec': 'prospero://h/x;a',
  'too-many-errors': 'http://h/' + ' '.repeat(101),
};

// rule: error-codes
describe('error codes', () => {
  it('are kebab-case, each with a message', () => {
    for (const [code, message] of Object.entries(errorCodes)) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(message.length).toBeGreaterThan(10);
    }
  });

  it.each(Object.entries(producers))('%s is produced by %j', (code, url) => {
    expect(parse(url).errors.map((error) => error.code)).toContain(code);
  });

  it('every code in the table has a producer above', () => {
    expect(Object.keys(producers).sort()).toEqual(Object.keys(errorCodes).sort());
  });

  it('every code the source reports is in the table', () => {
    const directory = new URL('../../src/parse/', import.meta.url);
    const used = new Set<string>();
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, directory), 'utf8');
      for (const match of source.matchAll(/report\(\s*\w+,\s*'([^']+)'/g)) used.add(match[1]!);
      for (const match of source.matchAll(/return '([a-z-]+)';/g)) used.add(match[1]!);
      for (const match of source.matchAll(/\?\? '([a-z-]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const code of used) expect(Object.keys(errorCodes)).toContain(code);
  });

  it('messages in results are the table messages, but for non-ascii, whose message names its characters', () => {
    for (const url of Object.values(producers)) {
      for (const error of parse(url).errors) {
        if (error.code === 'non-ascii') expect(error.message).toMatch(messagePattern(error.code));
        else expect(error.message).toBe(errorCodes[error.code]);
      }
    }
  });
});
