/**
 * A maildir folder: one message per file in `cur/` and `new/` (`tmp/` holds
 * messages still being delivered and is left out). Maildirs nested inside it
 * are read too, each after its parent: Maildir++ folders (`.Sent/cur`),
 * notmuch's and other plain layouts (`sub/cur`). Files elsewhere in the tree
 * (notmuch keeps messages beside `cur/`) are messages when they start like
 * mail; anything else left out is listed, never skipped without a word.
 * In each folder: `cur/`, then `new/`, then its other files, then the
 * folders inside it, each in code-unit order of names. Told not to descend
 * (`nested: false`), a maildir's own messages are read and the maildirs
 * inside it are not: `nestedMaildirs` names those, for reading on their own.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startsWithMailHeader } from './header-shape.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Is `path` a maildir folder (it has `cur/` and `new/`)? */
export function isMaildir(path: string): boolean {
  return isDirectory(join(path, 'cur')) && isDirectory(join(path, 'new'));
}

/** The files of a maildir tree: messages in reading order, and what is left out. */
export interface MaildirContents {
  messages: string[];
  /** Files and folders not read, with why. */
  leftOut: Array<{ path: string; reason: string }>;
}

/** How many bytes of a loose file are looked at to tell whether it is a message. */
const sniffSize = 8192;

function startsLikeMessage(path: string): boolean {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
    const head = Buffer.alloc(sniffSize);
    const size = readSync(descriptor, head, 0, sniffSize, 0);
    return startsWithMailHeader(head.subarray(0, size));
  } catch {
    return false;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Files of a maildir tree, `folder` first, then the maildirs and folders
 * inside it; with `nested` false, the maildirs inside it are not read (nor
 * listed as left out: they are read on their own).
 */
export async function maildirContents(folder: string, nested = true): Promise<MaildirContents> {
  const contents: MaildirContents = { messages: [], leftOut: [] };
  await visit(folder, true, contents, 0, nested);
  return contents;
}

/** How deep folders inside a maildir are followed. */
const maxFolderDepth = 64;

/** A maildir's own folders: not looked into for maildirs. */
const ownFolders: ReadonlySet<string> = new Set(['cur', 'new', 'tmp']);

/**
 * The maildirs inside maildir `folder` that `maildirContents(folder, false)`
 * stops at, and those inside them, in whole-path order (`a.b/` before `a/`,
 * as `find | sort` lists them). Folders that cannot be listed are named by
 * `maildirContents` of the maildir around them, not here.
 */
export async function nestedMaildirs(folder: string): Promise<string[]> {
  const found: string[] = [];
  async function look(inside: string, maildir: boolean, depth: number): Promise<void> {
    const entries = await readdir(inside, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || (maildir && ownFolders.has(entry.name)) || depth >= maxFolderDepth) continue;
      const path = join(inside, entry.name);
      const box = isMaildir(path);
      if (box) found.push(path);
      // a maildir found starts its own count of levels, as it does when it is read
      await look(path, box, box ? 0 : depth + 1);
    }
  }
  await look(folder, true, 0);
  const key = (path: string): Buffer => Buffer.from(`${path}/`);
  return found.sort((a, b) => Buffer.compare(key(a), key(b)));
}

// rule: maildir-reading
async function visit(folder: string, maildir: boolean, contents: MaildirContents, depth: number, nested: boolean): Promise<void> {
  let entries;
  try {
    entries = (await readdir(folder, { withFileTypes: true })).sort(byName);
  } catch (error) {
    contents.leftOut.push({ path: folder, reason: `folder could not be listed (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
    return;
  }
  if (maildir) {
    for (const sub of ['cur', 'new']) {
      let files;
      try {
        files = (await readdir(join(folder, sub), { withFileTypes: true })).sort(byName);
      } catch (error) {
        contents.leftOut.push({ path: join(folder, sub), reason: `folder could not be listed (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
        continue;
      }
      for (const file of files) {
        const path = join(folder, sub, file.name);
        // a link is followed: a message that cannot be read is named when it is read
        const message = file.isFile() || file.isSymbolicLink();
        if (message && !file.name.startsWith('.')) contents.messages.push(path);
        else contents.leftOut.push({ path, reason: message ? 'hidden file' : 'not a regular file' });
      }
    }
  }
  const folders: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (maildir && (entry.name === 'cur' || entry.name === 'new')) continue;
    if (maildir && entry.name === 'tmp') {
      if (entry.isDirectory()) {
        const pending = await readdir(path).catch(() => []);
        for (const name of pending.sort()) contents.leftOut.push({ path: join(path, name), reason: 'still being delivered (tmp/)' });
      }
      continue;
    }
    if (entry.isDirectory()) folders.push(path);
    else if (entry.isFile() && startsLikeMessage(path)) contents.messages.push(path);
    else contents.leftOut.push({ path, reason: entry.isFile() ? 'not a message' : 'not a regular file' });
  }
  for (const path of folders) {
    if (depth >= maxFolderDepth) {
      contents.leftOut.push({ path, reason: `folders nested deeper than ${maxFolderDepth} levels are not followed` });
      continue;
    }
    const box = isMaildir(path);
    if (box && !nested) continue;
    await visit(path, box, contents, depth + 1, nested);
  }
}
