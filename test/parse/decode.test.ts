/**
 * decode: escapes → octets → UTF-8 where well-formed, else Latin-1 per octet.
 */
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/parse/index.js';

describe('decode', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    ['%2Fetc', '/etc'],
    ['a%20b%2fc', 'a b/c'],
    ['%41%42%43', 'ABC'],
    // UTF-8
    ['caf%C3%A9', 'café'],
    ['%E2%82%AC', '€'],
    ['%F0%9F%98%80', '😀'],
    ['%F4%8F%BF%BF', '\u{10ffff}'],
    // Latin-1 per octet where not UTF-8
    ['%E9t%E9', 'été'],
    ['%FF', 'ÿ'],
    ['%C3', 'Ã'],
    ['%C3%28', 'Ã('],
    ['%C0%AF', 'À¯'], // overlong "/"
    ['%E0%80%AF', 'à\u0080¯'], // overlong
    ['%ED%A0%80', 'í\u00a0\u0080'], // a surrogate in UTF-8
    ['%F4%90%80%80', 'ô\u0090\u0080\u0080'], // beyond U+10FFFF
    ['%F0%9F%98', 'ð\u009f\u0098'], // cut short
    ['%E9%C3%A9', 'éé'], // Latin-1 then UTF-8
    // invalid "%" kept as is
    ['100%', '100%'],
    ['%', '%'],
    ['%4', '%4'],
    ['%zz%41', '%zzA'],
    ['%%41', '%A'],
    ['%2', '%2'],
    // other characters kept as they are
    ['é%20ü', 'é ü'],
    ['\ud800%41', '\ud800A'],
  ])('%j → %j', (component, expected) => {
    expect(decode(component)).toBe(expected);
  });

  it('throws TypeError only for a non-string', () => {
    expect(() => decode(undefined as unknown as string)).toThrow(TypeError);
    expect(() => decode(null as unknown as string)).toThrow(TypeError);
  });
});
