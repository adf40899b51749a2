/**
 * The encoding of an HTML file read as bytes, as browsers find it (HTML §
 * determining the character encoding, without the transport layer): a BOM;
 * else `<meta charset>` or `<meta http-equiv="content-type"
 * content="…; charset=…">` in the first 1024 bytes; else UTF-8 when the
 * bytes read as UTF-8, windows-1252 when they do not. Decoding is the mail
 * adapter's (iconv-lite, with Node's `TextDecoder` for UTF-8 and UTF-16).
 */
import { codes } from '../../decode/character-codes.js';
import { latin1, resolveCharset, streamDecoder, type StreamDecoder } from '../../decode/charset.js';
import { hasEightBit, isUtf8 } from '../../decode/eight-bit.js';

export interface HtmlEncoding {
  /** The encoding the bytes are decoded with. */
  encoding: string;
  /** Where it comes from. */
  from: 'bom' | 'meta' | 'content';
}

/** How many bytes the `<meta>` prescan reads (HTML § prescan a byte stream). */
export const prescanLength = 1024;

const boms: ReadonlyArray<readonly [bytes: readonly number[], encoding: string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

const comment = /<!--[\s\S]*?(?:-->|$)/g;
const metaTag = /<meta[\s/][^>]*/gi;
const metaAttribute = /([^\s"'>/=]+)\s*(?:=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/g;
const contentCharset = /charset\s*=\s*(?:"([^"]*)|'([^']*)|([^\s;"']+))/i;

/** The charset a `<meta>` in the first 1024 bytes declares, if any. */
function prescan(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, prescanLength)).toString('latin1').replace(comment, '');
  for (const [tag] of text.matchAll(metaTag)) {
    let charset: string | undefined;
    let httpEquiv = '';
    let content: string | undefined;
    for (const match of tag.slice(5).matchAll(metaAttribute)) {
      const name = (match[1] as string).toLowerCase();
      const value = match[2] ?? match[3] ?? match[4] ?? '';
      if (name === 'charset') charset ??= value;
      else if (name === 'http-equiv') httpEquiv = value.toLowerCase();
      else if (name === 'content') content ??= value;
    }
    if (charset === undefined && httpEquiv === 'content-type' && content !== undefined) {
      const found = contentCharset.exec(content);
      charset = found?.[1] ?? found?.[2] ?? found?.[3];
    }
    if (charset !== undefined && charset.trim() !== '') return charset.trim();
  }
  return undefined;
}

/** A sample cut after its last ASCII byte, so that a sequence cut by the end of a chunk is not taken for invalid UTF-8. */
function wholeSequences(sample: Uint8Array, complete: boolean): Uint8Array {
  if (complete) return sample;
  let end = sample.length;
  while (end > 0 && sample[end - 1]! >= codes.asciiEnd) end--;
  return sample.subarray(0, end);
}

/**
 * The encoding of HTML bytes, from its first bytes (`complete`: `head` is
 * the whole file).
 */
export function sniffHtmlEncoding(head: Uint8Array, complete = true): HtmlEncoding {
  for (const [bom, encoding] of boms) {
    if (bom.every((byte, index) => head[index] === byte)) return { encoding, from: 'bom' };
  }
  const sample = wholeSequences(head, complete);
  const label = prescan(head);
  if (label !== undefined) {
    const lower = label.toLowerCase();
    // the prescan read ASCII: a UTF-16 label is wrong, and means UTF-8; x-user-defined means windows-1252
    if (lower.startsWith('utf-16')) return { encoding: 'utf-8', from: 'meta' };
    if (lower === 'x-user-defined') return { encoding: latin1, from: 'meta' };
    const charset = resolveCharset(label, sample);
    if (charset.unknown === undefined && !charset.guessed) return { encoding: unicodeName(charset.encoding), from: 'meta' };
  }
  return { encoding: !hasEightBit(sample) || isUtf8(sample) ? 'utf-8' : latin1, from: 'content' };
}

/** `UTF-8` (iconv-lite's spelling) as `utf-8`: decoded by the platform, the fastest. */
function unicodeName(encoding: string): string {
  return /^utf-?8$/i.test(encoding) ? 'utf-8' : encoding;
}

/** A streaming decoder for `encoding`; a leading BOM is dropped. */
export function htmlDecoder(encoding: string): StreamDecoder {
  if (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be') {
    const decoder = new TextDecoder(encoding);
    return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
  }
  return streamDecoder(encoding);
}

/** Decode a whole HTML file. */
export function decodeHtml(bytes: Uint8Array): string {
  const decoder = htmlDecoder(sniffHtmlEncoding(bytes).encoding);
  return decoder.write(bytes) + decoder.end();
}
