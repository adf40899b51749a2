/**
 * Character references in Markdown source (`&amp;`, `&#35;`, `&#x23;`), as
 * CommonMark decodes them in text and in link destinations. Used to align a
 * node's value with its source and to decode HTML attribute values.
 */
import { createRequire } from 'node:module';
import { codes } from '../../../decode/character-codes.js';

type DecodeNamed = typeof import('decode-named-character-reference').decodeNamedCharacterReference;

/**
 * The table of named references (decode-named-character-reference, over
 * 2,000 names), loaded the first time a document holds one: most small
 * documents hold none, and loading it takes longer than reading them.
 */
let decodeNamed: DecodeNamed | undefined;

function decodeNamedCharacterReference(name: string): string | false {
  decodeNamed ??= (createRequire(import.meta.url)('decode-named-character-reference') as typeof import('decode-named-character-reference')).decodeNamedCharacterReference;
  return decodeNamed(name);
}

const reference = /&(?:#[xX]([\dA-Fa-f]{1,6})|#(\d{1,7})|([A-Za-z][A-Za-z\d]{0,31}));/y;

export interface CharacterReference {
  /** What it decodes to. */
  value: string;
  /** Offset just after the `;`. */
  end: number;
}

/** The character reference starting at `source[at]` (an `&`), if it is one that decodes. */
export function characterReferenceAt(source: string, at: number): CharacterReference | undefined {
  reference.lastIndex = at;
  const match = reference.exec(source);
  if (match === null) return undefined;
  const [all, hex, decimal, name] = match;
  let value: string | false;
  if (name !== undefined) {
    value = decodeNamedCharacterReference(name);
  } else {
    const code = Number.parseInt((hex ?? decimal) as string, hex === undefined ? 10 : 16);
    // CommonMark: invalid code points become U+FFFD
    const invalid =
      code === codes.null ||
      code > codes.maxCodePoint ||
      (code >= codes.highSurrogateFirst && code <= codes.lowSurrogateLast);
    value = invalid ? '\uFFFD' : String.fromCodePoint(code);
  }
  if (value === false) return undefined;
  return { value, end: at + all.length };
}

/** Decode every character reference in `value` (HTML attribute values). */
export function decodeCharacterReferences(value: string): string {
  if (!value.includes('&')) return value;
  let result = '';
  let from = 0;
  for (let at = value.indexOf('&'); at !== -1; at = value.indexOf('&', at + 1)) {
    const found = characterReferenceAt(value, at);
    if (found === undefined) continue;
    result += value.slice(from, at) + found.value;
    from = found.end;
    at = found.end - 1;
  }
  return result + value.slice(from);
}
