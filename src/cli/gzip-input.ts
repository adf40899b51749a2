/**
 * gzip-compressed inputs (`changelog.gz`, a mail archive's `2024-May.txt.gz`,
 * `notes.md.gz`): told by their first bytes, whatever their name, and read
 * through a streaming decompressor, so that what they hold is read like any
 * other input (mail, HTML, Markdown or text by the name without `.gz`, then
 * by content) and memory follows the decompressed stream, not the file:
 * a small file that inflates to gigabytes is scanned as it inflates.
 * Positions count in the decompressed content.
 */
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** RFC 1952: ID1, ID2, then CM 8 (deflate), the only method defined. */
const gzipMagic = [0x1f, 0x8b, 0x08] as const;

/** Do these first bytes start a gzip member? */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= gzipMagic.length && gzipMagic.every((byte, index) => head[index] === byte);
}

const gzipSuffix = /\.(gz|gzip)$/i;

/** The name that tells what a compressed file holds: `notes.md.gz` → `notes.md`. */
export function innerName(name: string): string {
  return name.replace(gzipSuffix, '');
}

/**
 * The decompressed bytes of `chunks` (one gzip member or several, one after
 * the other, as `cat a.gz b.gz` makes). Damaged data (a file cut short, a
 * bad checksum) ends the stream where it happened; `onDamage` is told why,
 * and what came before it stands.
 */
export async function* gunzipChunks(chunks: AsyncIterable<Uint8Array>, onDamage: (reason: string) => void): AsyncIterable<Uint8Array> {
  let readError: unknown;
  async function* read(): AsyncIterable<Uint8Array> {
    try {
      yield* chunks;
    } catch (error) {
      readError = error;
      throw error;
    }
  }
  const inflating = createGunzip();
  // `pipeline`, not `pipe`: a read that fails ends the decompressor too, instead of leaving it waiting
  pipeline(Readable.from(read(), { objectMode: false }), inflating, () => {});
  try {
    for await (const piece of inflating) yield piece as Buffer;
  } catch (error) {
    // a failed read is the input's error, not damaged data
    if (readError !== undefined) throw readError;
    onDamage(`gzip data damaged (${error instanceof Error ? error.message : String(error)}): read up to there`);
  } finally {
    inflating.destroy();
  }
}
