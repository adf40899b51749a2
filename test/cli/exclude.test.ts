/**
 * `--exclude PATTERN`: a `.gitignore` line applied at the top of every walk
 * (a directory or a glob's base), winning over the tree's own `.gitignore`
 * files where it speaks; files named on the command line are read all the same.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './cli-helpers.js';

/** A tree of one-URL files: `a/docs/r.md` holds `http://a-docs-r-md.example/`. */
function tree(files: readonly string[], gitignore?: string): string {
  const root = tempDir();
  for (const file of files) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), `http://${file.replace(/[/.]/g, '-')}.example/\n`);
  }
  if (gitignore !== undefined) writeFileSync(path.join(root, '.gitignore'), gitignore);
  return root;
}

const files = ['docs/r.md', 'docs/x.log', 'docs/keep.log', 'node_modules/x/r.md', 'sub/docs/y.txt'];

/** The files a run read, relative to `root`. */
function read(stdout: string, root: string): string[] {
  return stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => path.relative(root, line.slice(0, line.indexOf(':'))));
}

// rule: exclude-patterns
describe('--exclude', () => {
  it.each([
    [['node_modules'], undefined, ['docs/keep.log', 'docs/r.md', 'docs/x.log', 'sub/docs/y.txt']],
    [['*.log', '!keep.log'], undefined, ['docs/keep.log', 'docs/r.md', 'node_modules/x/r.md', 'sub/docs/y.txt']],
    // a name at any depth, as in a .gitignore; anchored with a leading `/`
    [['docs/'], undefined, ['node_modules/x/r.md']],
    [['/docs'], undefined, ['node_modules/x/r.md', 'sub/docs/y.txt']],
    // where it speaks it wins over the tree's .gitignore, which still applies elsewhere
    [['!x.log'], '*.log\nnode_modules/\n', ['docs/r.md', 'docs/x.log', 'sub/docs/y.txt']],
  ] as const)('%j (.gitignore %j) reads %j', async (exclude, gitignore, expected) => {
    const root = tree(files, gitignore);
    const { stdout } = await runCli([...exclude.flatMap((pattern) => ['--exclude', pattern]), root]);
    expect(read(stdout, root)).toEqual(expected);
  });

  it('applies below the base of a glob pattern too', async () => {
    const root = tree(files);
    const { stdout } = await runCli(['--exclude', 'node_modules', `${root}/**/*.md`]);
    expect(read(stdout, root)).toEqual(['docs/r.md']);
  });

  it('a file named on the command line is read all the same', async () => {
    const root = tree(files);
    const { stdout } = await runCli(['--exclude', '*.log', path.join(root, 'docs/x.log')]);
    expect(read(stdout, root)).toEqual(['docs/x.log']);
  });

  it.each(['', ' ', '# note', 'a\nb'])('%j is a usage error', async (pattern) => {
    const { code, stderr } = await runCli(['--exclude', pattern, '.']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `urlsift: --exclude takes one .gitignore pattern (not empty, no line break, not a # comment); got ${JSON.stringify(pattern)} (urlsift --help lists the options)\n`,
    );
  });
});
