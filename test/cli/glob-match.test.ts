/**
 * Glob patterns and .gitignore rules, matched without backtracking blow-up.
 */
import { describe, expect, it } from 'vitest';
import { compilePattern, compileSegment, expandBraces, matchSegment, matchSegments, mayMatchBelow } from '../../src/cli/walk/glob-match.js';
import { ignoredBy, parseIgnoreFile } from '../../src/cli/walk/ignore-rules.js';

// rule: glob-patterns
describe('one segment', () => {
  it.each([
    ['*.md', 'README.md', true],
    ['*.md', 'README.mdx', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['[abc]x', 'bx', true],
    ['[!abc]x', 'bx', false],
    ['[a-c]x', 'cx', true],
    ['\\*x', '*x', true],
    ['\\*x', 'ax', false],
    ['*a*b', 'xaxxb', true],
    ['*a*b', 'xbxxa', false],
    ['[unclosed', '[unclosed', true],
  ])('%s on %s: %s', (pattern, name, expected) => {
    expect(matchSegment(compileSegment(pattern), name)).toBe(expected);
  });

  it('*a*a*a*a*a*a*a*b beside 100,000 a: no match, in one pass per star', () => {
    expect(matchSegment(compileSegment('*a*a*a*a*a*a*a*b'), 'a'.repeat(100_000))).toBe(false);
    expect(matchSegment(compileSegment('*a*a*a*a*a*a*a*b'), `${'a'.repeat(100_000)}b`)).toBe(true);
  });
});

describe('whole paths', () => {
  it.each([
    ['**/*.md', 'a/b/c.md', true],
    ['**/*.md', 'c.md', true],
    ['docs/**/*.md', 'docs/x/y.md', true],
    ['docs/**/*.md', 'src/x/y.md', false],
    ['*/README.md', 'a/README.md', true],
    ['*/README.md', 'a/b/README.md', false],
  ])('%s on %s: %s', (pattern, file, expected) => {
    expect(matchSegments(compilePattern(pattern), file.split('/'))).toBe(expected);
  });

  it('**/ repeated beside a deep path: no blow-up', () => {
    const pattern = compilePattern('**/a/**/a/**/a/**/a/**/b');
    expect(matchSegments(pattern, Array.from({ length: 5000 }, () => 'a'))).toBe(false);
  });

  it.each([
    ['docs/*.md', 'docs', true],
    ['docs/*.md', 'src', false],
    ['docs/*.md', 'docs/deeper', false],
    ['**/x.md', 'any/where', true],
  ])('%s may match below %s: %s', (pattern, folder, expected) => {
    expect(mayMatchBelow(compilePattern(pattern), folder.split('/'))).toBe(expected);
  });

  it('braces expand, nested, with a bound', () => {
    expect(expandBraces('{a,b}/*.{md,txt}')).toEqual(['a/*.md', 'a/*.txt', 'b/*.md', 'b/*.txt']);
    expect(expandBraces('x{a,{b,c}}')).toEqual(['xa', 'xb', 'xc']);
    expect(expandBraces('{a,b}'.repeat(20))).toHaveLength(1024);
  });
});

// rule: gitignore-rules
describe('.gitignore rules', () => {
  const rules = parseIgnoreFile(['# comment', '*.log', '!keep.log', 'build/', '/top.txt', 'docs/**/draft.md', '\\#hash', ''].join('\n'));
  it.each([
    ['a.log', false, true],
    ['x/a.log', false, true],
    ['keep.log', false, false],
    ['build', true, true],
    ['build', false, undefined],
    ['top.txt', false, true],
    ['x/top.txt', false, undefined],
    ['docs/a/b/draft.md', false, true],
    ['#hash', false, true],
    ['comment', false, undefined],
  ])('%s (folder: %s): %s', (file, isFolder, expected) => {
    expect(ignoredBy(rules, file.split('/'), isFolder)).toBe(expected);
  });
});

describe('.gitignore lines: trailing spaces and slashes', () => {
  it.each([
    ['trail.txt   ', 'trail.txt', false, true],
    ['escaped\\  ', 'escaped ', false, true],
    ['out//', 'out', true, true],
    ['out//', 'out', false, undefined],
  ])('%j matches %j (folder: %s): %s', (line, name, isFolder, expected) => {
    expect(ignoredBy(parseIgnoreFile(line), [name], isFolder)).toBe(expected);
  });

  it('a line of 1,000,000 spaces or slashes before its last character is read in one pass', () => {
    // `/ +$/` on such a line tries every space: minutes, not milliseconds
    const spaces = parseIgnoreFile(`${' '.repeat(1_000_000)}x`);
    expect(ignoredBy(spaces, [`${' '.repeat(1_000_000)}x`], false)).toBe(true);
    const slashes = parseIgnoreFile(`a${'/'.repeat(1_000_000)}x/`);
    expect(slashes).toHaveLength(1);
    expect(slashes[0]?.foldersOnly).toBe(true);
  });
});
