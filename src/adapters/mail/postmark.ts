/**
 * The mbox postmark (RFC 4155): the `From ` line that starts each message,
 * `From sender date`. One definition for the splitter and for detection.
 */
import { codes } from '../../decode/character-codes.js';
import { byteOrderMarkLength } from '../../decode/byte-order-mark.js';

/** How much of a line the postmark and header-field tests look at. */
export const testedPrefix = 200;

const fromSpace = Buffer.from('From ', 'latin1');

/**
 * A postmark: `From `, a sender, then a date with a time
 * (`From a@b Mon Jan  1 00:00:00 2024`, `From - Sat Jan 03 21:28:20 2009`),
 * or a sender that is an address (`From a@b`).
 */
const postmark = /^From (?:\S+[ \t]+.*\b\d{1,2}:\d{2}|\S*@)/;

/** A header field line: a field name (printable ASCII but `:`), optional white space, `:`. */
const headerLine = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

/** Is this line (or its first `testedPrefix` characters, read as Latin-1) a postmark? */
// rule: mbox-postmark
export function isPostmark(line: string): boolean {
  return postmark.test(line.length > testedPrefix ? line.slice(0, testedPrefix) : line);
}

/** Is this line (or its start) a header field line? */
export function isHeaderLine(line: string): boolean {
  return headerLine.test(line.length > testedPrefix ? line.slice(0, testedPrefix) : line);
}

/** Do `bytes[at, end)` start with `From `? */
export function startsWithFrom(bytes: Uint8Array, at: number, end: number): boolean {
  if (end - at < fromSpace.length || bytes[at] !== codes.uppercaseF) return false;
  for (let i = 1; i < fromSpace.length; i++) if (bytes[at + i] !== fromSpace[i]) return false;
  return true;
}

/**
 * Does the input start like an mbox: `From ` then a sender (after a byte
 * order mark, if any)? Loose, as the splitter is with a first line: used
 * once the input is known to be mail.
 */
export function startsLikeMbox(firstBytes: Uint8Array): boolean {
  const at = byteOrderMarkLength(firstBytes);
  const next = firstBytes[at + fromSpace.length];
  return startsWithFrom(firstBytes, at, firstBytes.length) && next !== undefined && next > codes.space && next !== codes.delete;
}
