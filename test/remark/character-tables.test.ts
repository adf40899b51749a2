/**
 * What the unit reader answers without a regular expression, against the
 * expressions and loops it stands for: ASCII whitespace and punctuation
 * (`characters.ts`), and the labels a document may define (`labels.ts`:
 * found from each `]:`, looking back).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codes } from '../../src/decode/character-codes.js';
import { codeAt, isUnicodePunctuation, isUnicodeWhitespace } from '../../src/adapters/markdown/unit-reader/characters.js';
import { labelKey, maxLabelLength, PossibleLabels } from '../../src/adapters/markdown/unit-reader/labels.js';

describe('ASCII whitespace and punctuation, as micromark’s expressions say', () => {
  const asciiCodes = Array.from({ length: codes.delete + 1 }, (_, code) => code);
  it('every ASCII code unit, and none past the ends of a text', () => {
    for (const code of asciiCodes) {
      const character = String.fromCharCode(code);
      expect([code, isUnicodeWhitespace(code)]).toEqual([code, /\s/.test(character)]);
      expect([code, isUnicodePunctuation(code)]).toEqual([code, /\p{P}|\p{S}/u.test(character)]);
    }
    expect(isUnicodeWhitespace(Number.NaN)).toBe(false);
    expect(isUnicodePunctuation(Number.NaN)).toBe(false);
  });
});

describe('codeAt: a code unit as charCodeAt gives it, NaN outside the text', () => {
  it.each([
    // [text, place, code]
    ['ab', 0, 0x61],
    ['ab', 1, 0x62],
    ['ab', 2, Number.NaN],
    ['ab', -1, Number.NaN],
    ['', 0, Number.NaN],
    ['\u{1F600}', 1, 0xde00],
  ])('%j at %i', (text, place, code) => {
    expect(codeAt(text, place)).toBe(code);
  });
  it('is charCodeAt at every place from before a text to past its end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), fc.integer({ min: -3, max: 16 }), (text, place) => {
        expect(codeAt(text, place)).toBe(text.charCodeAt(place));
      }),
    );
  });
});

/** The labels of every `[label]:`: the last `[` before each `]` with no `]` between, one character at a time. */
function labelsOneByOne(source: string): Set<string> {
  const keys = new Set<string>();
  let open = -1;
  for (let at = 0; at < source.length; at++) {
    const character = source[at];
    if (character === '[') {
      open = at;
    } else if (character === ']') {
      if (open !== -1 && source[at + 1] === ':' && at - open - 1 <= maxLabelLength) keys.add(labelKey(source, open + 1, at));
      open = -1;
    }
  }
  return keys;
}

describe('labels a document may define', () => {
  const long = 'x'.repeat(maxLabelLength);
  it.each([
    // [what, source, labels that may be defined, labels that may not]
    ['one definition, a reference, brackets with no colon', '[a]: x\n[b] [c](d)\n', ['a'], ['b', 'c']],
    ['the last `[` before `]:`, and none across a `]`', '[a [b]: x\n[c] d]: y\n]: z', ['b'], ['a [b', 'c', 'c] d', 'd']],
    ['labels compared loosely (case, whitespace, `>`)', '> [Foo\n> Bar]: x', ['foo bar', 'FOOBAR'], ['foo baz']],
    ['`]:` twice in a row, and at the start', ']:[a]:[]:', ['a', ''], ['b']],
    ['a label of the longest length, and one longer', `[${long}]: x\n[y${long}]: z`, [long], [`y${long}`]],
  ])('%s', (_, source, defined, undefinedLabels) => {
    const labels = new PossibleLabels(source);
    for (const label of defined) expect([label, labels.mayBeDefined(label, 0, label.length)]).toEqual([label, true]);
    for (const label of undefinedLabels) expect([label, labels.mayBeDefined(label, 0, label.length)]).toEqual([label, false]);
  });

  it('the same labels as a look at every character, on generated text', () => {
    const pieces = fc.constantFrom('[', ']', ':', ']:', 'a', 'B', ' ', '\n', '> ', 'x'.repeat(maxLabelLength - 2), '[a]: ', '[[');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const source = parts.join('');
        const labels = new PossibleLabels(source);
        for (const key of labelsOneByOne(source)) expect(labels.mayBeDefined(key, 0, key.length)).toBe(true);
        // and no other: each `[…]` of the text that is not a label defined is not found so
        for (let open = source.indexOf('['); open !== -1; open = source.indexOf('[', open + 1)) {
          const close = source.indexOf(']', open);
          if (close === -1) break;
          const key = labelKey(source, open + 1, close);
          expect(labels.mayBeDefined(source, open + 1, close)).toBe(labelsOneByOne(source).has(key));
        }
      }),
      { numRuns: 500 },
    );
  });
});
