/**
 * The plain-text adapter's decoding: bytes of a file to text. UTF-8 with its
 * BOM stripped and invalid bytes replaced by U+FFFD (so positions stay right:
 * one replacement character per bad sequence); UTF-16 when a BOM says so.
 */

const utf16LeBom = [0xff, 0xfe] as const;
const utf16BeBom = [0xfe, 0xff] as const;

/** The encoding a file's first bytes announce. */
export function sniffEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === utf16LeBom[0] && bytes[1] === utf16LeBom[1]) return 'utf-16le';
  if (bytes[0] === utf16BeBom[0] && bytes[1] === utf16BeBom[1]) return 'utf-16be';
  return 'utf-8';
}

/** Decode a whole file. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder(sniffEncoding(bytes)).decode(bytes);
}

/** A NUL byte in the first 8 KiB, in a file that is not UTF-16: binary. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (sniffEncoding(bytes) !== 'utf-8') return false;
  const head = bytes.subarray(0, 8192);
  return head.includes(0);
}
