/**
 * From the paths on the command line (and `--files-from`) to the inputs to
 * scan, as a stream: files as given, directories walked (`walk.ts`), glob
 * patterns walked from their static base, `-` for stdin. Each path is looked
 * at once (one `stat`); what the look tells (size, regular file or not)
 * travels with the input. Each walk's top folder may hold a `.urlsiftignore`
 * whose patterns apply to that walk's inputs: the walk's inputs carry its
 * scope number.
 */
import { statSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../describe-error.js';
import { compilePattern, expandBraces, isDynamicPattern } from './glob-match.js';
import { parseIgnoreFile, type IgnoreRule } from './ignore-rules.js';
import { splitPattern } from './pattern-base.js';
import { walkTree, type WalkEvent } from './walk.js';
import { displayName } from './file-names.js';

export { describeError };

export type Input =
  | { kind: 'stdin'; name: '-'; bytes?: Uint8Array; chunks?: AsyncIterable<Uint8Array> }
  | {
      kind: 'file';
      /** As shown (bytes that are not UTF-8 as `\xNN`). */
      name: string;
      /** As opened: the bytes of a name that is not UTF-8. */
      path: string | Uint8Array;
      /** named on the command line, not found by a walk or a glob */
      explicit?: boolean;
      /** bytes on disk, when known */
      size?: number;
      /** false for a device, a FIFO or a socket: read as a stream, whatever its size says */
      regular?: boolean;
      /** The walk that found it, when its top folder has a `.urlsiftignore`. */
      scope?: number;
    }
  | {
      kind: 'maildir';
      name: string;
      path: string | Uint8Array;
      /** named on the command line, not found by a walk or a glob (the maildirs nested in it are found) */
      explicit?: boolean;
      scope?: number;
    };

/** Was `input` named on the command line (standard input too: `-`, or implied by a pipe), not found by a walk or a glob? */
export function isExplicit(input: Input): boolean {
  return input.kind === 'stdin' || input.explicit === true;
}

/** What expanding the inputs gives, in order. */
export type InputEvent =
  | Exclude<WalkEvent, { kind: 'url-ignore' }>
  /** A walk's `.urlsiftignore`: its patterns apply to the inputs that carry `scope`. */
  | { kind: 'url-ignore'; scope: number; file: string; text: string };

export interface ExpandOptions {
  hidden: boolean;
  /** `--exclude` lines. */
  exclude?: readonly string[];
  /** Read `.gitignore` and `.ignore` files (`--no-ignore`: false). */
  ignoreFiles?: boolean;
  /** Look for a `.urlsiftignore` at the top of each walk. */
  urlIgnoreFiles?: boolean;
  /** Also tell what walks leave out on purpose (`--list-inputs`). */
  tellLeftOut?: boolean;
  /**
   * Read a file found twice (`dir dir/a.txt`) once, where it first came: on
   * when several paths are named. Off for one walk, which finds each file
   * once, so it need not hold every name it found.
   */
  dedupe?: boolean;
}

/** A path as given: a string, or bytes (a `--files-from` name that is not UTF-8). */
export type GivenPath = string | Uint8Array;

/** A path that could not be looked at, in words (a dangling link or a loop named as such). */
async function whyNot(given: string | Buffer, error: unknown): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code;
  const link = await lstat(given).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
  if (link && code === 'ENOENT') return 'dangling symbolic link';
  if (link && code === 'ELOOP') return 'symbolic link loop';
  return describeError(error);
}

/** The name of the file whose URL patterns apply to a walk. */
export const urlIgnoreName = '.urlsiftignore';

/** Expand the paths, in the order given, as a stream of events. */
export async function* expandInputs(paths: AsyncIterable<GivenPath> | Iterable<GivenPath>, options: ExpandOptions): AsyncGenerator<InputEvent> {
  const exclude = options.exclude ?? [];
  const excluded: IgnoreRule[] | undefined = exclude.length === 0 ? undefined : parseIgnoreFile(exclude.join('\n'));
  const walkOptions = { hidden: options.hidden, excluded, ignoreFiles: options.ignoreFiles !== false, tellLeftOut: options.tellLeftOut === true };
  let scopes = 0;
  const seen = options.dedupe === true ? new Set<string>() : undefined;
  /** Events of one walk from `root`, its inputs marked with the walk's scope when its top holds a `.urlsiftignore`. */
  async function* walk(root: string, pattern?: ReturnType<typeof compilePattern>): AsyncGenerator<InputEvent> {
    let scope: number | undefined;
    const walking = { ...walkOptions, urlIgnoreFile: options.urlIgnoreFiles === true };
    for await (const event of walkTree(root, pattern === undefined ? walking : { ...walking, pattern })) {
      if (event.kind === 'url-ignore') {
        scope = ++scopes;
        yield { ...event, scope };
        continue;
      }
      if (event.kind === 'input' && scope !== undefined && event.input.kind !== 'stdin') event.input.scope = scope;
      yield event;
    }
  }
  const fresh = (input: Input): boolean => {
    if (input.kind === 'stdin' || seen === undefined) return true;
    const key = typeof input.path === 'string' ? path.resolve(input.path) : `\0${Buffer.from(input.path).toString('hex')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  for await (const pathGiven of paths) {
    if (pathGiven === '-') {
      yield { kind: 'input', input: { kind: 'stdin', name: '-' } };
      continue;
    }
    const shown = typeof pathGiven === 'string' ? pathGiven : displayName(pathGiven);
    const opened = typeof pathGiven === 'string' ? pathGiven : Buffer.from(pathGiven);
    let stats;
    try {
      // at once: a look at a path named in a list is a few microseconds, and waiting for each look in turn cost more
      stats = statSync(opened);
    } catch (error) {
      if (typeof pathGiven === 'string' && (error as NodeJS.ErrnoException).code === 'ENOENT' && isDynamicPattern(pathGiven)) {
        // walked from its static base, as a directory named on the command line is
        let found = false;
        for (const pattern of expandBraces(pathGiven)) {
          const { base, rest } = splitPattern(pattern, isDynamicPattern);
          for await (const event of walk(base, compilePattern(rest))) {
            if (event.kind === 'input') {
              found = true;
              if (!fresh(event.input)) continue;
            }
            yield event;
          }
        }
        if (!found) yield { kind: 'error', message: `${pathGiven}: no file matches this pattern` };
        continue;
      }
      yield { kind: 'error', message: `${shown}: ${await whyNot(opened, error)}` };
      continue;
    }
    if (stats.isDirectory()) {
      if (typeof opened !== 'string') {
        yield { kind: 'error', message: `${shown}: a folder whose name is not UTF-8 cannot be walked from a list; name it on the command line` };
        continue;
      }
      for await (const event of walk(opened)) {
        if (event.kind === 'input' && !fresh(event.input)) continue;
        yield event;
      }
      continue;
    }
    const input: Input = { kind: 'file', name: shown, path: opened, explicit: true, size: stats.size, regular: stats.isFile() };
    if (fresh(input)) yield { kind: 'input', input };
  }
}

export interface CollectedInputs {
  inputs: Input[];
  /** Paths that could not be read: an error each, reported, exit code 2. */
  errors: string[];
  /** Skipped with a note (dangling symbolic links, devices in a walk). */
  notes: string[];
}

/** Every input of `paths` at once (for a caller that wants the whole list, as tests do). */
export async function collectInputs(paths: Iterable<GivenPath> | AsyncIterable<GivenPath>, options: ExpandOptions): Promise<CollectedInputs> {
  const collected: CollectedInputs = { inputs: [], errors: [], notes: [] };
  for await (const event of expandInputs(paths, options)) {
    if (event.kind === 'input') collected.inputs.push(event.input);
    else if (event.kind === 'error') collected.errors.push(event.message);
    else if (event.kind === 'note') collected.notes.push(event.message);
  }
  return collected;
}
