import { isDynamicPattern } from '../../src/cli/walk/glob-match.js';
import { describe, expect, it } from 'vitest';
import { splitPattern } from '../../src/cli/walk/pattern-base.js';

describe('a glob pattern split into its static base and the rest', () => {
  it.each([
    ['*.md', '', '*.md'],
    ['docs/**/*.md', 'docs', '**/*.md'],
    ['docs/api/*.md', 'docs/api', '*.md'],
    ['/tmp/a/*.txt', '/tmp/a', '*.txt'],
    ['/*.txt', '/', '*.txt'],
    ['../notes/{a,b}/*.txt', '../notes', '{a,b}/*.txt'],
    ['./docs/*/README.md', './docs', '*/README.md'],
    ['docs/file.md', 'docs', 'file.md'],
  ])('%s → base %j, rest %j', (pattern, base, rest) => {
    expect(splitPattern(pattern, isDynamicPattern)).toEqual({ base, rest });
  });
});
