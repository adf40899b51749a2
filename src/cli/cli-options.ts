/**
 * The command line, parsed: paths, globs and `-` as positionals; every
 * option with a value checked here (a wrong one is a usage error, exit 2);
 * `--jobs` defaults to what the work pays for (`defaultJobs`) and is clamped to the cores when the run starts.
 */
import { parseArgs } from 'node:util';
import type { ScanOptions } from '../scanner/scan-options.js';

export const outputFormats = ['text', 'jsonl', 'json', 'csv'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export const inputKinds = ['auto', 'text', 'mail', 'markdown', 'html'] as const;
export type InputKind = (typeof inputKinds)[number];

/** What HTML inputs read besides attributes and text (`--html-*`). */
export interface HtmlFlags {
  scripts: boolean;
  styles: boolean;
  comments: boolean;
  resolve: boolean;
}

export interface CliOptions {
  paths: string[];
  format: OutputFormat;
  as: InputKind;
  scan: ScanOptions;
  /** Markdown: also URLs in code, and `href`/`src` of HTML (the plugin's `code` and `html`). */
  markdown: { code: boolean; html: boolean };
  html: HtmlFlags;
  unique: boolean;
  context: number;
  jobs: number | undefined;
  progress: boolean | undefined;
  stats: boolean;
  hidden: boolean;
  /** `--exclude`: `.gitignore` lines applied at the top of every walk. */
  exclude: string[];
  help: boolean;
  version: boolean;
}

/** A usage error: exit code 2 with the message. */
export class UsageError extends Error {}

export const usage = `Usage: urlsift [options] [path|glob ...]

Find URLs in text, mail, Markdown and HTML, the RFC 1738 way: <URL:...> wrappers,
URLs broken across lines rejoined, the hyphen rule. With no path and piped
input, or with "-", reads standard input. gzip files (.gz) are read as what they
hold.

Options:
  --format text|jsonl|json|csv  output (default: text: FILE:LINE:COL<TAB>URL)
  --as auto|text|mail|markdown|html  how to read inputs (default: auto, by name and content)
  --schemes LIST                only these schemes (comma-separated)
  --schemeless                  also find www.example.com (as http://)
  --emails                      also find bare user@example.com (as mailto:)
  --hyphen keep|drop            the hyphen rule: which reading is the URL (default: keep)
  --strict                      only URLs valid by RFC 1738
  --markdown-code               Markdown: also URLs in code blocks and code spans
  --markdown-html               Markdown: also href/src values of HTML in the document
  --html-scripts, --html-styles, --html-comments
                                HTML: also scan <script>, <style>, comments
  --html-resolve                HTML: report relative links, resolved against
                                <base href> and the file's URL
  --unique                      one row per distinct URL, with a count
  --context N                   N characters of context around each URL
  --jobs N                      worker threads (most: the cores; default: by the work)
  --progress, --no-progress     a live progress line (default: when stderr is a terminal)
  --stats                       a summary on stderr
  --hidden                      also walk hidden files and folders
  --exclude PATTERN             leave out what PATTERN matches in walks, as a line of
                                a .gitignore at the top of each walk would (repeatable)
  -h, --help                    this text
  -V, --version                 the version

Exit status: 0 URLs found, 1 none found, 2 usage error or a file could not be read.`;

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`);
  }
  return value as T;
}

function count(value: string | undefined, name: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < minimum) {
    throw new UsageError(`--${name} must be a whole number of at least ${minimum}; got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** Options whose value is a number. */
const numberOptions = new Set(['--context', '--jobs']);

/**
 * `--context -3` as `--context=-3`: the parser would take `-3` for an option
 * and say so in its own words; joined, the value reaches our range check and
 * its message.
 */
function joinNegativeNumbers(argv: readonly string[]): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg === '--') {
      for (const arg of argv.slice(i)) args.push(arg);
      break;
    }
    if (numberOptions.has(arg) && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else {
      args.push(arg);
    }
  }
  return args;
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

/** Parse `argv` (without node and script). Throws `UsageError`. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeNumbers(argv),
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        as: { type: 'string' },
        schemes: { type: 'string' },
        schemeless: { type: 'boolean' },
        emails: { type: 'boolean' },
        hyphen: { type: 'string' },
        strict: { type: 'boolean' },
        'markdown-code': { type: 'boolean' },
        'markdown-html': { type: 'boolean' },
        unique: { type: 'boolean' },
        context: { type: 'string' },
        jobs: { type: 'string' },
        progress: { type: 'boolean' },
        'no-progress': { type: 'boolean' },
        stats: { type: 'boolean' },
        'html-scripts': { type: 'boolean' },
        'html-styles': { type: 'boolean' },
        'html-comments': { type: 'boolean' },
        'html-resolve': { type: 'boolean' },
        hidden: { type: 'boolean' },
        exclude: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'V' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const scan: ScanOptions = {};
  if (values.schemes !== undefined) {
    const schemes = values.schemes.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
    if (schemes.length === 0 || schemes.some((s) => !/^[a-z][a-z0-9+.-]*$/.test(s))) {
      throw new UsageError(`--schemes must be a comma-separated list of scheme names; got ${JSON.stringify(values.schemes)}`);
    }
    scan.schemes = schemes;
  }
  if (values.schemeless) scan.schemeless = true;
  if (values.emails) scan.emails = true;
  if (values.strict) scan.strict = true;
  scan.hyphen = oneOf(values.hyphen, ['keep', 'drop'] as const, 'hyphen', 'keep');
  let progress: boolean | undefined;
  if (values.progress) progress = true;
  if (values['no-progress']) progress = false;
  return {
    paths: positionals,
    format: oneOf(values.format, outputFormats, 'format', 'text'),
    as: oneOf(values.as, inputKinds, 'as', 'auto'),
    scan,
    markdown: { code: values['markdown-code'] === true, html: values['markdown-html'] === true },
    html: {
      scripts: values['html-scripts'] === true,
      styles: values['html-styles'] === true,
      comments: values['html-comments'] === true,
      resolve: values['html-resolve'] === true,
    },
    unique: values.unique === true,
    context: count(values.context, 'context', 0) ?? 0,
    jobs: count(values.jobs, 'jobs', 1),
    progress,
    stats: values.stats === true,
    hidden: values.hidden === true,
    exclude: excludes(values.exclude ?? []),
    help: values.help === true,
    version: values.version === true,
  };
}
