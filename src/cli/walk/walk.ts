/**
 * A directory walked for the files to scan: `.gitignore` files inside the
 * tree honoured (`ignore-rules.ts`), hidden entries skipped unless asked,
 * symbolic links to files read and links to folders not followed, a maildir
 * (`cur/` and `new/`) taken as one mail input and each maildir nested in it
 * (Maildir++ `.Sent/`, hidden or not; `sub/`) as one more, after it, entries
 * in name order, depth first. Names are read as bytes: a name that is not valid UTF-8, or that
 * holds a line break, is a file like any other (shown with escapes). Every
 * folder that cannot be listed and every entry that cannot be looked at is
 * an error: nothing is left out without a word.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { matchSegments, mayMatchBelow, type Segment } from './glob-match.js';
import { ignoredBy, parseIgnoreFile, type IgnoreRule } from './ignore-rules.js';
import type { Input } from './inputs.js';
import { nestedMaildirs } from '../../adapters/mail/maildir.js';
import { describeError } from '../describe-error.js';
import { displayName, fsPath, openable } from './file-names.js';

export interface WalkOptions {
  hidden: boolean;
  /** Only files whose path below the root matches (a glob pattern's rest). */
  pattern?: readonly Segment[];
  /** `--exclude`: rules read as if from a `.gitignore` at the root; where they speak, they win over the tree's own. */
  excluded?: IgnoreRule[] | undefined;
}

export interface Walked {
  inputs: Input[];
  /** Folders and entries that could not be read: an error each. */
  errors: string[];
  /** Entries skipped on purpose, with the reason (dangling links, devices). */
  notes: string[];
}

/** The rules of the `.gitignore` files met so far on the way down, each with the depth of its folder. */
interface RuleSet {
  depth: number;
  rules: IgnoreRule[];
}

const slash = Buffer.from('/');

function isIgnored(ruleSets: readonly RuleSet[], segments: readonly string[], isFolder: boolean): boolean {
  for (let i = ruleSets.length - 1; i >= 0; i--) {
    const set = ruleSets[i] as RuleSet;
    const verdict = ignoredBy(set.rules, segments.slice(set.depth), isFolder);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

function isMaildirListing(entries: readonly Dirent<Buffer>[]): boolean {
  const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name.toString('latin1')));
  return folders.has('cur') && folders.has('new');
}

/** Walk the folder `root` (as given on the command line, or a pattern's base). */
export async function walkTree(root: string, options: WalkOptions): Promise<Walked> {
  const walked: Walked = { inputs: [], errors: [], notes: [] };
  const rootBytes = Buffer.from(root === '' ? '.' : root);
  // shown as `path.join` would write it: `./docs/` → `docs`, `.` → nothing
  const normal = path.normalize(root === '' ? '.' : root);
  const showRoot = normal === '.' || normal === './' ? '' : normal;
  const join = (shown: string, name: string) => (shown === '' ? name : shown.endsWith('/') ? shown + name : `${shown}/${name}`);

  async function visit(folder: Buffer, shown: string, segments: string[], ruleSets: RuleSet[]): Promise<void> {
    let entries: Dirent<Buffer>[];
    try {
      entries = await readdir(fsPath(folder), { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      walked.errors.push(`${shown === '' ? '.' : shown}: cannot list this folder: ${describeError(error)}`);
      return;
    }
    if ((segments.length > 0 || options.pattern === undefined) && isMaildirListing(entries)) {
      const name = shown === '' ? '.' : shown;
      const where = fsPath(folder);
      // a maildir named on the command line is as explicit as a file named there
      const named = segments.length === 0 && options.pattern === undefined;
      walked.inputs.push(named ? { kind: 'maildir', name, path: where, explicit: true } : { kind: 'maildir', name, path: where });
      // each read on its own (the maildir's input leaves them out), so no message is read twice
      const top = typeof where === 'string' ? where : where.toString();
      for (const nested of await nestedMaildirs(top)) {
        walked.inputs.push({ kind: 'maildir', name: join(shown, path.relative(top, nested)), path: nested });
      }
      return;
    }
    // in the order of whole paths: `a.txt` before `a/`, as `find | sort` lists them
    const sortKey = (entry: Dirent<Buffer>) => (entry.isDirectory() ? Buffer.concat([entry.name, slash]) : entry.name);
    entries.sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
    let sets = ruleSets;
    const ignoreFile = entries.find((entry) => entry.name.equals(gitignoreName) && !entry.isDirectory());
    if (ignoreFile !== undefined) {
      try {
        const text = await readFile(fsPath(Buffer.concat([folder, slash, ignoreFile.name])), 'utf8');
        sets = [...ruleSets, { depth: segments.length, rules: parseIgnoreFile(text) }];
      } catch (error) {
        walked.errors.push(`${join(shown, '.gitignore')}: ${describeError(error)}`);
      }
    }
    // sizes of the files, asked for together: one look at each file
    const files: Array<{ shown: string; path: string | Uint8Array; link: boolean }> = [];
    const order: Array<{ kind: 'file'; index: number } | { kind: 'folder'; bytes: Buffer; shown: string; segments: string[] }> = [];
    for (const entry of entries) {
      const name = displayName(entry.name);
      if (!options.hidden && name.startsWith('.')) continue;
      const bytes = Buffer.concat([folder, slash, entry.name]);
      const entryShown = join(shown, name);
      const entrySegments = [...segments, name];
      const isFolder = entry.isDirectory();
      const excluded = options.excluded === undefined ? undefined : ignoredBy(options.excluded, entrySegments, isFolder);
      if (excluded ?? isIgnored(sets, entrySegments, isFolder)) continue;
      if (isFolder) {
        if (options.pattern === undefined || mayMatchBelow(options.pattern, entrySegments)) {
          order.push({ kind: 'folder', bytes, shown: entryShown, segments: entrySegments });
        }
        continue;
      }
      if (options.pattern !== undefined && !matchSegments(options.pattern, entrySegments)) continue;
      if (entry.isFile() || entry.isSymbolicLink()) {
        order.push({ kind: 'file', index: files.length });
        files.push({ shown: entryShown, path: fsPath(bytes), link: entry.isSymbolicLink() });
      } else {
        walked.notes.push(`${entryShown}: not a regular file (a device, a FIFO or a socket), skipped`);
      }
    }
    const looks = await Promise.all(
      files.map((file) =>
        stat(openable(file.path)).then(
          (stats) => ({ stats, error: undefined }),
          (error: unknown) => ({ stats: undefined, error }),
        ),
      ),
    );
    for (const item of order) {
      if (item.kind === 'folder') {
        await visit(item.bytes, item.shown, item.segments, sets);
        continue;
      }
      const file = files[item.index] as (typeof files)[number];
      const look = looks[item.index] as (typeof looks)[number];
      if (look.stats === undefined) {
        const code = (look.error as NodeJS.ErrnoException).code;
        if (file.link && code === 'ENOENT') walked.notes.push(`${file.shown}: dangling symbolic link, skipped`);
        else if (file.link && code === 'ELOOP') walked.notes.push(`${file.shown}: symbolic link loop, skipped`);
        else walked.errors.push(`${file.shown}: ${describeError(look.error)}`);
        continue;
      }
      // a link to a folder is not followed; a link to a device is not read in a walk
      if (look.stats.isDirectory()) continue;
      if (!look.stats.isFile()) {
        walked.notes.push(`${file.shown}: not a regular file (a device, a FIFO or a socket), skipped`);
        continue;
      }
      walked.inputs.push({ kind: 'file', name: file.shown, path: file.path, size: look.stats.size, regular: true });
    }
  }

  await visit(rootBytes, showRoot, [], []);
  return walked;
}

const gitignoreName = Buffer.from('.gitignore');
