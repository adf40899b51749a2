/**
 * Every option of the command, defined once: this table feeds the argument
 * parser (`parse-argv.ts`), `--help` (`help-text.ts`), the config file's
 * keys and checks (`config-file.ts`), the JSON Schema shipped for it
 * (`config-schema.ts`) and, through `--help`, the README's option block (a
 * test holds them equal).
 */

/** The sub-commands: the main one (find URLs) and `check` (check the URLs found). */
export const commands = ['scan', 'check'] as const;
export type Command = (typeof commands)[number];

/** Groups of `--help`, in the order shown. */
export const flagGroups = ['Output', 'Inputs', 'Which URLs', 'Markdown and HTML', 'Checking links', 'The run'] as const;
export type FlagGroup = (typeof flagGroups)[number];

/** What a flag's value is: how it is read from the command line and from the config file. */
export type FlagValue =
  /** `--name`, and `--no-name` when negatable; config: `true`/`false`. */
  | { type: 'boolean' }
  /** `--name VALUE`, one of `choices`; config: a string. */
  | { type: 'choice'; choices: readonly string[] }
  /** `--name N`, a whole number from `min` to `max`; config: a number. */
  | { type: 'count'; min: number; max: number }
  /** `--name VALUE`; config: a string. */
  | { type: 'string' }
  /** `--name VALUE`, repeatable; config: an array of strings. */
  | { type: 'list' }
  /** `--name A,B,C`; config: an array of strings (or one comma-separated string). */
  | { type: 'csv' }
  /** `--name` alone, or `--name=VALUE` with VALUE one of `choices` (never a separate word: it would take a path); config: `true`, `false` or a choice. */
  | { type: 'flag-or-choice'; choices: readonly string[] }
  /**
   * `--name TIME`: seconds (`10`, `0.5`) or a number with a unit (`500ms`, `30s`, `5m`, `12h`, `1d`),
   * read as seconds, more than `min` and at most `max`; config: a number of seconds or such a string.
   */
  | { type: 'duration'; min: number; max: number };

export interface Flag {
  /** The long name, without `--`. */
  name: string;
  short?: string;
  value: FlagValue;
  /** `--no-NAME` turns it off (booleans only). */
  negatable?: boolean;
  /** The value's placeholder in `--help` (`FORMAT`, `N`). */
  placeholder?: string;
  /** How `--help` shows it, when not `--name PLACEHOLDER` (`--no-ignore`). */
  shown?: string;
  /** The value is a path: in a config file, read from the file's folder. */
  path?: boolean;
  /** One or two short sentences for `--help`; wrapped to fit 80 columns. */
  help: string;
  group: FlagGroup;
  /** The config file's key (camelCase); absent for flags that make no sense there (`--help`, `--config`). */
  key?: string;
  /** The commands that take it. */
  commands: readonly Command[];
}

const both: readonly Command[] = ['scan', 'check'];
const scanOnly: readonly Command[] = ['scan'];
const checkOnly: readonly Command[] = ['check'];

/** The output formats. */
export const outputFormats = ['text', 'jsonl', 'json', 'csv', 'html', 'markdown'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** How inputs are read (`--as`). */
export const inputKinds = ['auto', 'text', 'mail', 'markdown', 'html'] as const;
export type InputKind = (typeof inputKinds)[number];

/** The most characters of context (`--context`): nine digits. */
export const maxContext = 999_999_999;

export const flags: readonly Flag[] = [
  // Output
  {
    name: 'format',
    value: { type: 'choice', choices: outputFormats },
    placeholder: 'FORMAT',
    help: `${outputFormats.join(', ')} (default: text, FILE:LINE:COL<TAB>URL); html: a link report page with charts; markdown: a report for a pull-request comment`,
    group: 'Output',
    key: 'format',
    commands: both,
  },
  { name: 'unique', value: { type: 'boolean' }, help: 'one row per distinct URL, with a count', group: 'Output', key: 'unique', commands: scanOnly },
  {
    name: 'href',
    value: { type: 'boolean' },
    help: 'text: print href, the URI a browser requests (IRIs with hosts by IDNA, characters percent-encoded), instead of the URL as written; csv: an href column; with --unique, one row per distinct href',
    group: 'Output',
    key: 'href',
    commands: scanOnly,
  },
  {
    name: 'context',
    value: { type: 'count', min: 0, max: maxContext },
    placeholder: 'N',
    help: 'N characters of context around each URL',
    group: 'Output',
    key: 'context',
    commands: scanOnly,
  },
  {
    name: 'hosts',
    value: { type: 'boolean' },
    help: 'hosts with their URL counts instead of URLs (text: a table; jsonl: a row a host)',
    group: 'Output',
    key: 'hosts',
    commands: scanOnly,
  },
  {
    name: 'stats',
    value: { type: 'flag-or-choice', choices: ['json'] },
    help: 'a summary of the run on stderr; --stats=json: as one JSON object',
    group: 'Output',
    key: 'stats',
    commands: both,
  },
  // Inputs
  {
    name: 'as',
    value: { type: 'choice', choices: inputKinds },
    placeholder: 'KIND',
    help: `read inputs as ${inputKinds.slice(1).join(', ')} (default: auto, by name, then content)`,
    group: 'Inputs',
    key: 'as',
    commands: both,
  },
  {
    name: 'files-from',
    value: { type: 'string' },
    placeholder: 'FILE',
    path: true,
    help: 'read the paths to scan from FILE, one a line ("-": standard input)',
    group: 'Inputs',
    key: 'filesFrom',
    commands: both,
  },
  { name: 'null', short: '0', value: { type: 'boolean' }, help: 'paths in --files-from end with NUL, not a line break', group: 'Inputs', key: 'null', commands: both },
  {
    name: 'list-inputs',
    value: { type: 'boolean' },
    help: 'list what would be read, and how, and what is left out and why; scan nothing',
    group: 'Inputs',
    key: 'listInputs',
    commands: both,
  },
  { name: 'hidden', value: { type: 'boolean' }, help: 'also walk hidden files and folders', group: 'Inputs', key: 'hidden', commands: both },
  {
    name: 'ignore',
    value: { type: 'boolean' },
    negatable: true,
    shown: '--no-ignore',
    help: 'also walk what .gitignore and .ignore files leave out',
    group: 'Inputs',
    key: 'ignore',
    commands: both,
  },
  {
    name: 'exclude',
    value: { type: 'list' },
    placeholder: 'PATTERN',
    help: 'leave out of walks what PATTERN matches, as a .gitignore line would (repeatable)',
    group: 'Inputs',
    key: 'exclude',
    commands: both,
  },
  // Which URLs
  { name: 'schemes', value: { type: 'csv' }, placeholder: 'LIST', help: 'only these schemes (comma-separated)', group: 'Which URLs', key: 'schemes', commands: both },
  { name: 'schemeless', value: { type: 'boolean' }, help: 'also find www.example.com (as http://)', group: 'Which URLs', key: 'schemeless', commands: both },
  { name: 'emails', value: { type: 'boolean' }, help: 'also find bare user@example.com (as mailto:)', group: 'Which URLs', key: 'emails', commands: both },
  {
    name: 'hyphen',
    value: { type: 'choice', choices: ['keep', 'drop'] },
    placeholder: 'keep|drop',
    help: 'a hyphen at a line break: which reading is the URL (default: keep)',
    group: 'Which URLs',
    key: 'hyphen',
    commands: both,
  },
  { name: 'strict', value: { type: 'boolean' }, help: 'only URLs valid by RFC 1738', group: 'Which URLs', key: 'strict', commands: both },
  {
    name: 'exclude-url',
    value: { type: 'list' },
    placeholder: 'REGEX',
    help: 'leave out URLs that REGEX matches (repeatable; also .urlsiftignore files)',
    group: 'Which URLs',
    key: 'excludeUrl',
    commands: both,
  },
  {
    name: 'include-url',
    value: { type: 'list' },
    placeholder: 'REGEX',
    help: 'keep only URLs that some REGEX matches; wins over exclusions (repeatable)',
    group: 'Which URLs',
    key: 'includeUrl',
    commands: both,
  },
  // Markdown and HTML
  { name: 'markdown-code', value: { type: 'boolean' }, help: 'Markdown: also URLs in code blocks and code spans', group: 'Markdown and HTML', key: 'markdownCode', commands: both },
  {
    name: 'markdown-html',
    value: { type: 'boolean' },
    help: 'Markdown: also href/src values of HTML in the document',
    group: 'Markdown and HTML',
    key: 'markdownHtml',
    commands: both,
  },
  { name: 'html-scripts', value: { type: 'boolean' }, help: 'HTML: also scan <script> elements', group: 'Markdown and HTML', key: 'htmlScripts', commands: both },
  { name: 'html-styles', value: { type: 'boolean' }, help: 'HTML: also scan <style> elements', group: 'Markdown and HTML', key: 'htmlStyles', commands: both },
  { name: 'html-comments', value: { type: 'boolean' }, help: 'HTML: also scan comments', group: 'Markdown and HTML', key: 'htmlComments', commands: both },
  {
    name: 'html-resolve',
    value: { type: 'boolean' },
    help: "HTML: report relative links, resolved against <base href> and the file's URL",
    group: 'Markdown and HTML',
    key: 'htmlResolve',
    commands: both,
  },
  {
    name: 'base',
    value: { type: 'string' },
    placeholder: 'URL',
    help: 'report relative links of Markdown and HTML, resolved against URL (the root folder\'s address)',
    group: 'Markdown and HTML',
    key: 'base',
    commands: both,
  },
  {
    name: 'root',
    value: { type: 'string' },
    placeholder: 'DIR',
    path: true,
    help: 'the folder that links starting with / are read against (default with --base: the current one)',
    group: 'Markdown and HTML',
    key: 'root',
    commands: both,
  },
  // Checking links
  {
    name: 'timeout',
    value: { type: 'duration', min: 0, max: 3600 },
    placeholder: 'SECONDS',
    help: 'time one request may take (default: 10; 0.5, 500ms and 1m also do)',
    group: 'Checking links',
    key: 'timeout',
    commands: checkOnly,
  },
  {
    name: 'max-concurrency',
    value: { type: 'count', min: 1, max: 1000 },
    placeholder: 'N',
    help: 'requests in flight at once, over all hosts (default: 64)',
    group: 'Checking links',
    key: 'maxConcurrency',
    commands: checkOnly,
  },
  {
    name: 'per-host',
    value: { type: 'count', min: 1, max: 1000 },
    placeholder: 'N',
    help: 'requests in flight at once to one host (default: 16)',
    group: 'Checking links',
    key: 'perHost',
    commands: checkOnly,
  },
  {
    name: 'retries',
    value: { type: 'count', min: 0, max: 10 },
    placeholder: 'N',
    help: 'retries after a 5xx, a timeout or a lost connection, waiting longer each time (default: 2)',
    group: 'Checking links',
    key: 'retries',
    commands: checkOnly,
  },
  {
    name: 'max-redirects',
    value: { type: 'count', min: 0, max: 100 },
    placeholder: 'N',
    help: 'redirects followed in a row (default: 10)',
    group: 'Checking links',
    key: 'maxRedirects',
    commands: checkOnly,
  },
  {
    name: 'fragments',
    value: { type: 'boolean' },
    negatable: true,
    help: 'check #fragments against the ids of HTML and the heading slugs of Markdown (default: on)',
    group: 'Checking links',
    key: 'fragments',
    commands: checkOnly,
  },
  {
    name: 'exclude-private',
    value: { type: 'boolean' },
    help: 'mark URLs of private and loopback addresses (and localhost) excluded, unchecked',
    group: 'Checking links',
    key: 'excludePrivate',
    commands: checkOnly,
  },
  {
    name: 'cache',
    value: { type: 'boolean' },
    help: 'keep ok results in .urlsiftcache (working folder) and take them from it next time',
    group: 'Checking links',
    key: 'cache',
    commands: checkOnly,
  },
  {
    name: 'cache-max-age',
    value: { type: 'duration', min: 0, max: 365 * 24 * 3600 },
    placeholder: 'AGE',
    help: 'how long a cached result is good (default: 1d; 12h, 30m, seconds)',
    group: 'Checking links',
    key: 'cacheMaxAge',
    commands: checkOnly,
  },
  {
    name: 'user-agent',
    value: { type: 'string' },
    placeholder: 'TEXT',
    help: 'the User-Agent header (default: urlsift/VERSION (link check))',
    group: 'Checking links',
    key: 'userAgent',
    commands: checkOnly,
  },
  {
    name: 'only-broken',
    value: { type: 'boolean' },
    help: 'list only broken URLs (--stats still counts them all)',
    group: 'Checking links',
    key: 'onlyBroken',
    commands: checkOnly,
  },
  // The run
  {
    name: 'jobs',
    value: { type: 'count', min: 1, max: 999_999_999 },
    placeholder: 'N',
    help: 'worker threads (at most the cores; default: as the work needs)',
    group: 'The run',
    key: 'jobs',
    commands: both,
  },
  {
    name: 'progress',
    value: { type: 'boolean' },
    negatable: true,
    help: 'a live progress line on stderr (default: when stderr is a terminal and stdout is not)',
    group: 'The run',
    key: 'progress',
    commands: both,
  },
  {
    name: 'config',
    value: { type: 'string' },
    placeholder: 'FILE',
    help: 'read options from FILE (default: urlsift.config.json or .urlsiftrc.json, here or above, up to the repository root)',
    group: 'The run',
    commands: both,
  },
  { name: 'no-config', value: { type: 'boolean' }, help: 'read no config file', group: 'The run', commands: both },
  { name: 'help', short: 'h', value: { type: 'boolean' }, help: 'this text', group: 'The run', commands: both },
  { name: 'version', short: 'V', value: { type: 'boolean' }, help: 'the version', group: 'The run', commands: both },
];

/** The flag called `name` (without `--`), if any. */
export function flagNamed(name: string): Flag | undefined {
  return flags.find((flag) => flag.name === name);
}

/** The flags `command` takes. */
export function flagsOf(command: Command): Flag[] {
  return flags.filter((flag) => flag.commands.includes(command));
}
