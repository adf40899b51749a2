/**
 * Is this mail? For the CLI's `--as auto`: by path (`.eml`, `.mbox`, `.mbx`,
 * a maildir folder with `cur/` and `new/`) or by content (a first line
 * `From `, or a header block with fields only mail has).
 */
import { statSync } from 'node:fs';
import { extname, join } from 'node:path';

/** File extensions of mail. */
export const mailExtensions: readonly string[] = ['.eml', '.mbox', '.mbx'];

/** Field names that, two of them together at the top of a file, make it mail. */
const mailFields = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'received',
  'return-path',
  'delivered-to',
  'mime-version',
  'reply-to',
  'in-reply-to',
  'references',
  'sender',
  'x-mailer',
  'user-agent',
  'list-id',
  'dkim-signature',
  'authentication-results',
  'x-original-to',
]);

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

/** Does the path name mail: a mail extension, or a maildir folder? A path that does not exist is no maildir. */
export function isMailPath(path: string): boolean {
  if (typeof path !== 'string') throw new TypeError(`Expected a path string, got ${typeof path}`);
  return mailExtensions.includes(extname(path).toLowerCase()) || isMaildir(path);
}

/** An mbox postmark: `From sender` then a date with a time, or a sender address. */
const postmark = /^From (?:\S+\s+\S.*\d{1,2}:\d{2}|\S*@\S*)/;

/** Does the input start like an mbox (`From ` then a sender)? Loose: used once the input is known to be mail. */
export function startsLikeMbox(firstBytes: Uint8Array): boolean {
  const start = Buffer.from(firstBytes.buffer, firstBytes.byteOffset, Math.min(firstBytes.byteLength, 6)).toString('latin1');
  return /^From \S/.test(start);
}

/**
 * Do these first bytes (say, the first 8 KiB) look like mail, or does the
 * path say so? Content: a first line that is an mbox postmark, or a first line that is a
 * header field and two known mail fields in the header block.
 */
export function looksLikeMail(firstBytes: Uint8Array, path?: string): boolean {
  if (!(firstBytes instanceof Uint8Array)) throw new TypeError('Expected `firstBytes` to be a Uint8Array');
  if (path !== undefined && isMailPath(path)) return true;
  const text = Buffer.from(firstBytes.buffer, firstBytes.byteOffset, firstBytes.byteLength).toString('latin1');
  const lines = text.split(/\r?\n/);
  if (postmark.test(lines[0] ?? '')) return true;
  const field = /^([\x21-\x39\x3b-\x7e]+)[ \t]*:/;
  if (!field.test(lines[0] ?? '')) return false;
  const seen = new Set<string>();
  for (const line of lines) {
    if (line === '') break;
    const match = field.exec(line);
    if (match) {
      const name = match[1]!.toLowerCase();
      if (mailFields.has(name)) seen.add(name);
    } else if (!/^[ \t]/.test(line)) {
      return false;
    }
    if (seen.size >= 2) return true;
  }
  return false;
}
