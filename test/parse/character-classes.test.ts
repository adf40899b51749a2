/**
 * §5 character classes, checked against the BNF literals copied here.
 */
import { describe, expect, it } from 'vitest';
import {
  alpha,
  digit,
  extra,
  hex,
  national,
  punctuation,
  reserved,
  safe,
  uchar,
  unreserved,
  xchar,
  type CharSet,
} from '../../src/parse/character-classes.js';

const members = (set: CharSet): string =>
  Array.from({ length: 128 }, (_, code) => (set[code] === 1 ? String.fromCharCode(code) : '')).join('');

describe('§5 classes', () => {
  it.each([
    ['alpha', alpha, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'],
    ['digit', digit, '0123456789'],
    ['safe', safe, '$+-._'],
    ['extra', extra, "!'()*,"],
    ['national', national, '[\\]^`{|}~'],
    ['punctuation', punctuation, '"#%<>'],
    ['reserved', reserved, '&/:;=?@'],
    ['hex', hex, '0123456789ABCDEFabcdef'],
  ] as const)('%s', (_name, set, expected) => {
    expect(members(set)).toBe(expected);
  });

  it('unreserved = alpha | digit | safe | extra; uchar adds only escapes', () => {
    expect(members(unreserved)).toBe(
      [...members(alpha) + members(digit) + members(safe) + members(extra)].sort().join(''),
    );
    expect(members(uchar)).toBe(members(unreserved));
  });

  it('xchar = unreserved | reserved (and escapes)', () => {
    expect(members(xchar)).toBe([...members(unreserved) + members(reserved)].sort().join(''));
  });

  it('the classes split the graphic US-ASCII characters, each in one class', () => {
    const classes = [alpha, digit, safe, extra, national, punctuation, reserved];
    for (let code = 0x21; code < 0x7f; code++) {
      expect(classes.filter((set) => set[code] === 1), String.fromCharCode(code)).toHaveLength(1);
    }
  });

  it('holds nothing outside US-ASCII', () => {
    expect(xchar).toHaveLength(128);
  });
});
