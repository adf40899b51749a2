/**
 * The command line read against the flag table (`flags.ts`): a sub-command
 * (`check`) as the first word, `--name VALUE`, `--name=VALUE`, `--no-name`,
 * `-h`, paths, `-` (standard input) and `--` (only paths after it). Every
 * value is checked here; a mistake is a `UsageError` of one line, and a
 * misspelt option names the nearest one.
 */
import { commands, flagsOf, type Command, type Flag } from './flags.js';
import { UsageError } from './usage-error.js';

/** A flag's value as read: booleans, strings, whole numbers, lists. */
export type FlagSetting = boolean | string | number | string[];

export interface ParsedArgv {
  command: Command;
  /** By the flag's long name; only the flags given. */
  values: Map<string, FlagSetting>;
  positionals: string[];
}

/** The edit distance of two short strings (insertions, deletions, substitutions, swaps of neighbours). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1] as number[])[j]! + 1, (d[i] as number[])[j - 1]! + 1, (d[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2] as number[])[j - 2]! + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length]!;
}

/** The spellings a flag answers to on the command line (`--progress`, `--no-progress`). */
function spellings(flag: Flag): string[] {
  const names = [`--${flag.name}`];
  if (flag.negatable === true) names.push(`--no-${flag.name}`);
  return names;
}

/** The known option nearest to `given` (`--frmat` → `--format`), when one is near enough to be meant. */
export function nearestOption(given: string, command: Command): string | undefined {
  const bare = given.replace(/=.*$/s, '');
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const flag of flagsOf(command)) {
    for (const spelling of spellings(flag)) {
      const distance = editDistance(bare.toLowerCase(), spelling);
      if (distance < bestDistance) {
        best = spelling;
        bestDistance = distance;
      }
    }
  }
  // near: a few edits, and fewer than half the name
  return best !== undefined && bestDistance <= Math.max(1, Math.min(3, Math.floor(bare.length / 2) - 1)) ? best : undefined;
}

/** The one-line message for an option nobody defined. */
function unknownOption(given: string, command: Command): UsageError {
  const shown = JSON.stringify(given.replace(/=.*$/s, ''));
  const near = nearestOption(given, command);
  const otherCommand: Command = command === 'scan' ? 'check' : 'scan';
  const other = flagsOf(otherCommand).find((flag) => spellings(flag).includes(given.replace(/=.*$/s, '')));
  // an option of the other command says so, before any near spelling
  const hint =
    other !== undefined
      ? command === 'scan'
        ? ' (an option of urlsift check)'
        : ` for urlsift ${command}`
      : near !== undefined
        ? `; did you mean ${near}?`
        : '';
  return new UsageError(`unknown option ${shown}${hint}`);
}

/** Check and convert the value of `flag` given on the command line. */
export function readValue(flag: Flag, raw: string, where = `--${flag.name}`): FlagSetting {
  const value = flag.value;
  switch (value.type) {
    case 'choice':
    case 'flag-or-choice':
      if (!value.choices.includes(raw)) throw new UsageError(`${where} takes ${describeChoices(value.choices)}; got ${JSON.stringify(raw)}`);
      return raw;
    case 'count': {
      if (!/^\d+$/.test(raw) || raw.length > 9 || Number(raw) < value.min || Number(raw) > value.max) {
        throw new UsageError(`${where} takes a whole number from ${value.min} to ${value.max}; got ${JSON.stringify(raw)}`);
      }
      return Number(raw);
    }
    case 'csv': {
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length === 0) throw new UsageError(`${where} takes a comma-separated list; got ${JSON.stringify(raw)}`);
      return items;
    }
    case 'list':
      return [raw];
    case 'string':
      if (raw === '') throw new UsageError(`${where} takes a value that is not empty`);
      return raw;
    case 'boolean':
      throw new UsageError(`${where} takes no value; got ${JSON.stringify(raw)}`);
    case 'duration': {
      const seconds = durationSeconds(raw);
      if (seconds === undefined || seconds <= value.min || seconds > value.max) {
        throw new UsageError(`${where} takes a time: seconds (10, 0.5) or with a unit (500ms, 30s, 5m, 12h, 1d), more than ${value.min} s and at most ${value.max} s; got ${JSON.stringify(raw)}`);
      }
      return seconds;
    }
  }
}

/** The units of a time (`--timeout`, `--cache-max-age`), in seconds. */
const timeUnits: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds in `10`, `0.5`, `500ms`, `30s`, `5m`, `12h`, `1d`; undefined for anything else. */
export function durationSeconds(text: string): number | undefined {
  const match = /^(\d{1,9}(?:\.\d{1,9})?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * (timeUnits[match[2] ?? 's'] as number);
}

function describeChoices(choices: readonly string[]): string {
  if (choices.length === 1) return JSON.stringify(choices[0]);
  return `one of ${choices.join(', ')}`;
}

/** Read `argv` (without node and the script). Throws `UsageError`. */
export function parseArgv(argv: readonly string[]): ParsedArgv {
  let start = 0;
  let command: Command = 'scan';
  if (argv[0] !== undefined && argv[0] !== 'scan' && (commands as readonly string[]).includes(argv[0])) {
    command = argv[0] as Command;
    start = 1;
  }
  const known = flagsOf(command);
  const byName = new Map<string, { flag: Flag; negated: boolean }>();
  for (const flag of known) {
    byName.set(`--${flag.name}`, { flag, negated: false });
    if (flag.negatable === true) byName.set(`--no-${flag.name}`, { flag, negated: true });
    if (flag.short !== undefined) byName.set(`-${flag.short}`, { flag, negated: false });
  }
  const values = new Map<string, FlagSetting>();
  const positionals: string[] = [];
  const set = (flag: Flag, setting: FlagSetting) => {
    if (flag.value.type === 'list') {
      const before = (values.get(flag.name) as string[] | undefined) ?? [];
      values.set(flag.name, [...before, ...(setting as string[])]);
    } else values.set(flag.name, setting);
  };
  for (let i = start; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const found = byName.get(name);
    if (found === undefined) throw unknownOption(arg, command);
    const { flag, negated } = found;
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    if (flag.value.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`${name} takes no value; got ${JSON.stringify(inline)}`);
      set(flag, !negated);
      continue;
    }
    if (flag.value.type === 'flag-or-choice') {
      set(flag, inline === undefined ? true : readValue(flag, inline));
      continue;
    }
    let raw = inline;
    if (raw === undefined) {
      raw = argv[i + 1];
      if (raw === undefined) throw new UsageError(`${name} needs a value${flag.placeholder === undefined ? '' : ` (${flag.placeholder})`}`);
      i++;
    }
    set(flag, readValue(flag, raw));
  }
  return { command, values, positionals };
}
