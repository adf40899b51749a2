/**
 * Line endings in mail: CR, LF and CRLF each end a line. The mail modules
 * split lines at LF, so a lone CR (classic Mac OS mail) is turned into an
 * LF on the way in: one byte for one byte, so every offset stays an offset
 * in the file and every line number a line of it. Chunks are copied only
 * when they hold a lone CR; the caller's bytes are never changed.
 */
import { codes } from '../../decode/character-codes.js';

const { carriageReturn, lineFeed } = codes;

const lineFeedByte = Buffer.from('\n', 'latin1');
const carriageReturnByte = Buffer.from('\r', 'latin1');

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** The chunks of `source` with every CR not followed by LF made an LF. */
// rule: mail-line-endings
export async function* loneCarriageReturnsAsLineFeeds(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  // a CR that ended the last chunk: what it is depends on the next byte
  let held = false;
  for await (const chunk of source) {
    let buffer = asBuffer(chunk);
    if (buffer.length === 0) continue;
    if (held) {
      yield buffer[0] === lineFeed ? carriageReturnByte : lineFeedByte;
      held = false;
    }
    let copied = false;
    const last = buffer.length - 1;
    for (let cr = buffer.indexOf(carriageReturn); cr !== -1 && cr < last; cr = buffer.indexOf(carriageReturn, cr + 1)) {
      if (buffer[cr + 1] === lineFeed) continue;
      if (!copied) {
        buffer = Buffer.from(buffer);
        copied = true;
      }
      buffer[cr] = lineFeed;
    }
    if (buffer[last] === carriageReturn) {
      held = true;
      buffer = buffer.subarray(0, last);
    }
    if (buffer.length > 0) yield buffer;
  }
  if (held) yield lineFeedByte;
}
