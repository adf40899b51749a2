/**
 * The plain-text adapter's decoding: bytes of a file to text. UTF-8 with its
 * BOM stripped and invalid bytes replaced by U+FFFD (so positions stay right:
 * one replacement character per bad sequence); UTF-16 when a BOM says so.
 * UTF-32 (which no `TextDecoder` reads) is told apart, so that it is
 * reported, not read as UTF-16 full of NUL characters.
 */

/** What a file's first bytes announce. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

const bom = {
  utf32le: [0xff, 0xfe, 0x00, 0x00],
  utf32be: [0x00, 0x00, 0xfe, 0xff],
  utf16le: [0xff, 0xfe],
  utf16be: [0xfe, 0xff],
} as const;

/** Bytes needed to tell every BOM apart. */
export const longestBom = bom.utf32le.length;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The encoding a file's first bytes announce (UTF-8 when none does). */
// rule: text-decoding
export function sniffEncoding(bytes: Uint8Array): TextEncoding {
  if (startsWith(bytes, bom.utf32le)) return 'utf-32le';
  if (startsWith(bytes, bom.utf32be)) return 'utf-32be';
  if (startsWith(bytes, bom.utf16le)) return 'utf-16le';
  if (startsWith(bytes, bom.utf16be)) return 'utf-16be';
  return 'utf-8';
}

/** The encodings `TextDecoder` reads; the others are reported, not read. */
export type ReadableEncoding = Extract<TextEncoding, 'utf-8' | 'utf-16le' | 'utf-16be'>;

export function isReadable(encoding: TextEncoding): encoding is ReadableEncoding {
  return encoding !== 'utf-32le' && encoding !== 'utf-32be';
}

/** Why a file in an encoding that is not read is skipped. */
export function unreadableReason(encoding: TextEncoding): string {
  return `${encoding === 'utf-32le' ? 'UTF-32LE' : 'UTF-32BE'} text (a BOM says so), which is not read: convert it to UTF-8`;
}

/** Decode a whole file (UTF-8 or UTF-16 by its BOM; call on readable encodings only). */
export function decodeText(bytes: Uint8Array): string {
  const encoding = sniffEncoding(bytes);
  return new TextDecoder(isReadable(encoding) ? encoding : 'utf-8').decode(bytes);
}

/** How much of a file's start the binary check looks at. */
export const binaryCheckSize = 8192;

/** A NUL byte in the first 8 KiB, in a file that is not UTF-16 or UTF-32: binary. */
// rule: binary-skipped
export function looksBinary(bytes: Uint8Array): boolean {
  if (sniffEncoding(bytes) !== 'utf-8') return false;
  return bytes.subarray(0, binaryCheckSize).includes(0);
}
