/**
 * A message's `Subject` as people read it, to name the message (the link
 * report lists mail places by subject): encoded words (RFC 2047) decoded,
 * raw eight-bit bytes read as UTF-8 (as Latin-1 when they are not UTF-8),
 * folding and runs of white space made one space, cut at
 * `maxSubjectLength` characters.
 */
import libmime from 'libmime';
import { isUtf8 } from '../../decode/eight-bit.js';
import type { HeaderBlock } from './header-block.js';

/** Longer subjects are cut here and end with `…`: a subject names a message, and each of its records carries it. */
export const maxSubjectLength = 200;

/** The decoded subject of the message whose header is `block`, or undefined when it has none (or an empty one). */
export function messageSubject(bytes: Buffer, block: HeaderBlock): string | undefined {
  const field = block.fields.find((candidate) => candidate.name === 'subject');
  if (field === undefined) return undefined;
  const raw = bytes.subarray(field.valueStart, field.end);
  let text = raw.toString(isUtf8(raw) ? 'utf8' : 'latin1');
  // most subjects hold no encoded word: libmime's five passes over them would change nothing
  if (mayHoldEncodedWord(text)) {
    try {
      text = libmime.decodeWords(text);
    } catch {
      // an encoded word that cannot be decoded stays as written
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  if (text.length <= maxSubjectLength) return text;
  // a pair of surrogates is never cut in two
  return `${text.slice(0, maxSubjectLength - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * Could `libmime.decodeWords` change `text`? Only where an encoded word may
 * start (`=?`), or where its own joining mark is written (it removes that
 * mark wherever it is).
 */
export function mayHoldEncodedWord(text: string): boolean {
  return text.includes('=?') || text.includes(libmimeJoinMark);
}

/** The mark libmime puts between encoded words it joins, and removes afterwards. */
const libmimeJoinMark = '__\x00JOIN\x00__';
