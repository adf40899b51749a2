/**
 * From the paths on the command line to the inputs to scan: files as given,
 * directories walked with globby (.gitignore honoured, hidden files skipped
 * unless asked, symbolic links not followed), glob patterns, `-` for stdin.
 */
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMaildir } from '../adapters/mail/maildir.js';
import { splitPattern } from './pattern-base.js';

/** globby, loaded when a directory or a pattern is first met (a list of files never needs it). */
const loadGlobby = async () => import('globby');

export type Input =
  | { kind: 'stdin'; name: '-'; bytes?: Uint8Array; chunks?: AsyncIterable<Uint8Array> }
  | {
      kind: 'file';
      name: string;
      path: string;
      /** named on the command line, not found by a walk or a glob */
      explicit?: boolean;
      /** bytes on disk, when the walk already knows */
      size?: number;
    }
  | { kind: 'maildir'; name: string; path: string };

/** Was `input` named on the command line (standard input too: `-`, or implied by a pipe), not found by a walk or a glob? */
export function isExplicit(input: Input): boolean {
  return input.kind === 'stdin' || (input.kind === 'file' && input.explicit === true);
}

export interface ExpandedInputs {
  inputs: Input[];
  /** Paths that could not be read: an error each, reported, exit code 2. */
  errors: string[];
  /** Skipped with a note (dangling symbolic links). */
  notes: string[];
}

/** Every `.gitignore` in a tree. */
const everywhere = ['**/.gitignore'] as const;

/**
 * globby's `ignoreFiles` for a walk from `cwd`: the `.gitignore` files inside
 * the tree (a directory named on the command line is walked even when a
 * `.gitignore` above it leaves it out), as found here, so that globby reads
 * them without searching the tree for them again. With the option, globby
 * checks every entry on disk once more, which takes some twenty times as
 * long as the walk itself, so a tree that holds no `.gitignore` is walked
 * without it.
 */
async function ignoreFilesIn(cwd: string, where: readonly string[] = everywhere): Promise<{ ignoreFiles?: string[] }> {
  const { globby, convertPathToPattern } = await loadGlobby();
  const found = await globby([...where], { cwd, dot: true, followSymbolicLinks: false, suppressErrors: true });
  return found.length > 0 ? { ignoreFiles: found.map(convertPathToPattern) } : {};
}

/**
 * The `.gitignore` files that can apply to what `rest` (a pattern relative
 * to its base) matches: all of them when it has `**`, else those no deeper
 * than its folders (`*.md` in the current directory needs only
 * `./.gitignore`, not a search of the whole tree below).
 */
export function ignoreFilesFor(rest: string): readonly string[] {
  const segments = rest.split('/');
  if (segments.includes('**')) return everywhere;
  return segments.map((_, depth) => `${'*/'.repeat(depth)}.gitignore`);
}

async function walk(directory: string, hidden: boolean, found: Input[], notes: string[]): Promise<void> {
  const { globby } = await loadGlobby();
  const entries = await globby('**', {
    cwd: directory,
    ...(await ignoreFilesIn(directory)),
    dot: hidden,
    followSymbolicLinks: false,
    onlyFiles: false,
    markDirectories: true,
    objectMode: true,
    // sizes while walking: cheaper than asking for each file again when batching
    stats: true,
    suppressErrors: true,
  });
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // a maildir is told from the walk's own list of folders (`x/cur/` and `x/new/`), not by asking the disk again
  const folders = new Set(entries.filter((entry) => entry.dirent.isDirectory()).map((entry) => entry.path));
  const maildirs: string[] = [];
  for (const entry of entries) {
    const relative = entry.path.replace(/\/$/, '');
    const full = path.join(directory, relative);
    if (maildirs.some((dir) => full.startsWith(dir + path.sep))) continue;
    if (entry.dirent.isDirectory()) {
      if (folders.has(`${entry.path}cur/`) && folders.has(`${entry.path}new/`)) {
        maildirs.push(full);
        found.push({ kind: 'maildir', name: full, path: full });
      }
      continue;
    }
    if (entry.dirent.isSymbolicLink()) {
      try {
        const target = await stat(full);
        // a link to a file is read; a link to a directory is not followed
        if (target.isFile()) found.push({ kind: 'file', name: full, path: full, size: target.size });
      } catch {
        notes.push(`${full}: dangling symbolic link, skipped`);
      }
      continue;
    }
    if (entry.dirent.isFile()) found.push({ kind: 'file', name: full, path: full, size: entry.stats?.size });
  }
}

/**
 * Expand the command line's paths, in the order given. `onWalk` is called
 * before the first directory is walked or pattern expanded (the CLI starts
 * its workers then, while the walk runs).
 */
export async function expandInputs(paths: readonly string[], hidden: boolean, onWalk?: () => void): Promise<ExpandedInputs> {
  const inputs: Input[] = [];
  const errors: string[] = [];
  const notes: string[] = [];
  for (const given of paths) {
    if (given === '-') {
      inputs.push({ kind: 'stdin', name: '-' });
      continue;
    }
    let stats;
    try {
      stats = await stat(given);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        const { globby, isDynamicPattern } = await loadGlobby();
        if (isDynamicPattern(given)) {
          onWalk?.();
          // walked from its static base, as a directory named on the command line is
          const { base, rest } = splitPattern(given, isDynamicPattern);
          const cwd = base === '' ? '.' : base;
          const matches = await globby(rest, {
            cwd,
            ...(await ignoreFilesIn(cwd, ignoreFilesFor(rest))),
            dot: hidden,
            followSymbolicLinks: false,
            suppressErrors: true,
          });
          const names = matches.map((match) => (base === '' ? match : path.join(base, match))).sort();
          if (names.length === 0) errors.push(`${given}: no file matches this pattern`);
          for (const name of names) inputs.push({ kind: 'file', name, path: name });
          continue;
        }
      }
      const dangling = await lstat(given).then((s) => s.isSymbolicLink(), () => false);
      errors.push(`${given}: ${dangling ? 'dangling symbolic link' : describeError(error)}`);
      continue;
    }
    if (stats.isDirectory()) {
      onWalk?.();
      if (isMaildir(given)) inputs.push({ kind: 'maildir', name: given, path: given });
      else await walk(given, hidden, inputs, notes);
    } else {
      inputs.push({ kind: 'file', name: given, path: given, explicit: true });
    }
  }
  // a file given twice (or found twice: `dir dir/a.txt`) is scanned once, where it first came
  const seen = new Set<string>();
  const unique = inputs.filter((input) => {
    if (input.kind === 'stdin') return true;
    const key = path.resolve(input.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { inputs: unique, errors, notes };
}

export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return (error as Error).message ?? String(error);
  }
}
