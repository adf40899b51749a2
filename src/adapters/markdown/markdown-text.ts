/**
 * A Markdown file decoded as it is read, joined into the one string the
 * Markdown reader needs: unless it is longer than V8 lets a string be
 * (`buffer.constants.MAX_STRING_LENGTH`, 2^29 − 24 UTF-16 code units in
 * Node 20: about 512 MiB). Past that, the whole file is read as plain text
 * instead (the text read so far, then the rest as it comes), with a note
 * naming the limit: never no URL at all.
 */
import { constants } from 'node:buffer';

/** V8's limit on a string's length, in UTF-16 code units. */
export const maxStringLength = constants.MAX_STRING_LENGTH;

/** The text of a file too long for one string: what was read so far, then the rest. */
export type TooLong = (pieces: AsyncIterable<string>, note: string) => Promise<void>;

/**
 * The pieces of a decoded file as one string, or, when they are longer than
 * `limit` code units, `undefined` once `tooLong` has been given all of them
 * (those read so far first) and a note saying why.
 */
export async function markdownText(pieces: AsyncIterable<string>, tooLong: TooLong, limit = maxStringLength): Promise<string | undefined> {
  const read: string[] = [];
  let length = 0;
  const iterator = pieces[Symbol.asyncIterator]();
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    if (length + next.value.length > limit) {
      const first = next.value;
      const all = (async function* () {
        yield* read.splice(0);
        yield first;
        for (let rest = await iterator.next(); rest.done !== true; rest = await iterator.next()) yield rest.value;
      })();
      await tooLong(all, `read as plain text: longer than the ${limit.toLocaleString('en')} UTF-16 code units V8 allows a string (its text cannot be one string for the Markdown reader)`);
      return undefined;
    }
    read.push(next.value);
    length += next.value.length;
  }
  return read.join('');
}
