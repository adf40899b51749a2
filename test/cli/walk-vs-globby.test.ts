/**
 * globby is the reference for which files a walk or a pattern selects. The
 * CLI walks with its own walker (names read as bytes, every folder it cannot
 * list reported, `.gitignore` patterns matched in linear time: what globby
 * loses or hangs on, see `hostile.slow.test.ts`), and on trees of ordinary names
 * it selects exactly the files globby does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/cli/walk/inputs.js';
import { tempDir } from './cli-helpers.js';

let tree: string;

function put(name: string, content = 'http://example.com/\n'): void {
  mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
  writeFileSync(path.join(tree, name), content);
}

beforeAll(() => {
  tree = tempDir();
  for (const name of [
    'a.txt',
    'b.md',
    'notes.log',
    'keep.log',
    'root-only.txt',
    'docs/root-only.txt',
    'docs/guide.md',
    'docs/x.tmp',
    'docs/deep/er/y.tmp',
    'docs/deep/er/z.md',
    'build/out.txt',
    'src/build/kept-not.txt',
    'src/a.txt',
    'src/b.txt',
    'src/c.markdown',
    'lib/one.md',
    'lib/two.md',
    'lib/sub/.gitignore',
    'lib/sub/skip.md',
    'lib/sub/take.md',
    'space name/file with spaces.txt',
    'ünï/cödé.md',
    '.hidden/h.md',
    '.dotfile.md',
  ]) {
    put(name);
  }
  writeFileSync(path.join(tree, '.gitignore'), ['*.log', '!keep.log', '/root-only.txt', 'build/', 'docs/**/*.tmp', ''].join('\n'));
  writeFileSync(path.join(tree, 'lib/sub/.gitignore'), 'skip.md\n');
});

/** The files urlsift selects, relative to the tree, sorted. */
async function ours(patterns: string[], hidden: boolean): Promise<string[]> {
  const cwd = process.cwd();
  process.chdir(tree);
  try {
    const { inputs, errors } = await collectInputs(patterns, { hidden, dedupe: patterns.length > 1 });
    expect(errors).toEqual([]);
    return inputs.map((input) => path.relative(tree, path.resolve(tree, input.name)).split(path.sep).join('/')).sort();
  } finally {
    process.chdir(cwd);
  }
}

/**
 * The files globby selects with the same rules: `.gitignore` files honoured,
 * links to folders not followed; run from `base`, as a folder named on the
 * command line is walked (its own `.gitignore` files apply, those above it
 * do not).
 */
async function reference(patterns: string[], hidden: boolean, base = '.'): Promise<string[]> {
  const cwd = path.join(tree, base);
  const found = await globby(patterns, { cwd, gitignore: true, dot: hidden, onlyFiles: true, followSymbolicLinks: false });
  return found.map((file) => path.posix.join(base, file)).sort();
}

describe('the walk and patterns select what globby selects', () => {
  it.each([
    ['a whole tree', '.'],
    ['a folder: the .gitignore above it does not apply (docs/x.tmp is read)', 'docs'],
    ['a nested folder with its own .gitignore', 'lib'],
  ])('%s', async (_, folder) => {
    expect(await ours([folder], false)).toEqual(await reference(['**'], false, folder));
  });

  it('a whole tree with hidden files', async () => {
    expect(await ours(['.'], true)).toEqual(await reference(['**'], true));
  });

  it.each([
    ['**/*.md'],
    ['*.txt'],
    ['src/*.txt'],
    ['docs/**/*.md'],
    ['{src,lib}/*.md'],
    ['src/?.txt'],
    ['src/[ab].txt'],
    ['**/*.{md,markdown}'],
    ['space name/*.txt'],
    ['ünï/*.md'],
  ])('the pattern %s', async (pattern) => {
    const expected = await reference([pattern], false);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ours([pattern], false)).toEqual(expected);
  });
});
