/**
 * Character references (`&amp;`, `&#35;`, `&#x23;`) as micromark decodes
 * them. Named ones decode the same everywhere; a numeric one that stands
 * for a control character, a C1 control or a noncharacter micromark turns
 * into U+FFFD where `characterReferenceAt` does not: not modelled.
 */
import { codes } from '../../../decode/character-codes.js';
import { characterReferenceAt, type CharacterReference } from '../walk/character-reference.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';

const { numberSign, space, tab, lineFeed, carriageReturn, replacementCharacter, c1End } = codes;

/** Noncharacters: U+FDD0–U+FDEF, and the last two code points of every plane (U+xFFFE, U+xFFFF: `code & planeMask`). */
const nonCharacterFirst = '\uFDD0'.charCodeAt(0);
const nonCharacterLast = '\uFDEF'.charCodeAt(0);
const planeMask = '\uFFFF'.charCodeAt(0);

/**
 * The character reference at `text[at]` (an `&`): {@link absent} when there
 * is none (the `&` is text), {@link notModelled} when micromark would decode
 * it otherwise.
 */
export function referenceAt(text: string, at: number): CharacterReference | Absent | NotModelled {
  const reference = characterReferenceAt(text, at);
  if (reference === undefined) return absent;
  if (text.charCodeAt(at + 1) !== numberSign) return reference;
  const code = reference.value.codePointAt(0) as number;
  if (code === replacementCharacter) return reference;
  if (code < space && code !== tab && code !== lineFeed && code !== carriageReturn) return notModelled;
  if (code >= codes.delete && code <= c1End) return notModelled;
  if (code >= nonCharacterFirst && code <= nonCharacterLast) return notModelled;
  return (code & planeMask) >= planeMask - 1 ? notModelled : reference;
}
