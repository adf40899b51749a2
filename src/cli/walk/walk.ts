/**
 * A directory walked for the files to scan, as a stream of events: inputs in
 * path order (`find | sort`), depth first, each given as soon as it is known,
 * so a folder of a million files is never held as a million inputs. Only the
 * entries of the folders on the way down are held (a folder's names must be
 * sorted), and the files of a folder are looked at (`stat`) a few at a time,
 * ahead of where the walk is.
 *
 * `.gitignore` and `.ignore` files inside the tree honoured (`ignore-rules.ts`;
 * `.ignore` wins over `.gitignore` in its folder, as ripgrep reads it;
 * `--no-ignore` reads neither), hidden entries skipped unless asked, symbolic
 * links to files read and links to folders not followed, a maildir (`cur/`
 * and `new/`) taken as one mail input and each maildir nested in it
 * (Maildir++ `.Sent/`, hidden or not; `sub/`) as one more, after it. Names
 * are read as bytes: a name that is not valid UTF-8, or that holds a line
 * break, is a file like any other (shown with escapes). Every folder that
 * cannot be listed and every entry that cannot be looked at is an error:
 * nothing is left out without a word.
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { matchSegments, mayMatchBelow, type Segment } from './glob-match.js';
import { ignoredBy, parseIgnoreFile, type IgnoreRule } from './ignore-rules.js';
import type { Input } from './inputs.js';
import { nestedMaildirs } from '../../adapters/mail/maildir.js';
import { describeError } from '../describe-error.js';
import { displayName, openable } from './file-names.js';
import { entryKinds, readListing, type Listing } from './listing.js';

export interface WalkOptions {
  hidden: boolean;
  /** Read `.gitignore` and `.ignore` files (default true; `--no-ignore`: false). */
  ignoreFiles?: boolean;
  /** Only files whose path below the root matches (a glob pattern's rest). */
  pattern?: readonly Segment[];
  /** `--exclude`: rules read as if from a `.gitignore` at the root; where they speak, they win over the tree's own. */
  excluded?: IgnoreRule[] | undefined;
  /** Also tell what is left out on purpose (hidden, ignored): `--list-inputs`. */
  tellLeftOut?: boolean;
  /** Read a `.urlsiftignore` at the top of the walk (an event before the inputs). */
  urlIgnoreFile?: boolean;
}

/** What a walk finds, in path order. */
export type WalkEvent =
  | { kind: 'input'; input: Input }
  /** A folder or entry that could not be read: an error, exit code 2. */
  | { kind: 'error'; message: string }
  /** An entry skipped with a note (dangling links, devices): `message` is `name: reason`. */
  | { kind: 'note'; message: string; name: string; reason: string }
  /** An entry left out on purpose, with why (only with `tellLeftOut`). */
  | { kind: 'left-out'; name: string; reason: string }
  /** The `.urlsiftignore` at the top of the walk: URL patterns for its inputs. */
  | { kind: 'url-ignore'; file: string; text: string };

/** The rules of the ignore files met so far on the way down, each with the depth of its folder and where they came from. */
interface RuleSet {
  depth: number;
  rules: IgnoreRule[];
  origin: string;
}

/** A folder being walked: its sorted entries and how far the walk has come. */
interface Frame {
  /** The folder as opened: a string, or bytes when a name on the way is not UTF-8. */
  folder: string | Buffer;
  shown: string;
  segments: string[];
  sets: RuleSet[];
  entries: Listing;
  next: number;
  /** Looks at the files ahead, by entry index. */
  looks: Map<number, Promise<Look>>;
  /** The next entry index whose look has not been asked for. */
  looked: number;
}

type Look = { stats: Stats; error?: undefined } | { stats?: undefined; error: unknown };

/** A note on an entry skipped on purpose. */
function note(name: string, reason: string): WalkEvent {
  return { kind: 'note', message: `${name}: ${reason}`, name, reason };
}

/** How many files of a folder are looked at ahead of the walk. */
const lookAhead = 64;

const slash = Buffer.from('/');
const ignoreNames = ['.gitignore', '.ignore'] as const;
const urlIgnoreName = '.urlsiftignore';

/** `folder/name`, as a string when both are, else as bytes. */
function pathIn(folder: string | Buffer, name: string | Buffer): string | Buffer {
  if (typeof folder === 'string' && typeof name === 'string') return folder.endsWith('/') ? folder + name : `${folder}/${name}`;
  return Buffer.concat([Buffer.from(folder), slash, Buffer.from(name)]);
}

/** The index of the entry that is a file (or anything but a folder) called `name`, if any. */
function entryNamed(listing: Listing, name: string): number | undefined {
  const index = listing.names.indexOf(name);
  return index === -1 || listing.kinds[index] === entryKinds.folder ? undefined : index;
}

/** The rule set that decides whether the entry is ignored, if one does and ignores it. */
// rule: ignore-file-precedence
function ignoringSet(ruleSets: readonly RuleSet[], segments: readonly string[], isFolder: boolean): RuleSet | undefined {
  for (let i = ruleSets.length - 1; i >= 0; i--) {
    const set = ruleSets[i] as RuleSet;
    const verdict = ignoredBy(set.rules, segments.slice(set.depth), isFolder);
    if (verdict !== undefined) return verdict ? set : undefined;
  }
  return undefined;
}

function isMaildirListing(listing: Listing): boolean {
  const isFolder = (name: string) => {
    const index = listing.names.indexOf(name);
    return index !== -1 && listing.kinds[index] === entryKinds.folder;
  };
  return isFolder('cur') && isFolder('new');
}

/** Walk the folder `root` (as given on the command line, or a pattern's base). */
// rule: hidden-entries
// rule: exclude-patterns
// rule: walk-links-and-devices
export async function* walkTree(root: string, options: WalkOptions): AsyncGenerator<WalkEvent> {
  const rootPath = root === '' ? '.' : root;
  // shown as `path.join` would write it: `./docs/` → `docs`, `.` → nothing
  const normal = path.normalize(root === '' ? '.' : root);
  const showRoot = normal === '.' || normal === './' ? '' : normal;
  const join = (shown: string, name: string) => (shown === '' ? name : shown.endsWith('/') ? shown + name : `${shown}/${name}`);
  const readIgnoreFiles = options.ignoreFiles !== false;
  const tell = options.tellLeftOut === true;

  /** The frame of `folder`, or the events that stand for it (a maildir, an error). */
  async function open(folder: string | Buffer, shown: string, segments: string[], sets: RuleSet[]): Promise<{ frame?: Frame; events: WalkEvent[] }> {
    let entries: Listing;
    try {
      entries = await readListing(folder);
    } catch (error) {
      return { events: [{ kind: 'error', message: `${shown === '' ? '.' : shown}: cannot list this folder: ${describeError(error)}` }] };
    }
    if ((segments.length > 0 || options.pattern === undefined) && isMaildirListing(entries)) {
      const name = shown === '' ? '.' : shown;
      // a maildir named on the command line is as explicit as a file named there
      const named = segments.length === 0 && options.pattern === undefined;
      const events: WalkEvent[] = [{ kind: 'input', input: named ? { kind: 'maildir', name, path: folder, explicit: true } : { kind: 'maildir', name, path: folder } }];
      // each read on its own (the maildir's input leaves them out), so no message is read twice
      const top = typeof folder === 'string' ? folder : folder.toString();
      for (const nested of await nestedMaildirs(top)) {
        events.push({ kind: 'input', input: { kind: 'maildir', name: join(shown, path.relative(top, nested)), path: nested } });
      }
      return { events };
    }
    const events: WalkEvent[] = [];
    let ruleSets = sets;
    if (readIgnoreFiles) {
      for (const ignoreName of ignoreNames) {
        if (entryNamed(entries, ignoreName) === undefined) continue;
        const origin = join(shown, ignoreName);
        try {
          const text = await readFile(pathIn(folder, ignoreName), 'utf8');
          ruleSets = [...ruleSets, { depth: segments.length, rules: parseIgnoreFile(text), origin }];
        } catch (error) {
          events.push({ kind: 'error', message: `${origin}: ${describeError(error)}` });
        }
      }
    }
    if (segments.length === 0 && options.urlIgnoreFile === true && entryNamed(entries, urlIgnoreName) !== undefined) {
      const file = join(shown, urlIgnoreName);
      try {
        events.push({ kind: 'url-ignore', file, text: await readFile(pathIn(folder, urlIgnoreName), 'utf8') });
      } catch (error) {
        events.push({ kind: 'error', message: `${file}: ${describeError(error)}` });
      }
    }
    return { frame: { folder, shown, segments, sets: ruleSets, entries, next: 0, looks: new Map(), looked: 0 }, events };
  }

  /** Ask for the looks of the next files of `frame`, up to `lookAhead` ahead of its walk. */
  function lookAheadIn(frame: Frame): void {
    const { names, kinds } = frame.entries;
    while (frame.looked < names.length && frame.looked < frame.next + lookAhead) {
      const index = frame.looked++;
      const kind = kinds[index];
      if (kind !== entryKinds.file && kind !== entryKinds.link) continue;
      frame.looks.set(
        index,
        stat(openable(pathIn(frame.folder, names[index] as string | Buffer))).then(
          (stats) => ({ stats }),
          (error: unknown) => ({ error }),
        ),
      );
    }
  }

  const first = await open(rootPath, showRoot, [], []);
  yield* first.events;
  const stack: Frame[] = first.frame === undefined ? [] : [first.frame];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { names, kinds } = frame.entries;
    if (frame.next >= names.length) {
      stack.pop();
      continue;
    }
    lookAheadIn(frame);
    const index = frame.next++;
    const rawName = names[index] as string | Buffer;
    const kind = kinds[index];
    // the entry is done with: a folder of a million names lets them go as it goes
    names[index] = '';
    const name = typeof rawName === 'string' ? rawName : displayName(rawName);
    const entryShown = join(frame.shown, name);
    const entrySegments = [...frame.segments, name];
    const isFolder = kind === entryKinds.folder;
    const look = frame.looks.get(index);
    frame.looks.delete(index);
    if (!options.hidden && name.startsWith('.')) {
      if (tell) yield { kind: 'left-out', name: entryShown, reason: 'hidden (--hidden reads it)' };
      continue;
    }
    const excluded = options.excluded === undefined ? undefined : ignoredBy(options.excluded, entrySegments, isFolder);
    if (excluded === true) {
      if (tell) yield { kind: 'left-out', name: entryShown, reason: 'excluded by --exclude' };
      continue;
    }
    if (excluded === undefined) {
      const ignoring = ignoringSet(frame.sets, entrySegments, isFolder);
      if (ignoring !== undefined) {
        if (tell) yield { kind: 'left-out', name: entryShown, reason: `ignored by ${ignoring.origin} (--no-ignore reads it)` };
        continue;
      }
    }
    const where = pathIn(frame.folder, rawName);
    if (isFolder) {
      if (options.pattern !== undefined && !mayMatchBelow(options.pattern, entrySegments)) continue;
      const opened = await open(where, entryShown, entrySegments, frame.sets);
      yield* opened.events;
      if (opened.frame !== undefined) stack.push(opened.frame);
      continue;
    }
    if (options.pattern !== undefined && !matchSegments(options.pattern, entrySegments)) continue;
    if (look === undefined) {
      yield note(entryShown, 'not a regular file (a device, a FIFO or a socket), skipped');
      continue;
    }
    const seen = await look;
    if (seen.stats === undefined) {
      const code = (seen.error as NodeJS.ErrnoException).code;
      const link = kind === entryKinds.link;
      if (link && code === 'ENOENT') yield note(entryShown, 'dangling symbolic link, skipped');
      else if (link && code === 'ELOOP') yield note(entryShown, 'symbolic link loop, skipped');
      else yield { kind: 'error', message: `${entryShown}: ${describeError(seen.error)}` };
      continue;
    }
    // a link to a folder is not followed; a link to a device is not read in a walk
    if (seen.stats.isDirectory()) continue;
    if (!seen.stats.isFile()) {
      yield note(entryShown, 'not a regular file (a device, a FIFO or a socket), skipped');
      continue;
    }
    yield { kind: 'input', input: { kind: 'file', name: entryShown, path: where, size: seen.stats.size, regular: true } };
  }
}
