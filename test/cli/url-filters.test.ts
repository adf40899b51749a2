/**
 * URL filters: --exclude-url, --include-url and .urlsiftignore files,
 * matched in linear time; --stats says what each left out.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoreFilePatterns, UrlFilter } from '../../src/cli/url-filter.js';
import { runCli, tempDir, urlsOf } from './cli-helpers.js';
import { tempTree } from '../temp-folders.js';

const text = [
  'http://localhost:3000/admin',
  'https://example.org/docs/a',
  'https://example.org/blog/b',
  'https://cdn.example.net/x.png',
  'ftp://ftp.example.com/pub/',
].join('\n');

const urls = async (argv: string[], input = text) => urlsOf((await runCli(argv, input)).stdout);

// rule: url-filters
describe('--exclude-url and --include-url', () => {
  it.each([
    [['--exclude-url', '^http://localhost'], ['https://example.org/docs/a', 'https://example.org/blog/b', 'https://cdn.example.net/x.png', 'ftp://ftp.example.com/pub/']],
    [['--exclude-url', 'localhost', '--exclude-url', '\\.png$'], ['https://example.org/docs/a', 'https://example.org/blog/b', 'ftp://ftp.example.com/pub/']],
    [['--include-url', '^https://'], ['https://example.org/docs/a', 'https://example.org/blog/b', 'https://cdn.example.net/x.png']],
    // an include wins over an exclude
    [['--exclude-url', 'example\\.org', '--include-url', 'example\\.org/docs'], ['https://example.org/docs/a']],
    [['--exclude-url', '(?i)EXAMPLE'], ['http://localhost:3000/admin']],
  ])('%j', async (argv, expected) => {
    expect(await urls(argv)).toEqual(expected);
  });

  it('exit 1 when the filters leave nothing', async () => {
    expect((await runCli(['--include-url', 'nothing-matches'], text)).code).toBe(1);
  });

  it('--stats counts what each pattern left out', async () => {
    const { stderr } = await runCli(['--stats', '--exclude-url', 'localhost', '--exclude-url', 'example\\.org'], text);
    expect(stderr).toContain('urlsift: left out by URL filters: 3\n');
    expect(stderr).toContain('urlsift:   1 by --exclude-url "localhost"\n');
    expect(stderr).toContain('urlsift:   2 by --exclude-url "example\\\\.org"\n');
    const json = JSON.parse((await runCli(['--stats=json', '--include-url', 'ftp'], text)).stderr);
    expect(json.leftOutByFilters).toBe(4);
    expect(json.filters).toEqual([{ origin: '--include-url', pattern: 'ftp', kind: 'include', leftOut: 4 }]);
    expect(json.urls).toBe(1);
  });

  it('a hostile pattern from someone else’s file cannot stall a run: matching stays linear', async () => {
    const filter = (await UrlFilter.create({ exclude: [{ pattern: '(a+)+$', origin: 'x' }, { pattern: '(a|aa)*c', origin: 'y' }], include: [] })) as UrlFilter;
    // a backtracking engine takes exponential time on these; an automaton reads each character once
    const url = `http://a.example/${'a'.repeat(5000)}b`;
    expect(filter.keep(url)).toBe(true);
  });
});

// rule: urlsiftignore
describe('.urlsiftignore', () => {
  it('reads one pattern a line, skipping comments and blank lines', () => {
    expect(ignoreFilePatterns('# local servers\n^http://localhost\n\n  \\.png$  \r\n#x\n', '.urlsiftignore')).toEqual([
      { pattern: '^http://localhost', origin: '.urlsiftignore:2' },
      { pattern: '\\.png$', origin: '.urlsiftignore:4' },
    ]);
  });

  it('at the top of a walk applies to that walk; in the working directory, to the whole run', async () => {
    const folder = tempTree({
      'docs/.urlsiftignore': '# skip the CDN\ncdn\\.example\\.net\n',
      'docs/a.txt': 'https://cdn.example.net/x.png https://example.org/docs/a',
      'other/b.txt': 'https://cdn.example.net/y.png http://localhost:3000/',
      '.urlsiftignore': 'localhost\n',
    });
    const walked = await runCli(['--stats', path.join(folder, 'docs'), path.join(folder, 'other')], undefined, { cwd: folder });
    expect(urlsOf(walked.stdout)).toEqual(['https://example.org/docs/a', 'https://cdn.example.net/y.png']);
    expect(walked.stderr).toContain(`urlsift:   1 by ${path.join(folder, 'docs/.urlsiftignore')}:2 "cdn\\\\.example\\\\.net"\n`);
    expect(walked.stderr).toContain('urlsift:   1 by .urlsiftignore:1 "localhost"\n');
  });

  it('a pattern that does not compile: its file is named, the rest of the run goes on, exit 2', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, '.urlsiftignore'), 'ok\n(broken\n');
    writeFileSync(path.join(folder, 'a.txt'), 'https://example.org/');
    const other = tempDir();
    const { code, stdout, stderr } = await runCli([folder], undefined, { cwd: other });
    expect(code).toBe(2);
    expect(urlsOf(stdout)).toEqual(['https://example.org/']);
    expect(stderr).toContain(`${path.join(folder, '.urlsiftignore')}:2: the pattern "(broken" is not a regular expression`);
  });
});
