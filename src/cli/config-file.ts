/**
 * The config file: `urlsift.config.json` or `.urlsiftrc.json`, found in the
 * working directory or a folder above it, up to the repository root (the
 * nearest folder holding `.git`; outside a repository, the working directory
 * only), or named by `--config FILE`. Its keys are the flags' (`flags.ts`),
 * in camelCase; each value is checked as its flag's would be, and a mistake
 * is one line naming the file, the key and why (exit 2). Paths in it are
 * read from the file's own folder.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { durationSeconds, editDistance, readValue, type FlagSetting } from './parse-argv.js';
import { flags, type Command, type Flag } from './flags.js';
import { UsageError } from './usage-error.js';

/** The names a config file may have, in the order they are looked for. */
export const configNames = ['urlsift.config.json', '.urlsiftrc.json'] as const;

/** Keys that are not options: the schema a file names for editors. */
const metaKeys = new Set(['$schema']);

export interface ConfigFile {
  /** The file as found or given. */
  file: string;
  /** Flag settings by the flag's long name, for the command at hand. */
  values: Map<string, FlagSetting>;
}

/** The repository root above `directory` (the nearest folder holding `.git`), if any. */
function repositoryRoot(directory: string): string | undefined {
  let folder = path.resolve(directory);
  for (;;) {
    if (existsSync(path.join(folder, '.git'))) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** The config file that applies in `cwd`, if any. Two of them in one folder is a usage error. */
export function findConfigFile(cwd: string): string | undefined {
  const top = repositoryRoot(cwd);
  let folder = path.resolve(cwd);
  for (;;) {
    const found = configNames.map((name) => path.join(folder, name)).filter((file) => isFile(file));
    if (found.length > 1) throw new UsageError(`${found.map(shown).join(' and ')}: two config files in one folder; keep one`);
    if (found.length === 1) return shown(found[0] as string);
    if (top === undefined || folder === top) return undefined;
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A path as people read it: relative to the working directory when below it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Where in `text` the parser stopped: `line 3, column 5`, from the offset in its message. */
function place(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (match === null) return message;
  const offset = Number(match[1]);
  const before = text.slice(0, offset).split('\n');
  const reason = message.replace(/\s*(in JSON )?at position \d+.*$/s, '');
  return `${reason} at line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`;
}

/** The config file's key of each flag that has one. */
const byKey = new Map<string, Flag>(flags.filter((flag) => flag.key !== undefined).map((flag) => [flag.key as string, flag]));

function nearestKey(key: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of byKey.keys()) {
    const distance = editDistance(key.toLowerCase(), known.toLowerCase());
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor(key.length / 2) - 1)) ? best : undefined;
}

/** A value of the config file, checked as the flag's would be. */
function configValue(flag: Flag, value: unknown, where: string, folder: string): FlagSetting {
  const kind = flag.value;
  const wrong = (expected: string) => new UsageError(`${where} must be ${expected}; got ${JSON.stringify(value)}`);
  switch (kind.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong('true or false');
      return value;
    case 'flag-or-choice':
      if (typeof value === 'boolean') return value;
      if (typeof value !== 'string' || !kind.choices.includes(value)) throw wrong(`true, false or ${kind.choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
      return value;
    case 'choice':
      if (typeof value !== 'string' || !kind.choices.includes(value)) throw wrong(`one of ${kind.choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
      return value;
    case 'count':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < kind.min || value > kind.max) {
        throw wrong(`a whole number from ${kind.min} to ${kind.max}`);
      }
      return value;
    case 'string':
      if (typeof value !== 'string' || value === '') throw wrong('a string that is not empty');
      return flag.path === true && value !== '-' ? path.join(folder, value) : value;
    case 'list':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw wrong('an array of strings');
      return [...(value as string[])];
    case 'csv':
      if (typeof value === 'string') return readValue(flag, value, where);
      if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
        throw wrong('an array of strings that are not empty');
      }
      return (value as string[]).map((item) => item.trim());
    case 'duration': {
      const seconds = typeof value === 'number' ? value : typeof value === 'string' ? durationSeconds(value) : undefined;
      if (seconds === undefined || !Number.isFinite(seconds) || seconds <= kind.min || seconds > kind.max) {
        throw wrong(`a number of seconds or a time such as "500ms", "30s", "12h", "1d" (more than ${kind.min} s, at most ${kind.max} s)`);
      }
      return seconds;
    }
  }
}

/** Read and check the config file `file` for `command`. Throws `UsageError` naming the file and the key. */
export function readConfigFile(file: string, command: Command): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`${file}: cannot read the config file: ${why}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    throw new UsageError(`${file}: not JSON: ${place(text, (error as Error).message)}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new UsageError(`${file}: a config file holds one JSON object ({"format": "jsonl", ...}); got ${Array.isArray(data) ? 'an array' : JSON.stringify(data)}`);
  }
  const folder = path.dirname(file);
  const values = new Map<string, FlagSetting>();
  for (const [key, value] of Object.entries(data)) {
    if (metaKeys.has(key)) continue;
    const flag = byKey.get(key);
    if (flag === undefined) {
      const near = nearestKey(key);
      throw new UsageError(`${file}: unknown key ${JSON.stringify(key)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`);
    }
    const setting = configValue(flag, value, `${file}: ${JSON.stringify(key)}`, folder);
    // a key for the other command (`unique` while checking) is read past
    if (flag.commands.includes(command)) values.set(flag.name, setting);
  }
  return { file, values };
}
