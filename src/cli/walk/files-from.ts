/**
 * `--files-from FILE`: the paths to read, one a line (`--null`: each ended by
 * a NUL byte, so a name may hold a line break), from a file or standard
 * input, read as a stream (a list of a million names is never held whole).
 * A name is bytes: one that is not UTF-8 is opened by its bytes and shown
 * with escapes. In a list of lines, a CR before the line feed is taken for a
 * CRLF line end, and empty lines are passed over.
 */
import { createReadStream } from 'node:fs';
import { codes } from '../../decode/character-codes.js';
import type { GivenPath } from './inputs.js';

const fatal = new TextDecoder('utf-8', { fatal: true });

/** A name as bytes to a path: a string when it is UTF-8, else the bytes. */
function pathOf(bytes: Uint8Array): GivenPath {
  try {
    return fatal.decode(bytes);
  } catch {
    return Uint8Array.from(bytes);
  }
}

/** The names in `chunks`, split at `separator`. */
export async function* namesIn(chunks: AsyncIterable<Uint8Array>, nullSeparated: boolean): AsyncGenerator<GivenPath> {
  const separator = nullSeparated ? codes.null : codes.lineFeed;
  let carry: Buffer = Buffer.alloc(0);
  const name = (bytes: Buffer): GivenPath | undefined => {
    let end = bytes.length;
    if (!nullSeparated && end > 0 && bytes[end - 1] === codes.carriageReturn) end--;
    return end === 0 ? undefined : pathOf(bytes.subarray(0, end));
  };
  for await (const chunk of chunks) {
    const bytes: Buffer = carry.length === 0 ? Buffer.from(chunk) : Buffer.concat([carry, chunk]);
    let start = 0;
    for (let at = bytes.indexOf(separator, start); at !== -1; at = bytes.indexOf(separator, start)) {
      const found = name(bytes.subarray(start, at));
      if (found !== undefined) yield found;
      start = at + 1;
    }
    carry = Buffer.from(bytes.subarray(start));
  }
  const last = name(carry);
  if (last !== undefined) yield last;
}

/** The names of the list in `file` (`-`: `stdin`). */
export function filesFrom(file: string, nullSeparated: boolean, stdin: AsyncIterable<Uint8Array> | undefined): AsyncGenerator<GivenPath> {
  const chunks = file === '-' ? (stdin ?? (async function* () {})()) : (createReadStream(file) as AsyncIterable<Uint8Array>);
  return namesIn(chunks, nullSeparated);
}
