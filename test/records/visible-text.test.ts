/**
 * Text shown to people escapes every character that can steer a terminal or
 * hide text, and the escaping can be read back: no two texts look alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls, hasUnsafe, safeJsonText } from '../../src/records/visible-text.js';

/** Reads `escapeControls` back, by the rule its comment gives. */
function readBack(shown: string): string {
  let out = '';
  for (let i = 0; i < shown.length; ) {
    if (shown[i] !== '\\') {
      out += shown[i++];
      continue;
    }
    let end = i;
    while (shown[end] === '\\') end++;
    const run = end - i;
    const next = shown[end];
    if (next !== 'x' && next !== 'u') {
      out += shown.slice(i, end);
      i = end;
      continue;
    }
    out += '\\'.repeat(run >> 1);
    i = end;
    if (run % 2 === 0) continue;
    // an escape
    if (next === 'x') {
      const code = Number.parseInt(shown.slice(i + 1, i + 3), 16);
      // the bytes of a name that are not UTF-8 are held as U+DC80–U+DCFF, and C1 controls are U+0080–U+009F: the shown form is the same,
      // read back here as the control (names are bytes: the rule is the walker's)
      out += String.fromCharCode(code);
      i += 3;
    } else if (shown[i + 1] === '{') {
      const close = shown.indexOf('}', i);
      out += String.fromCodePoint(Number.parseInt(shown.slice(i + 2, close), 16));
      i = close + 1;
    } else {
      out += String.fromCharCode(Number.parseInt(shown.slice(i + 1, i + 5), 16));
      i += 5;
    }
  }
  return out;
}

describe('what is escaped', () => {
  it.each([
    ['ESC', 'a\x1bb', 'a\\x1bb'],
    ['a right-to-left override', 'paypal.com\u202e@evil', 'paypal.com\\u202e@evil'],
    ['a tag character (invisible text)', 'a\u{E0041}b', 'a\\u{e0041}b'],
    ['cancel tag', 'a\u{E007F}', 'a\\u{e007f}'],
    ['the combining grapheme joiner', 'a\u034Fb', 'a\\u034fb'],
    ['Hangul fillers', '\u115F\u1160\u3164\uFFA0', '\\u115f\\u1160\\u3164\\uffa0'],
    ['variation selectors', 'a\uFE0F\u{E0100}\u{E01EF}', 'a\\ufe0f\\u{e0100}\\u{e01ef}'],
    ['a name\'s byte that is not UTF-8 (held as U+DCE9)', 'caf\uDCE9.txt', 'caf\\xe9.txt'],
    ['a literal backslash, x, 1, b', 'a\\x1b.txt', 'a\\\\x1b.txt'],
    ['a literal \\u', 'a\\u202e', 'a\\\\u202e'],
    ['backslashes before an escaped character', 'a\\\\\x1b', 'a\\\\\\\\\\x1b'],
    ['a backslash before anything else: as it is', 'C:\\dir\\file and "example\\\\.org"', 'C:\\dir\\file and "example\\\\.org"'],
    ['an emoji, an accent, CJK: as they are', 'é 日本 😀 \u{1F1EB}\u{1F1F7}', 'é 日本 😀 \u{1F1EB}\u{1F1F7}'],
  ])('%s', (_, text, shown) => {
    expect(escapeControls(text)).toBe(shown);
  });

  it('a literal \\x1b and ESC never look alike', () => {
    expect(escapeControls('a\\x1b.txt')).not.toBe(escapeControls('a\x1b.txt'));
  });

  it('read back, any text over backslashes, escapes and the characters after them is what it was', () => {
    const alphabet = fc.constantFrom('\\', 'x', 'u', '1', 'b', '{', 'a', '\x1b', '\u202e', '\u{E0041}', '\uFE0F', '\u0085', 'é');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        const shown = escapeControls(text);
        expect(hasUnsafe(shown)).toBe(false);
        expect(readBack(shown)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('JSON', () => {
  it.each([
    ['a tag character: its two halves escaped', { url: 'a\u{E0041}' }, '{"url":"a\\udb40\\udc41"}'],
    ['a variation selector', { url: 'a\uFE0F' }, '{"url":"a\\ufe0f"}'],
    ['a name\'s byte that is not UTF-8: \\\\xNN, no lone surrogate', { file: 'caf\uDCE9.txt' }, '{"file":"caf\\\\xe9.txt"}'],
    ['a literal \\udce9 stays literal', { file: 'a\\udce9' }, '{"file":"a\\\\udce9"}'],
  ])('%s', (_, value, json) => {
    const text = safeJsonText(JSON.stringify(value));
    expect(text).toBe(json);
    expect(hasUnsafe(text)).toBe(false);
    // what a strict reader takes: no lone surrogate once parsed
    for (const string of Object.values(JSON.parse(text) as Record<string, string>)) expect((string as unknown as { isWellFormed(): boolean }).isWellFormed()).toBe(true);
  });
});
