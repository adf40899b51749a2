/**
 * The first bytes of a stream of chunks, to tell what it holds, and the
 * whole stream again from its first byte.
 */

/** What `peekStream` read, and the stream again. */
export interface PeekedStream {
  /** The chunks read so far, as one buffer: at least `atLeast` bytes unless the stream ended sooner. */
  head: Buffer;
  /** Every chunk of the stream: `head` (when not empty) first, then the chunks not yet read. */
  all: AsyncIterable<Uint8Array>;
}

/**
 * Read chunks until at least `atLeast` bytes have come (or the stream has
 * ended). With `atLeast` 1, one chunk: a live stream (`tail -f`) is not
 * kept waiting for more text than it has.
 */
export async function peekStream(chunks: AsyncIterable<Uint8Array>, atLeast: number): Promise<PeekedStream> {
  const iterator = chunks[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < atLeast) {
    const step = await iterator.next();
    if (step.done === true) {
      done = true;
      break;
    }
    read.push(step.value);
    size += step.value.byteLength;
  }
  const head = read.length === 1 ? asBuffer(read[0]!) : Buffer.concat(read, size);
  async function* all(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    if (done) return;
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) yield step.value;
  }
  return { head, all: all() };
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
