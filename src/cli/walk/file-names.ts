/**
 * File names as bytes: Linux allows any byte but `/` and NUL in a name, so a
 * name need not be UTF-8. Such a name is opened by its bytes and shown with
 * the bytes that are not UTF-8 written as `\xNN`: they are held as lone
 * surrogates (U+DC80–U+DCFF, as Python's surrogateescape), which the
 * output's escaping writes so, telling them from a name that holds a
 * backslash and `xNN` (written `\\xNN`).
 */
import { codes } from '../../decode/character-codes.js';

const fatal = new TextDecoder('utf-8', { fatal: true });

/** How a name (or path) is shown: UTF-8 as is, other bytes as lone surrogates (written `\\xNN`). */
export function displayName(bytes: Uint8Array): string {
  try {
    return fatal.decode(bytes);
  } catch {
    let shown = '';
    let from = 0;
    let i = 0;
    while (i < bytes.length) {
      const length = validSequenceAt(bytes, i);
      if (length > 0) {
        i += length;
        continue;
      }
      // a byte that is not UTF-8 (always 0x80 or more) as a lone surrogate, U+DC80–U+DCFF: shown as `\\xNN`, never mistaken for text (terminal-safe.ts)
      shown += `${fatal.decode(bytes.subarray(from, i))}${String.fromCharCode(codes.lowSurrogateFirst + (bytes[i] as number))}`;
      i++;
      from = i;
    }
    return shown + fatal.decode(bytes.subarray(from));
  }
}

/** The longest UTF-8 sequence (RFC 3629). */
const maxSequenceLength = 4;

/** The length of the valid UTF-8 sequence at `at`, or 0: the shortest prefix the strict decoder reads whole. */
function validSequenceAt(bytes: Uint8Array, at: number): number {
  for (let length = 1; length <= maxSequenceLength && at + length <= bytes.length; length++) {
    try {
      fatal.decode(bytes.subarray(at, at + length));
      return length;
    } catch {
      // not a whole sequence yet, or not UTF-8
    }
  }
  return 0;
}

/** The path to open: a string when the bytes are UTF-8 (it reads the same), else the bytes themselves. */
export function fsPath(bytes: Buffer): string | Buffer {
  const text = bytes.toString('utf8');
  return Buffer.byteLength(text) === bytes.length && Buffer.from(text).equals(bytes) ? text : bytes;
}

/** A path as `fs` takes it: bytes that crossed a worker boundary (a plain `Uint8Array`) become a `Buffer` again. */
export function openable(path: string | Uint8Array): string | Buffer {
  if (typeof path === 'string' || Buffer.isBuffer(path)) return path;
  return Buffer.from(path.buffer, path.byteOffset, path.byteLength);
}
