/**
 * A maildir folder: one message per file in `cur/` and `new/` (`tmp/` holds
 * messages still being delivered and is skipped). Files are read in name
 * order, `cur/` first; dot files are skipped.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The message files of a maildir, in reading order. */
export async function maildirFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const sub of ['cur', 'new']) {
    let entries;
    try {
      entries = await readdir(join(folder, sub), { withFileTypes: true });
    } catch {
      continue;
    }
    const names = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) files.push(join(folder, sub, name));
  }
  return files;
}
