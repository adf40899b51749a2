/**
 * Character comparisons in `src/` use `codes.*` (src/decode/character-codes.ts),
 * never bare numbers: the checker's own cases, then every file of `src/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRawCharacterCodes } from './character-codes.js';

const rulesOf = (source: string) => findRawCharacterCodes(source).map((offence) => [offence.line, offence.rule]);

describe('the checker', () => {
  it.each([
    ['if (text.charCodeAt(i) === 0x3e) x();', 'hex-comparison'],
    ['if (text.charCodeAt(i) === 62) x();', 'code-comparison'],
    ['if (62 <= line.charCodeAt(at + 1)) x();', 'code-comparison'],
    ['if (s.codePointAt(0)! > 127) x();', 'code-comparison'],
    ['const code = text.charCodeAt(i);\nif (code < 32) x();', 'code-comparison'],
    ['let c = 0;\nc = s.charCodeAt(k);\nwhile (128 > c) k++;', 'code-comparison'],
    ['while (bytes[i] === 0x20) i++;', 'hex-comparison'],
    ['return lead < 0xe0 ? 2 : 3;', 'hex-comparison'],
    ['return code > 0x10_ff_ff;', 'hex-comparison'],
    ['const lineFeed = 0x0a;', 'hex-constant'],
  ])('%j: %s', (source, rule) => {
    expect(findRawCharacterCodes(source).map((offence) => offence.rule)).toEqual([rule]);
  });

  it.each([
    'if (text.charCodeAt(i) === codes.greaterThan) x();',
    'const code = text.charCodeAt(i);\nif (code < codes.space || code === codes.delete) x();',
    'if (text.length > 0 && text.charCodeAt(0) === codes.dash) x();',
    'if (count < 128) x();',
    'const mid = (low + high) >>> 1;',
    'const half = 0x7f & mask;',
    '// if (code === 0x3e) an example in a comment',
    "const note = 'code === 0x3e';",
    'const pattern = /[\\x00-\\x1f]|a === 0x3e/;',
    "const pattern = /['\"]/; if (x) y('0x3e === a');",
    'const t = `${a === 0x3e}`;',
  ])('no offence in %j', (source) => {
    expect(rulesOf(source)).toEqual([]);
  });

  it('reports lines as they are in the file', () => {
    const source = '/* a\n comment */\nconst s = `a\nb`;\nif (s.charCodeAt(0) === 10) x();\n';
    expect(findRawCharacterCodes(source)).toEqual([
      { rule: 'code-comparison', line: 5, text: 'if (s.charCodeAt(0) === 10) x();' },
    ]);
  });
});

/**
 * Files written before the rule, with raw codes still in them. Each is to be
 * converted and taken off this list; a file on it that has none left fails
 * the test, so the list only shrinks.
 */
const awaitingConversion = new Set<string>([]);

function* typeScriptFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

describe('src/', () => {
  const root = join(import.meta.dirname, '../..');
  const files = [...typeScriptFiles(join(root, 'src'))].map((path) => relative(root, path).split('\\').join('/'));
  const table = 'src/decode/character-codes.ts';

  it('has files to check', () => {
    expect(files).toContain(table);
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.filter((file) => file !== table && !awaitingConversion.has(file)))('%s compares characters with codes.*', (file) => {
    const offences = findRawCharacterCodes(readFileSync(join(root, file), 'utf8'));
    expect(offences.map((offence) => `${file}:${offence.line} ${offence.rule}: ${offence.text}`)).toEqual([]);
  });

  it.each([...awaitingConversion])('%s still awaits conversion (take it off the list once converted)', (file) => {
    expect(findRawCharacterCodes(readFileSync(join(root, file), 'utf8')).length).toBeGreaterThan(0);
  });
});
