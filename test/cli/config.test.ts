/**
 * The config file: found from the working directory up to the repository
 * root, or named; every flag has a key; mistakes name the file, the key and
 * why; the command line wins; lists add up.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfigFile } from '../../src/cli/config-file.js';
import { parseCliOptions } from '../../src/cli/cli-options.js';
import { runCli } from './cli-helpers.js';
import { tempTree } from '../temp-folders.js';

const hint = '(urlsift --help lists the options)';


describe('finding the config file', () => {
  it('in the working directory, then above it up to the repository root, not past it', () => {
    const folder = tempTree({
      'urlsift.config.json': '{}',
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/.urlsiftrc.json': '{}',
      'repo/docs/guide/x.md': '',
      'plain/sub/x.md': '',
    });
    expect(findConfigFile(path.join(folder, 'repo/docs/guide'))).toBe(path.join(folder, 'repo/.urlsiftrc.json'));
    expect(findConfigFile(path.join(folder, 'repo'))).toBe(path.join(folder, 'repo/.urlsiftrc.json'));
    // outside a repository: the working directory only
    expect(findConfigFile(path.join(folder, 'plain/sub'))).toBeUndefined();
    expect(findConfigFile(folder)).toBe(path.join(folder, 'urlsift.config.json'));
  });

  it('stops at the repository root even when a folder above holds one', () => {
    const folder = tempTree({ 'urlsift.config.json': '{}', 'repo/.git/HEAD': '', 'repo/src/a.txt': '' });
    expect(findConfigFile(path.join(folder, 'repo/src'))).toBeUndefined();
  });

  it('two in one folder is a mistake', () => {
    const folder = tempTree({ 'urlsift.config.json': '{}', '.urlsiftrc.json': '{}' });
    expect(() => findConfigFile(folder)).toThrow(/two config files in one folder; keep one/);
  });
});

describe('keys and values', () => {
  const options = (config: unknown, argv: string[] = []) => {
    const folder = tempTree({ 'urlsift.config.json': JSON.stringify(config) });
    return parseCliOptions(argv, { cwd: folder });
  };

  it('every flag with a key is read', () => {
    const read = options({
      $schema: './node_modules/urlsift/urlsift.schema.json',
      format: 'jsonl',
      unique: true,
      context: 20,
      hosts: true,
      stats: 'json',
      as: 'markdown',
      null: true,
      listInputs: true,
      hidden: true,
      ignore: false,
      exclude: ['node_modules'],
      schemes: ['http', 'https'],
      schemeless: true,
      emails: true,
      hyphen: 'drop',
      strict: true,
      excludeUrl: ['^http://localhost'],
      includeUrl: ['example'],
      markdownCode: true,
      markdownHtml: true,
      htmlScripts: true,
      htmlStyles: true,
      htmlComments: true,
      htmlResolve: true,
      base: 'https://example.org/docs/',
      jobs: 2,
      progress: false,
    });
    expect(read).toMatchObject({
      format: 'jsonl',
      unique: true,
      context: 20,
      hosts: true,
      stats: 'json',
      as: 'markdown',
      nullSeparated: true,
      listInputs: true,
      hidden: true,
      ignore: false,
      exclude: ['node_modules'],
      scan: { schemes: ['http', 'https'], schemeless: true, emails: true, hyphen: 'drop', strict: true },
      excludeUrl: ['^http://localhost'],
      includeUrl: ['example'],
      markdown: { code: true, html: true },
      html: { scripts: true, styles: true, comments: true, resolve: true },
      base: 'https://example.org/docs/',
      jobs: 2,
      progress: false,
    });
  });

  it('paths are read from the file’s folder', () => {
    const folder = tempTree({ 'urlsift.config.json': '{"filesFrom": "lists/all.txt", "root": "site"}' });
    const read = parseCliOptions([], { cwd: folder });
    expect(read.filesFrom).toBe(path.join(folder, 'lists/all.txt'));
    expect(read.root).toBe(path.join(folder, 'site'));
  });

  it('the command line wins; lists add up', () => {
    const read = options({ format: 'csv', excludeUrl: ['a'], unique: true, progress: true }, ['--format', 'jsonl', '--exclude-url', 'b', '--no-progress']);
    expect([read.format, read.excludeUrl, read.unique, read.progress]).toEqual(['jsonl', ['a', 'b'], true, false]);
  });

  it('--no-config reads none; --config reads the one named', () => {
    const folder = tempTree({ 'urlsift.config.json': '{"format": "csv"}', 'other.json': '{"format": "json"}' });
    expect(parseCliOptions(['--no-config'], { cwd: folder }).format).toBe('text');
    expect(parseCliOptions(['--config', path.join(folder, 'other.json')], { cwd: folder }).format).toBe('json');
    expect(parseCliOptions([], { cwd: folder }).configFile).toBe(path.join(folder, 'urlsift.config.json'));
  });

  it('a key of the other command is read past', () => {
    expect(options({ unique: true }, ['check']).unique).toBe(false);
  });
});

describe('mistakes in a config file: one line naming the file and the key, exit 2', () => {
  it.each([
    ['{"fromat": "jsonl"}', 'unknown key "fromat"; did you mean "format"?'],
    ['{"banana": 1}', 'unknown key "banana"'],
    ['{"format": "yaml"}', '"format" must be one of "text", "jsonl", "json", "csv", "html", "markdown"; got "yaml"'],
    ['{"unique": "yes"}', '"unique" must be true or false; got "yes"'],
    ['{"context": -1}', '"context" must be a whole number from 0 to 999999999; got -1'],
    ['{"context": 2.5}', '"context" must be a whole number from 0 to 999999999; got 2.5'],
    ['{"excludeUrl": "a"}', '"excludeUrl" must be an array of strings; got "a"'],
    ['{"schemes": []}', '"schemes" must be an array of strings that are not empty; got []'],
    ['{"stats": "yaml"}', '"stats" must be true, false or "json"; got "yaml"'],
    ['{"format": "jsonl",}', 'not JSON: Expected double-quoted property name at line 1, column 20'],
    ['{\n  "format": "jsonl"\n  "unique": true\n}', 'not JSON: Expected \',\' or \'}\' after property value at line 3, column 3'],
    ['[1, 2]', 'a config file holds one JSON object ({"format": "jsonl", ...}); got an array'],
    ['"jsonl"', 'a config file holds one JSON object ({"format": "jsonl", ...}); got "jsonl"'],
    ['{"excludeUrl": ["(a"]}', null],
  ])('%s', async (text, message) => {
    const folder = tempTree({ 'urlsift.config.json': text, 'a.txt': 'http://a.example/' });
    const file = path.join(folder, 'urlsift.config.json');
    const { code, stdout, stderr } = await runCli([path.join(folder, 'a.txt')], undefined, { cwd: folder });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    if (message === null) expect(stderr).toBe(`urlsift: --exclude-url: the pattern "(a" is not a regular expression urlsift reads (RE2 syntax): missing closing ): \`(a\` ${hint}\n`);
    else expect(stderr).toBe(`urlsift: ${file}: ${message} ${hint}\n`);
  });

  it('a config file that cannot be read', async () => {
    const { code, stderr } = await runCli(['--config', '/nonexistent/urlsift.json', 'x'], 'http://a.example/');
    expect(code).toBe(2);
    expect(stderr).toBe(`urlsift: /nonexistent/urlsift.json: cannot read the config file: no such file ${hint}\n`);
  });

  it('is read by the command: its options apply to the run', async () => {
    const folder = tempTree({ 'urlsift.config.json': '{"format": "jsonl", "schemes": ["ftp"]}', 'a.txt': 'http://a.example/ ftp://b.example/' });
    const { code, stdout } = await runCli([path.join(folder, 'a.txt')], undefined, { cwd: folder });
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').map((line) => JSON.parse(line).url)).toEqual(['ftp://b.example/']);
  });
});
