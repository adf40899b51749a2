/**
 * How the command's script is read (src/cli/command-script.ts): the build
 * writes it in ASCII (scripts/bundle.js: characters beyond it escaped), and
 * an ASCII script is read as Latin-1; a script with characters beyond ASCII
 * (patched by hand, or made another way) is still read as UTF-8, its
 * strings as written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommandScript } from '../../src/cli/command-script.js';
import { tempDir } from '../temp-folders.js';
import { root } from './cli-helpers.js';

const folder = tempDir('urlsift-command-script-');

/** What the script `text` exports as `word`, loaded without a code cache. */
function wordOf(name: string, text: string | Buffer): unknown {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return loadCommandScript(file, false).exports.word;
}

describe('reading the command\'s script', () => {
  it.each([
    ['ASCII', 'ascii.cjs', "exports.word = 'plain';", 'plain'],
    ['ASCII with escapes', 'escapes.cjs', "// \\u{a7}3.1\nexports.word = '\\u{e9}t\\u{e9} \\u{2014} \\u{1f310}';", 'été — 🌐'],
    ['UTF-8 beyond ASCII', 'utf8.cjs', "// §3.1 ← a comment\nexports.word = 'été — 🌐';", 'été — 🌐'],
    ['UTF-8 with a byte order mark', 'bom.cjs', "\ufeffexports.word = 'é';", 'é'],
  ])('%s: its strings as written', (_, name, text, word) => {
    expect(wordOf(name, text)).toBe(word);
  });

  it('the build writes the command\'s script in ASCII, its comments\' characters escaped', () => {
    const bytes = readFileSync(path.join(root, 'dist', 'cli-bundle', 'command.cjs'));
    expect(bytes.findIndex((byte) => byte > 0x7f)).toBe(-1);
    // `§` in the scanner's comments (RFC 1738's sections)
    expect(bytes.toString('latin1')).toContain('\\u{a7}');
  });
});
