/**
 * Compressed inputs, told by their first bytes whatever their name. gzip
 * (`changelog.gz`, a mail archive's `2024-May.txt.gz`, `notes.md.gz`, a
 * maildir message Dovecot stored compressed) is read through a streaming
 * decompressor, so that what it holds is read like any other input (mail,
 * HTML, Markdown or text by the name without `.gz`, then by content) and
 * memory follows the decompressed stream, not the file: a small file that
 * inflates to gigabytes is scanned as it inflates. Positions count in the
 * decompressed content (the reader is `gunzip.ts`). The other methods
 * Dovecot writes (bzip2, xz, zstd, its own LZ4 frames) are named, not read:
 * Node has no decompressor for them.
 */

/** A compression method told by its magic bytes. */
export type Compression = 'gzip' | 'bzip2' | 'xz' | 'zstd' | 'lz4';

/** Each method's first bytes; `undefined` stands for any byte. */
const magics: ReadonlyArray<readonly [Compression, ReadonlyArray<number | undefined>]> = [
  // RFC 1952: ID1, ID2, then CM 8 (deflate), the only method defined
  ['gzip', [0x1f, 0x8b, 0x08]],
  // "BZh", the block size digit, then the first block's magic (the digits of pi)
  ['bzip2', [0x42, 0x5a, 0x68, undefined, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  // RFC 8878 §3.1.1
  ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
  // the LZ4 frame format, and Dovecot's own: "Dovecot-LZ4", CR, then 2A 9B C5
  ['lz4', [0x04, 0x22, 0x4d, 0x18]],
  ['lz4', [0x44, 0x6f, 0x76, 0x65, 0x63, 0x6f, 0x74, 0x2d, 0x4c, 0x5a, 0x34, 0x0d, 0x2a, 0x9b, 0xc5]],
];

/** The compression these first bytes start, if any. */
// rule: gzip-input
export function compressionOf(head: Uint8Array): Compression | undefined {
  // most inputs start with no method's first byte: told at once, without a look at each method (this runs for every file)
  if (head.length === 0 || !firstBytes.has(head[0]!)) return undefined;
  for (const [method, magic] of magics) {
    if (head.length >= magic.length && startsWith(head, magic)) return method;
  }
  return undefined;
}

/** The first byte of each method's magic. */
const firstBytes = new Set(magics.map(([, magic]) => magic[0]!));

/** Does `head` start with `magic`? */
function startsWith(head: Uint8Array, magic: ReadonlyArray<number | undefined>): boolean {
  for (let index = 0; index < magic.length; index++) {
    const byte = magic[index];
    if (byte !== undefined && head[index] !== byte) return false;
  }
  return true;
}

/** Why an input compressed by `method` (not gzip) is not read: a clause for a message or a note. */
export function unreadCompression(method: Compression): string {
  return `compressed with ${method}, which is not read (gzip is)`;
}

/** Do these first bytes start a gzip member? */
export function isGzip(head: Uint8Array): boolean {
  return compressionOf(head) === 'gzip';
}

/** Bytes enough to tell every method in `compressionOf`. */
export const compressionHeadSize = 15;

const gzipSuffix = /\.(gz|gzip)$/i;

/** Does the name say gzip (`.gz`, `.gzip`)? */
export function hasGzipName(name: string): boolean {
  return gzipSuffix.test(name);
}

/** The name that tells what a compressed file holds: `notes.md.gz` → `notes.md`. */
export function innerName(name: string): string {
  return name.replace(gzipSuffix, '');
}
