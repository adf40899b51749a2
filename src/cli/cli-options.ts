/**
 * The options of a run: the command line (`parse-argv.ts`) over the config
 * file (`config-file.ts`) over the defaults. A flag on the command line wins
 * over the file's key; a list (`--exclude`, `--exclude-url`,
 * `--include-url`) adds to the file's. `--jobs` defaults to what the work
 * pays for (`defaultJobs`) and is clamped to the cores when the run starts.
 */
import type { ScanOptions } from '../scanner/scan-options.js';
import { findConfigFile, readConfigFile } from './config-file.js';
import { inputKinds, outputFormats, type Command, type InputKind, type OutputFormat } from './flags.js';
import { parseArgv, type FlagSetting } from './parse-argv.js';
import { UsageError } from './usage-error.js';

export { inputKinds, outputFormats, UsageError };
export type { InputKind, OutputFormat };

/** What HTML inputs read besides attributes and text (`--html-*`). */
export interface HtmlFlags {
  scripts: boolean;
  styles: boolean;
  comments: boolean;
  resolve: boolean;
}

/** `urlsift check`'s own options (`--timeout`, `--per-host`…), times in milliseconds. */
export interface CheckFlags {
  timeout: number | undefined;
  maxConcurrency: number | undefined;
  perHost: number | undefined;
  retries: number | undefined;
  maxRedirects: number | undefined;
  fragments: boolean;
  excludePrivate: boolean;
  cache: boolean;
  cacheMaxAge: number | undefined;
  userAgent: string | undefined;
  onlyBroken: boolean;
}

export interface CliOptions {
  command: Command;
  paths: string[];
  format: OutputFormat;
  as: InputKind;
  scan: ScanOptions;
  /** Markdown: also URLs in code, and `href`/`src` of HTML (the plugin's `code` and `html`). */
  markdown: { code: boolean; html: boolean };
  html: HtmlFlags;
  unique: boolean;
  /** `--href`: text prints a record's `href` (when it has one) instead of its URL, CSV adds an `href` column, `--unique` groups by it. */
  href: boolean;
  context: number;
  hosts: boolean;
  jobs: number | undefined;
  progress: boolean | undefined;
  /** `--stats`: a summary on stderr, as lines or (`'json'`) one JSON object. */
  stats: false | 'text' | 'json';
  hidden: boolean;
  /** `--no-ignore`: walks read what `.gitignore` and `.ignore` files leave out. */
  ignore: boolean;
  /** `--exclude`: `.gitignore` lines applied at the top of every walk. */
  exclude: string[];
  /** `--exclude-url`, `--include-url`: regular expressions over URLs. */
  excludeUrl: string[];
  includeUrl: string[];
  /** `--files-from`: a list of paths (`-`: standard input), one a line or (`--null`) NUL-separated. */
  filesFrom: string | undefined;
  nullSeparated: boolean;
  listInputs: boolean;
  /** `--base`, `--root`: relative links of Markdown and HTML resolved. */
  base: string | undefined;
  root: string | undefined;
  /** `urlsift check`'s own options. */
  check: CheckFlags;
  /** The config file read, if any. */
  configFile: string | undefined;
  help: boolean;
  version: boolean;
}

/** `--exclude` values: one `.gitignore` line each, never several (a line break would make it two). */
function excludes(patterns: readonly string[]): string[] {
  for (const pattern of patterns) {
    if (pattern.trim() === '' || pattern.includes('\n') || pattern.includes('\r') || pattern.startsWith('#')) {
      throw new UsageError(`--exclude takes one .gitignore pattern (not empty, no line break, not a # comment); got ${JSON.stringify(pattern)}`);
    }
  }
  return [...patterns];
}

function schemesOf(list: readonly string[]): string[] {
  const schemes = list.map((scheme) => scheme.toLowerCase());
  const bad = schemes.find((scheme) => !/^[a-z][a-z0-9+.-]*$/.test(scheme));
  if (bad !== undefined) throw new UsageError(`--schemes takes scheme names (a letter, then letters, digits, +, - or .); got ${JSON.stringify(bad)}`);
  return schemes;
}

/** `--base`: an absolute URL (a scheme and, for http(s), a host). */
function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base takes an absolute URL (https://example.org/docs/); got ${JSON.stringify(value)}`);
  }
  if (!/^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) || ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === '')) {
    throw new UsageError(`--base takes an absolute URL (https://example.org/docs/); got ${JSON.stringify(value)}`);
  }
  return url.href;
}

export interface ParseOptions {
  /** Where config files are looked for (default: the process's working directory). */
  cwd?: string;
}

/** Parse `argv` (without node and script) over the config file that applies. Throws `UsageError`. */
export function parseCliOptions(argv: readonly string[], parseOptions: ParseOptions = {}): CliOptions {
  const { command, values: given, positionals } = parseArgv(argv);
  let configFile: string | undefined;
  let values = given;
  const wantsConfig = given.get('no-config') !== true && given.get('help') !== true && given.get('version') !== true;
  if (wantsConfig) {
    configFile = (given.get('config') as string | undefined) ?? findConfigFile(parseOptions.cwd ?? process.cwd());
    if (configFile !== undefined) {
      const config = readConfigFile(configFile, command);
      values = new Map<string, FlagSetting>(config.values);
      for (const [name, setting] of given) {
        const before = values.get(name);
        values.set(name, Array.isArray(setting) && Array.isArray(before) ? [...before, ...setting] : setting);
      }
    }
  } else if (given.get('config') !== undefined && given.get('no-config') === true) {
    throw new UsageError('--config and --no-config: give one');
  }
  const flag = (name: string) => values.get(name) === true;
  const text = (name: string) => values.get(name) as string | undefined;
  const list = (name: string) => (values.get(name) as string[] | undefined) ?? [];
  const scan: ScanOptions = {};
  if (values.has('schemes')) scan.schemes = schemesOf(list('schemes'));
  if (flag('schemeless')) scan.schemeless = true;
  if (flag('emails')) scan.emails = true;
  if (flag('strict')) scan.strict = true;
  scan.hyphen = (text('hyphen') as 'keep' | 'drop' | undefined) ?? 'keep';
  const stats = values.get('stats');
  const base = text('base');
  const format = (text('format') as OutputFormat | undefined) ?? 'text';
  if (flag('hosts') && (format === 'html' || format === 'markdown')) {
    throw new UsageError(`--hosts writes a table of its own (text, jsonl, json or csv); --format ${format} is a report, which has the hosts`);
  }
  const count = (name: string) => values.get(name) as number | undefined;
  const milliseconds = (name: string) => {
    const seconds = values.get(name) as number | undefined;
    return seconds === undefined ? undefined : seconds * 1000;
  };
  return {
    command,
    paths: positionals,
    format,
    as: (text('as') as InputKind | undefined) ?? 'auto',
    scan,
    markdown: { code: flag('markdown-code'), html: flag('markdown-html') },
    html: { scripts: flag('html-scripts'), styles: flag('html-styles'), comments: flag('html-comments'), resolve: flag('html-resolve') },
    unique: flag('unique'),
    href: flag('href'),
    context: (values.get('context') as number | undefined) ?? 0,
    hosts: flag('hosts'),
    jobs: values.get('jobs') as number | undefined,
    progress: values.get('progress') as boolean | undefined,
    stats: stats === 'json' ? 'json' : stats === true ? 'text' : false,
    hidden: flag('hidden'),
    ignore: values.get('ignore') !== false,
    exclude: excludes(list('exclude')),
    excludeUrl: list('exclude-url'),
    includeUrl: list('include-url'),
    filesFrom: text('files-from'),
    nullSeparated: flag('null'),
    listInputs: flag('list-inputs'),
    base: base === undefined ? undefined : baseUrl(base),
    root: text('root'),
    check: {
      timeout: milliseconds('timeout'),
      maxConcurrency: count('max-concurrency'),
      perHost: count('per-host'),
      retries: count('retries'),
      maxRedirects: count('max-redirects'),
      fragments: values.get('fragments') !== false,
      excludePrivate: flag('exclude-private'),
      cache: flag('cache'),
      cacheMaxAge: milliseconds('cache-max-age'),
      userAgent: text('user-agent'),
      onlyBroken: flag('only-broken'),
    },
    configFile,
    help: flag('help'),
    version: flag('version'),
  };
}
