/**
 * From the paths on the command line to the inputs to scan: files as given,
 * directories walked (`walk.ts`), glob patterns walked from their static
 * base, `-` for stdin. Each path is looked at once (one `stat`); what the
 * look tells (size, regular file or not) travels with the input.
 */
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../describe-error.js';
import { compilePattern, expandBraces, isDynamicPattern } from './glob-match.js';
import { parseIgnoreFile } from './ignore-rules.js';
import { splitPattern } from './pattern-base.js';
import { walkTree } from './walk.js';

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
    }
  | {
      kind: 'maildir';
      name: string;
      path: string | Uint8Array;
      /** named on the command line, not found by a walk or a glob (the maildirs nested in it are found) */
      explicit?: boolean;
    };

/** Was `input` named on the command line (standard input too: `-`, or implied by a pipe), not found by a walk or a glob? */
export function isExplicit(input: Input): boolean {
  return input.kind === 'stdin' || input.explicit === true;
}

export interface ExpandedInputs {
  inputs: Input[];
  /** Paths that could not be read: an error each, reported, exit code 2. */
  errors: string[];
  /** Skipped with a note (dangling symbolic links, devices in a walk). */
  notes: string[];
}

/** A path that could not be looked at, in words (a dangling link or a loop named as such). */
async function whyNot(given: string, error: unknown): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code;
  const link = await lstat(given).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
  if (link && code === 'ENOENT') return 'dangling symbolic link';
  if (link && code === 'ELOOP') return 'symbolic link loop';
  return describeError(error);
}

/** Expand the command line's paths, in the order given. */
export async function expandInputs(paths: readonly string[], hidden: boolean, exclude: readonly string[] = []): Promise<ExpandedInputs> {
  const excluded = exclude.length === 0 ? undefined : parseIgnoreFile(exclude.join('\n'));
  const inputs: Input[] = [];
  const errors: string[] = [];
  const notes: string[] = [];
  const take = (walked: { inputs: Input[]; errors: string[]; notes: string[] }) => {
    for (const input of walked.inputs) inputs.push(input);
    for (const error of walked.errors) errors.push(error);
    for (const note of walked.notes) notes.push(note);
  };
  for (const given of paths) {
    if (given === '-') {
      inputs.push({ kind: 'stdin', name: '-' });
      continue;
    }
    let stats;
    try {
      stats = await stat(given);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && isDynamicPattern(given)) {
        // walked from its static base, as a directory named on the command line is
        const before = inputs.length;
        for (const pattern of expandBraces(given)) {
          const { base, rest } = splitPattern(pattern, isDynamicPattern);
          take(await walkTree(base, { hidden, pattern: compilePattern(rest), excluded }));
        }
        if (inputs.length === before) errors.push(`${given}: no file matches this pattern`);
        continue;
      }
      errors.push(`${given}: ${await whyNot(given, error)}`);
      continue;
    }
    if (stats.isDirectory()) take(await walkTree(given, { hidden, excluded }));
    else inputs.push({ kind: 'file', name: given, path: given, explicit: true, size: stats.size, regular: stats.isFile() });
  }
  // a file given twice (or found twice: `dir dir/a.txt`) is scanned once, where it first came
  const seen = new Set<string>();
  const unique = inputs.filter((input) => {
    if (input.kind === 'stdin') return true;
    const key = typeof input.path === 'string' ? path.resolve(input.path) : `\0${Buffer.from(input.path).toString('hex')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { inputs: unique, errors, notes };
}
