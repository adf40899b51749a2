/**
 * The public surface of src/parse/index.ts, and parse's promises about input.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../../src/parse/index.js';
import { parse } from '../../src/parse/index.js';

describe('src/parse/index.ts', () => {
  it('exports exactly decode, errorCodes, format, parse', () => {
    expect(Object.keys(api).sort()).toEqual(['decode', 'errorCodes', 'format', 'parse']);
  });

  it('returns input, scheme, valid, errors, parts', () => {
    expect(parse('HTTP://h/#x')).toEqual({
      input: 'HTTP://h/#x',
      scheme: 'http',
      valid: true,
      errors: [],
      parts: { host: 'h', urlPath: '', path: '', defaultPort: 80, fragment: 'x' },
    });
  });

  it('throws TypeError for a non-string, and only then', () => {
    for (const value of [undefined, null, 1, {}, ['http://h'], new String('http://h')]) {
      expect(() => parse(value as string)).toThrow(TypeError);
    }
  });

  it.each([
    ['empty', ''],
    ['1 MB of letters', 'a'.repeat(1 << 20)],
    ['1 MB path', 'http://h/' + 'a'.repeat(1 << 20)],
    ['1 MB of spaces', 'http://h/' + ' '.repeat(1 << 20)],
    ['1 MB of dots in a host', 'http://' + '.'.repeat(1 << 20)],
    ['1 MB of "/"', 'ftp://h/' + '/'.repeat(1 << 20)],
    ['1 MB of digits in a port', 'http://h:' + '9'.repeat(1 << 20)],
    ['many fields', 'prospero://h/x' + ';a=b'.repeat(1 << 16)],
    ['control characters', '\u0000\u0001:\u0002'],
    ['lone surrogates', '\ud800:\udfff//\udc00'],
  ])('does not throw on %s', (_name, url) => {
    const result = parse(url);
    expect(result.input).toBe(url);
    expect(result.errors.length).toBeLessThanOrEqual(101);
  });
});
