/**
 * Is this mail? For the CLI's `--as auto`: by path (`.eml`, `.mbox`, `.mbx`,
 * a maildir folder with `cur/` and `new/`) or by content (an mbox postmark,
 * or a header block of mail's fields).
 */
import { extname } from 'node:path';
import { startsWithMailHeader } from './header-shape.js';
import { isMaildir } from './maildir.js';

export { isMaildir } from './maildir.js';

/** File extensions of mail. */
export const mailExtensions: readonly string[] = ['.eml', '.mbox', '.mbx'];

/** Does the path name mail: a mail extension, or a maildir folder? A path that does not exist is no maildir. */
export function isMailPath(path: string): boolean {
  if (typeof path !== 'string') throw new TypeError(`Expected a path string, got ${typeof path}`);
  return mailExtensions.includes(extname(path).toLowerCase()) || isMaildir(path);
}

/**
 * Do these first bytes (say, the first 8 KiB) look like mail, or does the
 * path say so? Content: an mbox postmark first, or a header block whose
 * field names weigh enough (see `startsWithMailHeader`).
 */
export function looksLikeMail(firstBytes: Uint8Array, path?: string): boolean {
  if (!(firstBytes instanceof Uint8Array)) throw new TypeError('Expected `firstBytes` to be a Uint8Array');
  if (path !== undefined && isMailPath(path)) return true;
  return startsWithMailHeader(firstBytes);
}
