/**
 * Bytes beyond ASCII, by the platform's checks (they read many bytes at a
 * time): light enough for modules that must not load the charset libraries.
 */
import { isAscii, isUtf8 as platformIsUtf8 } from 'node:buffer';
import { codes } from './character-codes.js';

/**
 * A range up to this long is read a byte at a time: a line of mail costs
 * less so than a view of it made for the platform's check.
 */
const shortRange = 256;

/** Does any byte of `bytes[start, end)` have its high bit set? */
export function hasEightBit(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  if (end - start <= shortRange) {
    for (let i = start; i < end; i++) if (bytes[i]! >= codes.asciiEnd) return true;
    return false;
  }
  return !isAscii(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
}

/** Do these bytes read as UTF-8 without error? */
export function isUtf8(bytes: Uint8Array): boolean {
  return platformIsUtf8(bytes);
}

/**
 * Are `bytes[start, end)` exactly the characters of `text`, each one ASCII?
 * (Then any ASCII-transparent charset decodes them to `text`: no decoding
 * needed.)
 */
export function spellsAscii(bytes: Uint8Array, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= codes.asciiEnd || bytes[start + i] !== code) return false;
  }
  return true;
}
