/**
 * The options, defined once: the parser, `--help`, the README's option
 * block, the config file's keys and the shipped JSON Schema all come from
 * the flag table; mistakes are one line each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flags, flagsOf } from '../../src/cli/flags.js';
import { helpText, helpWidth, optionsText } from '../../src/cli/help-text.js';
import { nearestOption, parseArgv } from '../../src/cli/parse-argv.js';
import { configSchemaText } from '../../src/cli/config-schema.js';
import { root, runCli } from './cli-helpers.js';

const hint = '(urlsift --help lists the options)';

describe('--help', () => {
  const help = helpText('scan');

  it('fits 80 columns', () => {
    const long = help.split('\n').filter((line) => line.length > helpWidth);
    expect(long).toEqual([]);
  });

  it('groups the options and ends with examples and the exit status', () => {
    const headings = help.split('\n').filter((line) => /^[A-Z][A-Za-z ]+:$/.test(line));
    expect(headings).toEqual(['Output:', 'Inputs:', 'Which URLs:', 'Markdown and HTML:', 'The run:', 'Examples:']);
    expect(help.trimEnd().split('\n').at(-1)).toMatch(/^Exit status: /);
  });

  it('names every option of the table once', () => {
    for (const flag of flagsOf('scan')) {
      const spelled = flag.shown ?? `--${flag.negatable === true ? '[no-]' : ''}${flag.name}`;
      expect(help.split(spelled).length - 1, spelled).toBeGreaterThanOrEqual(1);
    }
  });

  it('is what the command prints', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toBe(help);
  });

  it("is the README's option block", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const marker = '<!-- options: the output of urlsift --help; test/cli/options.test.ts holds them equal -->';
    const start = readme.indexOf(marker);
    expect(start).toBeGreaterThan(-1);
    const block = /```\n([\s\S]*?)\n```/.exec(readme.slice(start));
    expect(block?.[1], 'the README is out of date: `npm run build && npm run generate` writes it').toBe(optionsText('scan'));
  });
});

describe('the parser', () => {
  it.each([
    [['--format', 'jsonl', 'a.txt'], { format: 'jsonl' }, ['a.txt']],
    [['--format=csv'], { format: 'csv' }, []],
    [['--context', '5', '--jobs=2'], { context: 5, jobs: 2 }, []],
    [['--schemes', 'HTTP, ftp'], { schemes: ['HTTP', 'ftp'] }, []],
    [['--exclude-url', 'a', '--exclude-url=b'], { 'exclude-url': ['a', 'b'] }, []],
    [['--no-progress', '--progress'], { progress: true }, []],
    [['--no-ignore'], { ignore: false }, []],
    [['--stats'], { stats: true }, []],
    [['--stats=json', 'x'], { stats: 'json' }, ['x']],
    [['-h'], { help: true }, []],
    [['-0', '--files-from', '-'], { null: true, 'files-from': '-' }, []],
    [['-', '--', '--format'], {}, ['-', '--format']],
  ])('%j', (argv, values, positionals) => {
    const parsed = parseArgv(argv);
    expect(Object.fromEntries(parsed.values)).toEqual(values);
    expect(parsed.positionals).toEqual(positionals);
  });

  it('reads check as a sub-command only as the first word', () => {
    expect(parseArgv(['check', 'docs']).command).toBe('check');
    expect(parseArgv(['docs', 'check']).command).toBe('scan');
    expect(parseArgv(['./check']).positionals).toEqual(['./check']);
  });

  it.each([
    ['--frmat', '--format'],
    ['--foramt', '--format'],
    ['--exclude-urls', '--exclude-url'],
    ['--schemless', '--schemeless'],
    ['--no-progres', '--no-progress'],
    ['--hidde', '--hidden'],
    ['--stat', '--stats'],
  ])('%s is taken for %s', (given, meant) => {
    expect(nearestOption(given, 'scan')).toBe(meant);
  });

  it.each(['--xyzzy', '--banana'])('%s is near no option', (given) => {
    expect(nearestOption(given, 'scan')).toBeUndefined();
  });
});

describe('usage mistakes: one line each, exit 2', () => {
  it.each([
    [['--frmat', 'jsonl'], `unknown option "--frmat"; did you mean --format? ${hint}`],
    [['--xyzzy'], `unknown option "--xyzzy" ${hint}`],
    [['--format'], `--format needs a value (FORMAT) ${hint}`],
    [['--unique=yes'], `--unique takes no value; got "yes" ${hint}`],
    [['--stats=yaml'], `--stats takes "json"; got "yaml" ${hint}`],
    [['--hyphen', 'maybe'], `--hyphen takes one of keep, drop; got "maybe" ${hint}`],
    [['--schemes', ',,'], `--schemes takes a comma-separated list; got ",," ${hint}`],
    [['--schemes', '1http'], `--schemes takes scheme names (a letter, then letters, digits, +, - or .); got "1http" ${hint}`],
    [['--base', 'docs/'], `--base takes an absolute URL (https://example.org/docs/); got "docs/" ${hint}`],
    [['--base', 'http://'], `--base takes an absolute URL (https://example.org/docs/); got "http://" ${hint}`],
    [['--exclude-url', 'a(?=b)'], `--exclude-url: the pattern "a(?=b)" is not a regular expression urlsift reads (RE2 syntax): invalid or unsupported Perl syntax: \`(?=\` ${hint}`],
    [['--include-url', '(a'], `--include-url: the pattern "(a" is not a regular expression urlsift reads (RE2 syntax): missing closing ): \`(a\` ${hint}`],
    [['--files-from', '-', '-'], `--files-from - reads the list from standard input: it cannot be an input too ${hint}`],
    [['--config', 'a.json', '--no-config'], `--config and --no-config: give one ${hint}`],
  ])('%j', async (argv, message) => {
    const { code, stdout, stderr } = await runCli(argv, 'http://a.example/');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`urlsift: ${message}\n`);
  });
});

describe('the config file schema', () => {
  it('is the file the package ships', () => {
    expect(readFileSync(path.join(root, 'urlsift.schema.json'), 'utf8'), 'out of date: `npm run build && npm run generate` writes it').toBe(configSchemaText());
  });

  it('has a key for every flag but --config, --no-config, --help and --version', () => {
    const schema = JSON.parse(configSchemaText()) as { properties: Record<string, unknown> };
    const keyless = flags.filter((flag) => flag.key === undefined).map((flag) => flag.name);
    expect(keyless.sort()).toEqual(['config', 'help', 'no-config', 'version']);
    expect(Object.keys(schema.properties).sort()).toEqual(['$schema', ...flags.flatMap((flag) => (flag.key === undefined ? [] : [flag.key]))].sort());
  });
});
