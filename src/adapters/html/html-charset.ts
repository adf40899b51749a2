/**
 * The encoding of an HTML file read as bytes, as browsers find it (HTML §
 * determining the character encoding, without the transport layer): a BOM;
 * else `<meta charset>` or `<meta http-equiv="content-type"
 * content="…; charset=…">` in the first 1024 bytes, its label one of the
 * Encoding standard's (no browser decodes UTF-7: `<meta charset=utf-7>` is
 * passed over, with a note); else UTF-8 when the bytes read as UTF-8,
 * windows-1252 when they do not. Decoding is the mail
 * adapter's (iconv-lite, with Node's `TextDecoder` for UTF-8 and UTF-16).
 */
import { codes } from '../../decode/character-codes.js';
import { latin1, resolveCharset, streamDecoder, type StreamDecoder } from '../../decode/charset.js';
import { hasEightBit, isUtf8 } from '../../decode/eight-bit.js';
import { quoted } from '../../records/quoted.js';
import type { HtmlNote, HtmlNoteSink } from './html-notes.js';

export interface HtmlEncoding {
  /** The encoding the bytes are decoded with (`replacement`: the Encoding standard's, one U+FFFD). */
  encoding: string;
  /** Where it comes from. */
  from: 'bom' | 'meta' | 'content';
  /** `<meta>` charset labels passed over: no browser knows them (`utf-7`). */
  ignored: string[];
  /** The `<meta>` label that named the encoding. */
  label?: string;
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

/** The charset labels the `<meta>` elements in the first 1024 bytes declare, in order. */
function prescan(head: Uint8Array): string[] {
  const labels: string[] = [];
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
    if (charset !== undefined && charset.trim() !== '') labels.push(charset.trim());
  }
  return labels;
}

/** Labels of the Encoding standard's replacement encoding (the platform's `TextDecoder` knows none of them). */
const replacementLabels: ReadonlySet<string> = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement']);

/**
 * The encoding a label names in the Encoding standard (§ get an encoding),
 * or undefined when it names none: the labels browsers know, no more, so
 * `utf-7`, which iconv-lite would decode, names nothing.
 */
function standardEncoding(label: string): string | undefined {
  const key = label.trim().toLowerCase();
  if (replacementLabels.has(key)) return 'replacement';
  if (key === 'x-user-defined') return key;
  try {
    return new TextDecoder(key).encoding;
  } catch {
    return undefined;
  }
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
 * the whole file). A `<meta>` label must be one of the Encoding standard's,
 * as browsers read it; one that is not is passed over (`ignored`) and the
 * next `<meta>` looked at.
 */
// rule: html-charset
export function sniffHtmlEncoding(head: Uint8Array, complete = true): HtmlEncoding {
  const ignored: string[] = [];
  for (const [bom, encoding] of boms) {
    if (bom.every((byte, index) => head[index] === byte)) return { encoding, from: 'bom', ignored };
  }
  const sample = wholeSequences(head, complete);
  for (const label of prescan(head)) {
    const standard = standardEncoding(label);
    if (standard === undefined) {
      ignored.push(label);
      continue;
    }
    // the prescan read ASCII: a UTF-16 label is wrong, and means UTF-8; x-user-defined means windows-1252
    if (standard.startsWith('utf-16')) return { encoding: 'utf-8', from: 'meta', ignored, label };
    if (standard === 'x-user-defined') return { encoding: latin1, from: 'meta', ignored, label };
    if (standard === 'replacement') return { encoding: standard, from: 'meta', ignored, label };
    const charset = resolveCharset(standard, sample);
    if (charset.unknown === undefined && !charset.guessed) return { encoding: unicodeName(charset.encoding), from: 'meta', ignored, label };
  }
  return { encoding: !hasEightBit(sample) || isUtf8(sample) ? 'utf-8' : latin1, from: 'content', ignored };
}

/** The notes an encoding found by `sniffHtmlEncoding` calls for. */
export function encodingNotes(found: HtmlEncoding): HtmlNote[] {
  const notes: HtmlNote[] = found.ignored.map((label) => ({
    code: 'unknown-charset',
    message: `<meta> charset ${quoted(label)} names no encoding browsers know: ignored, as they ignore it`,
  }));
  if (found.encoding === 'replacement') {
    notes.push({
      code: 'replacement-charset',
      message: `<meta> charset ${quoted(found.label ?? '')} is read by browsers as one U+FFFD for the whole document (the Encoding standard's replacement encoding): not read`,
    });
  }
  return notes;
}

/** `UTF-8` (iconv-lite's spelling) as `utf-8`: decoded by the platform, the fastest. */
function unicodeName(encoding: string): string {
  return /^utf-?8$/i.test(encoding) ? 'utf-8' : encoding;
}

/** A streaming decoder for `encoding`; a leading BOM is dropped. */
export function htmlDecoder(encoding: string): StreamDecoder {
  if (encoding === 'replacement') {
    // the Encoding standard's replacement decoder: one U+FFFD for any input, then nothing
    let given = false;
    const once = (bytes: Uint8Array): string => {
      if (given || bytes.byteLength === 0) return '';
      given = true;
      return '\ufffd';
    };
    return { write: once, end: () => '' };
  }
  if (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be') {
    const decoder = new TextDecoder(encoding);
    return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
  }
  return streamDecoder(encoding);
}

/** Decode a whole HTML file; what the encoding's choice calls for goes to `onNote`. */
export function decodeHtml(bytes: Uint8Array, onNote?: HtmlNoteSink): string {
  const found = sniffHtmlEncoding(bytes);
  if (onNote !== undefined) for (const note of encodingNotes(found)) onNote(note);
  const decoder = htmlDecoder(found.encoding);
  return decoder.write(bytes) + decoder.end();
}
