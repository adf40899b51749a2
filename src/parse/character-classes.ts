/**
 * The character classes of RFC 1738 §2.2 and §5 ("Miscellaneous definitions")
 * as lookup tables indexed by US-ASCII code: `table[code] === 1` when the
 * character is in the class. Codes 80 hexadecimal and up are never in a class.
 *
 * The tables are built from the BNF's own literals, so each line below can be
 * read against the RFC.
 */
import { codes } from '../decode/character-codes.js';

/** A set of US-ASCII characters: `set[code] === 1` when `code` is in it. */
export type CharSet = Readonly<Uint8Array>;

/**
 * Build a set from BNF literals and other sets, such as
 * `charSet(uchar, '?:@&=')` for §5 `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
 */
export function charSet(...members: ReadonlyArray<string | CharSet>): CharSet {
  const set = new Uint8Array(codes.asciiEnd);
  for (const member of members) {
    if (typeof member === 'string') {
      for (let index = 0; index < member.length; index++) set[member.charCodeAt(index)] = 1;
    } else {
      for (let code = 0; code < codes.asciiEnd; code++) if (member[code] === 1) set[code] = 1;
    }
  }
  return set;
}

/** True when `code` is in `set` (false for anything outside US-ASCII). */
export function inSet(set: CharSet, code: number): boolean {
  return code < codes.asciiEnd && set[code] === 1;
}

const hexRadix = 16;

/**
 * `set` as the inside of a regular expression's character class, each member
 * written `\xNN` (for a native search of the set, as `[${classSource(set)}]`).
 */
export function classSource(set: CharSet): string {
  let inside = '';
  for (let code = 0; code < codes.asciiEnd; code++) if (set[code] === 1) inside += `\\x${code.toString(hexRadix).padStart(2, '0')}`;
  return inside;
}

// §5: lowalpha, hialpha, alpha, digit.
export const lowalpha = charSet('abcdefghijklmnopqrstuvwxyz');
export const hialpha = charSet('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
export const alpha = charSet(lowalpha, hialpha);
export const digit = charSet('0123456789');
/** §5 `alphadigit = alpha | digit` (host name labels). */
export const alphadigit = charSet(alpha, digit);

// §5: safe, extra, national, punctuation, reserved, hex.
export const safe = charSet('$-_.+');
export const extra = charSet("!*'(),");
export const national = charSet('{}|\\^~[]`');
export const punctuation = charSet('<>#%"');
export const reserved = charSet(';/?:@&=');
export const hex = charSet(digit, 'ABCDEFabcdef');

/** §5 `unreserved = alpha | digit | safe | extra`. */
export const unreserved = charSet(alpha, digit, safe, extra);
/**
 * §5 `uchar = unreserved | escape`: the characters; an `escape` ("%" hex hex)
 * is recognised by the checker, not by the table.
 */
export const uchar = unreserved;
/** §5 `xchar = unreserved | reserved | escape` (escape as for {@link uchar}). */
export const xchar = charSet(unreserved, reserved);

/** §5 `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, with `hialpha` for case-ignore. */
export const schemeChar = charSet(alpha, digit, '+-.');

/**
 * §2.2 "Unsafe": the unsafe characters that have no error code of their own
 * (space, "%" and the national characters have).
 */
export const unsafe = charSet('<>"#');
