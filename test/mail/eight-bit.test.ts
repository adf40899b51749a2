/**
 * `spellsAscii`: the source bytes of a record are its raw text, character
 * for character and all ASCII, so the mail adapter need not decode them
 * again. Anything else (a different length, a byte beyond ASCII, a
 * quoted-printable escape) is decoded.
 */
import { describe, expect, it } from 'vitest';
import { spellsAscii } from '../../src/decode/eight-bit.js';

describe('spellsAscii: the bytes of a span against a text', () => {
  const source = 'see |http://a.example/x| and |http://a.example/=\r\nx|, |caf\xe9|';
  const bytes = Buffer.from(source.replaceAll('|', ''), 'latin1');
  /** The span of the `index`th |…| of `source`, in `bytes`. */
  const span = (index: number): [number, number] => {
    const pieces = source.split('|');
    const start = pieces.slice(0, 2 * index + 1).join('').length;
    return [start, start + (pieces[2 * index + 1] as string).length];
  };
  it.each([
    ['the same ASCII text', 0, 'http://a.example/x', true],
    ['one character differs', 0, 'http://a.example/y', false],
    ['a soft line break in the bytes, not in the text', 1, 'http://a.example/x', false],
    ['a length that differs', 0, 'http://a.example/', false],
    ['a byte beyond ASCII, even when it is the character', 2, 'caf\xe9', false],
  ])('%s', (_, index, text, expected) => {
    const [start, end] = span(index);
    expect(spellsAscii(bytes, start, end, text)).toBe(expected);
  });

  it('an empty span and an empty text', () => {
    expect(spellsAscii(bytes, 4, 4, '')).toBe(true);
  });
});
