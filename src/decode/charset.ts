/**
 * Charset decoding of text parts and header lines, done by iconv-lite (the
 * decoder libmime and so mailparser use: ISO-8859-x, windows-125x, KOI8,
 * Shift_JIS, GBK, Big5, EUC-KR, UTF-8, UTF-16, …) with libmime's label
 * normalization (`latin1`, `win-1252`, `ks_c_5601-1987`, …). Charsets
 * iconv-lite lacks but the platform's `TextDecoder` has (ISO-2022-JP) go to
 * `TextDecoder`, and so do the multi-byte East Asian charsets (Shift_JIS,
 * EUC-JP, GBK, GB18030, Big5, EUC-KR): ICU's tables live outside the
 * JavaScript heap, where iconv-lite's would add about a megabyte of live
 * heap each (and several times that in peak memory, as the heap grows in
 * proportion to what lives in it). Node's own `TextDecoder('windows-1252')`
 * is not used: it reads 0x80–0x9F as C1 controls, not as `€`, `“`, `”`, ….
 */
import iconv from 'iconv-lite';
import libmime from 'libmime';
import { hasEightBit, isUtf8 } from './eight-bit.js';
import { codes } from './character-codes.js';
import { wellFormed, WellFormedPieces } from './well-formed.js';

/** The fallback for unknown charsets: Latin-1 as mail readers read it (windows-1252). */
export const latin1 = 'windows-1252';

/** A part's charset, resolved. */
export interface Charset {
  /** Encoding name understood by `decodeBytes` and `streamDecoder`. */
  encoding: string;
  /** The label found in the message, when it was not understood. */
  unknown?: string;
  /** True when the part declared no charset (or US-ASCII): chosen by content. */
  guessed: boolean;
}

const normalize = (libmime as unknown as { normalizeCharset(label: string): string }).normalizeCharset.bind(libmime);

function webEncoding(label: string): string | undefined {
  try {
    const encoding = new TextDecoder(label).encoding;
    return encoding === 'replacement' ? undefined : encoding;
  } catch {
    return undefined;
  }
}

/**
 * The multi-byte charsets decoded by the platform's `TextDecoder`, by their
 * names in the Encoding standard (whose label table `webEncoding` reads:
 * `sjis`, `gb2312`, `big5-hkscs`, `ks_c_5601-1987`, …).
 */
const platformNames = new Set(['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr']);

/** One decoder for each of `platformNames`, made when first needed. */
const platformDecoders = new Map<string, TextDecoder>();

function platformDecoder(encoding: string): TextDecoder | undefined {
  let decoder = platformDecoders.get(encoding);
  if (decoder === undefined && platformNames.has(encoding)) {
    decoder = new TextDecoder(encoding, { ignoreBOM: true });
    platformDecoders.set(encoding, decoder);
  }
  return decoder;
}


/**
 * The charset of a part from its `charset` parameter. None, or US-ASCII:
 * UTF-8 when `sample` reads as UTF-8, else Latin-1 (8-bit bytes in a part
 * that did not declare them). Unknown: Latin-1, with `unknown` set.
 */
// rule: mail-charset
export function resolveCharset(label: string | undefined, sample: Uint8Array): Charset {
  const key = label ?? '';
  const known = resolved.get(key);
  if (known) return known.guessed ? { ...known, encoding: !hasEightBit(sample) || isUtf8(sample) ? 'utf-8' : latin1 } : known;
  const charset = resolveLabel(label, sample);
  if (resolved.size >= 256) resolved.clear();
  resolved.set(key, charset);
  return charset;
}

/** Charsets by label, as most mail uses a handful. */
const resolved = new Map<string, Charset>();

/** iconv-lite's answers by encoding name (its own lookup canonicalizes the name on every call). */
const iconvNames = new Map<string, boolean>();

function hasIconv(encoding: string): boolean {
  let known = iconvNames.get(encoding);
  if (known === undefined) {
    known = iconv.encodingExists(encoding);
    if (iconvNames.size >= 256) iconvNames.clear();
    iconvNames.set(encoding, known);
  }
  return known;
}

/**
 * Names iconv-lite takes that are no charset of the IANA or WHATWG tables:
 * Node's `Buffer` transfer forms and iconv-lite's own internal codecs.
 * `charset=hex` or `charset=base64` must not hide a plainly visible URL: such
 * a label is unknown, read as Latin-1, with a note.
 */
const notCharsets = new Set(['HEX', 'BASE64', 'BASE64URL', 'BINARY', 'UCS2', 'UTF-7IMAP', 'UNICODE11UTF8']);

function resolveLabel(label: string | undefined, sample: Uint8Array): Charset {
  const trimmed = (label ?? '').trim().replace(/^["']|["']$/g, '');
  const lower = trimmed.toLowerCase();
  if (lower === '' || lower === 'us-ascii' || lower === 'ascii' || lower === 'us_ascii') {
    return { encoding: !hasEightBit(sample) || isUtf8(sample) ? 'utf-8' : latin1, guessed: true };
  }
  const web = webEncoding(trimmed);
  if (web !== undefined && platformNames.has(web)) return { encoding: web, guessed: false };
  const name = normalize(trimmed);
  if (!notCharsets.has(name.toUpperCase()) && hasIconv(name)) return { encoding: name, guessed: false };
  if (web !== undefined) return { encoding: web, guessed: false };
  return { encoding: latin1, unknown: trimmed, guessed: false };
}

/**
 * Encodings in which a byte below 0x80 is always that ASCII character and
 * never part of a longer sequence: UTF-8 and the single-byte charsets. Pure
 * ASCII runs in these need no decoder, and a run of bytes may be cut before
 * any byte below 0x80. (Not so in Shift_JIS, GBK or Big5, whose second bytes
 * may be ASCII, nor in ISO-2022-JP or UTF-16.)
 */
export function asciiTransparent(encoding: string): boolean {
  return /^(?:utf-?8|iso-?8859|windows-?125|cp-?125|koi8|latin|us-?ascii|ascii|macintosh|mac|ibm|cp\d)/i.test(encoding);
}

/**
 * Decode bytes at once; a BOM is kept as a character, like any other. No
 * lone surrogate comes out (U+FFFD in its place).
 */
export function decodeBytes(bytes: Uint8Array, encoding: string): string {
  if (asciiTransparent(encoding) && !hasEightBit(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const platform = platformDecoder(encoding);
  if (platform !== undefined) return platform.decode(bytes);
  if (hasIconv(encoding)) return wellFormed(iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, { stripBOM: false }));
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

/** A decoder fed a few bytes at a time; output does not depend on how bytes are split, and holds no lone surrogate. */
export interface StreamDecoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

export function streamDecoder(encoding: string): StreamDecoder {
  if (utf7Names.test(encoding)) return new Utf7Decoder();
  if (!platformNames.has(encoding) && hasIconv(encoding)) {
    const decoder = iconv.getDecoder(encoding, { stripBOM: false });
    if (asciiTransparent(encoding)) {
      return {
        write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        end: () => decoder.end() ?? '',
      };
    }
    // UTF-16, UTF-32, UTF-7, CESU-8 and the like may give a lone surrogate: replaced
    const pieces = new WellFormedPieces();
    return {
      write: (bytes) => pieces.write(decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
      end: () => pieces.write(decoder.end() ?? '') + pieces.end(),
    };
  }
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

const utf7Names = /^(?:utf-?7|unicode-?1-?1-?utf-?7|csunicode11utf7)$/i;

/** Is this byte a letter of the base64 alphabet (RFC 4648 §4; `=` padding is not one)? */
export function isBase64Letter(code: number): boolean {
  return (
    (code >= codes.uppercaseA && code <= codes.uppercaseZ) ||
    (code >= codes.lowercaseA && code <= codes.lowercaseZ) ||
    (code >= codes.digit0 && code <= codes.digit9) ||
    code === codes.plusSign ||
    code === codes.slash
  );
}

/**
 * UTF-7 (RFC 2152) fed a few bytes at a time. iconv-lite's own streaming
 * decoder loses track of a shifted sequence cut between writes (fed a byte
 * at a time it turns `+AGgAdAB0AHA-` into `htt+`), so the bytes are cut
 * here into what decodes alone, each given to iconv-lite whole: runs of
 * direct characters, and each shifted sequence, from its `+` to the
 * character that ends it (a `-` that ends one is part of it).
 */
class Utf7Decoder implements StreamDecoder {
  /** A shifted sequence not yet ended, from its `+`. */
  private open: number[] | undefined;
  private readonly pieces = new WellFormedPieces();

  write(bytes: Uint8Array): string {
    let out = '';
    let direct = 0;
    for (let i = 0; i < bytes.length; i++) {
      const code = bytes[i]!;
      if (this.open === undefined) {
        if (code !== codes.plusSign) continue;
        if (i > direct) out += decodeUtf7(bytes.subarray(direct, i));
        this.open = [code];
      } else if (isBase64Letter(code)) {
        this.open.push(code);
      } else {
        // the sequence ends: a `-` is its own, any other character starts the direct run after it
        if (code === codes.dash) this.open.push(code);
        out += decodeUtf7(Uint8Array.from(this.open));
        this.open = undefined;
        direct = code === codes.dash ? i + 1 : i;
        continue;
      }
      direct = i + 1;
    }
    if (this.open === undefined && direct < bytes.length) out += decodeUtf7(bytes.subarray(direct));
    return this.pieces.write(out);
  }

  end(): string {
    const rest = this.open === undefined ? '' : decodeUtf7(Uint8Array.from(this.open));
    this.open = undefined;
    return this.pieces.write(rest) + this.pieces.end();
  }
}

function decodeUtf7(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'utf-7');
}
