/**
 * `--help`, made from the flag table: the options in groups, each line
 * within 80 columns, then examples and the exit status.
 */
import { flagGroups, flagsOf, type Command, type Flag } from './flags.js';

/** Columns `--help` fits in. */
export const helpWidth = 80;
/** Where an option's text starts. */
const textColumn = 28;

const intro: Record<Command, string> = {
  scan: [
    'Usage: urlsift [options] [path|glob ...]',
    '       urlsift check [options] [path|glob ...]   (urlsift check --help)',
    '',
    'Finds URLs in text, mail, Markdown and HTML files the way RFC 1738 says a',
    'careful reader should: <URL:...> wrappers, URLs broken across lines rejoined,',
    'the hyphen rule. Folders are walked (.gitignore honoured); gzip files are read',
    'as what they hold. With no path and piped input, or with "-", reads standard',
    'input. Options can also come from urlsift.config.json.',
  ].join('\n'),
  check: [
    'Usage: urlsift check [options] [path|glob ...]',
    '',
    'Finds the URLs of the inputs as urlsift does (the same inputs, formats and',
    'filters), relative links of Markdown and HTML included, and checks each',
    'distinct URL once: HTTP(S) by request (HEAD, else GET; redirects followed,',
    'retries), #fragments against ids and heading slugs, relative links and file:',
    'URLs on disk, mailto: as addresses; other schemes are skipped. A row a URL:',
    'STATUS<TAB>CODE<TAB>URL<TAB>FILE:LINE:COL (+MORE)<TAB>WHY.',
  ].join('\n'),
};

const examples: Record<Command, readonly [string, string][]> = {
  scan: [
    ['urlsift notes.txt', 'a row a URL: FILE:LINE:COL<TAB>URL'],
    ['urlsift docs/ --format jsonl > urls.jsonl', 'every record as JSON Lines'],
    ['urlsift ~/Mail/archive.mbox --unique', 'each URL once, with a count'],
    ["urlsift 'docs/**/*.md' --hosts", 'hosts, most linked first'],
    ['urlsift docs/ --format html > report.html', 'a link report page: charts, a table'],
    ["urlsift . --exclude-url '^https?://localhost'", 'leave some URLs out'],
    ['git ls-files | urlsift --files-from -', 'read the paths from a list'],
    ['curl -s https://www.rfc-editor.org/rfc/rfc1738.txt | urlsift', 'standard input'],
  ],
  check: [
    ['urlsift check docs/ README.md', 'every link of a docs tree'],
    ['urlsift check docs/ --only-broken --stats', 'only what is broken, and a summary'],
    ['urlsift check docs/ --base http://127.0.0.1:8000/ --root docs', 'the tree as a local server serves it'],
    ["urlsift check . --exclude-url '^https?://localhost' --cache", 'skip some, keep ok results a day'],
    ['urlsift check ~/Mail/list.mbox --format jsonl', 'the links of a mailbox, as JSON Lines'],
  ],
};

const exitStatus: Record<Command, string> = {
  scan: 'Exit status: 0 URLs found, 1 none found, 2 usage error or a file not read.',
  check: 'Exit status: 0 nothing broken, 1 something broken, 2 usage or input error.',
};

/** The left column of a flag: `-h, --help`, `--format FORMAT`, `--stats[=json]`. */
export function flagSpec(flag: Flag): string {
  if (flag.shown !== undefined) return flag.shown;
  let spec = `--${flag.name}`;
  if (flag.negatable === true) spec = `--[no-]${flag.name}`;
  if (flag.value.type === 'flag-or-choice') spec += `[=${flag.value.choices.join('|')}]`;
  else if (flag.value.type !== 'boolean') spec += ` ${flag.placeholder ?? 'VALUE'}`;
  return flag.short === undefined ? spec : `-${flag.short}, ${spec}`;
}

/** `text` in lines of at most `width` characters, broken at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** One option as lines: its spec, then its text from `textColumn` (on the next line when the spec is too long). */
function optionLines(flag: Flag): string[] {
  const spec = `  ${flagSpec(flag)}`;
  const text = wrap(flag.help, helpWidth - textColumn);
  const pad = ' '.repeat(textColumn);
  const lines: string[] = [];
  if (spec.length <= textColumn - 2) lines.push(spec.padEnd(textColumn) + (text.shift() ?? ''));
  else lines.push(spec);
  for (const rest of text) lines.push(pad + rest);
  return lines;
}

/** The options of `command`, grouped (the README's option block is this text). */
export function optionsText(command: Command): string {
  const sections: string[] = [];
  for (const group of flagGroups) {
    const members = flagsOf(command).filter((flag) => flag.group === group);
    if (members.length === 0) continue;
    sections.push([`${group}:`, ...members.flatMap(optionLines)].join('\n'));
  }
  return sections.join('\n\n');
}

/** The whole of `urlsift [command] --help`. */
export function helpText(command: Command): string {
  const parts = [intro[command], optionsText(command)];
  const shown = examples[command];
  if (shown.length > 0) {
    // each example as a shell comment saying what it does, then the command: both copy as they are
    const lines = shown.flatMap(([example, what]) => (what === '' ? [`  ${example}`] : [`  # ${what}`, `  ${example}`]));
    parts.push(['Examples:', ...lines].join('\n'));
  }
  parts.push(exitStatus[command]);
  return `${parts.join('\n\n')}\n`;
}
