/**
 * A UTF-8 byte order mark before a message (as some Windows tools save
 * `.eml` files) is no part of the message: it is skipped, and positions
 * still count it.
 */

/** Bytes of a UTF-8 byte order mark. */
const byteOrderMark = Buffer.from('\ufeff', 'utf8');

/** Length of a UTF-8 byte order mark at the start of `bytes`: 3 or 0. */
export function byteOrderMarkLength(bytes: Uint8Array): number {
  if (bytes.length < byteOrderMark.length) return 0;
  for (let i = 0; i < byteOrderMark.length; i++) if (bytes[i] !== byteOrderMark[i]) return 0;
  return byteOrderMark.length;
}
