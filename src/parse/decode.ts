/**
 * `decode`: percent-decoding of one URL component (RFC 1738 §2.2: "octets
 * may be encoded by a character triplet consisting of the character "%"
 * followed by the two hexadecimal digits").
 */
import { escapeLength, isEscape } from './check-characters.js';

const hexRadix = 16;

/** UTF-8 (RFC 3629) lead and continuation byte ranges, as in the Unicode table of well-formed sequences. */
const utf8 = {
  /** Bytes below this are US-ASCII, one byte each. */
  asciiEnd: 0x80,
  continuationFirst: 0x80,
  continuationLast: 0xbf,
  continuationPayload: 0x3f,
  bitsPerContinuation: 6,
  /** Two-byte leads: C2..DF (C0 and C1 would be overlong). */
  twoByteFirst: 0xc2,
  twoByteLast: 0xdf,
  twoBytePayload: 0x1f,
  /** Three-byte leads: E0..EF; after E0 the next byte is A0..BF, after ED 80..9F (no surrogates). */
  threeByteFirst: 0xe0,
  threeByteLast: 0xef,
  threeBytePayload: 0x0f,
  afterE0First: 0xa0,
  surrogateLead: 0xed,
  afterEDLast: 0x9f,
  /** Four-byte leads: F0..F4; after F0 the next byte is 90..BF, after F4 80..8F (at most U+10FFFF). */
  fourByteFirst: 0xf0,
  fourByteLast: 0xf4,
  fourBytePayload: 0x07,
  afterF0First: 0x90,
  afterF4Last: 0x8f,
} as const;

function hexValue(code: number): number {
  return Number.parseInt(String.fromCharCode(code), hexRadix);
}

/**
 * Decode `component`'s escapes: each run of escapes is read as UTF-8 where it
 * is well-formed, and each remaining octet as the Latin-1 character of the
 * same code. A "%" that does not start an escape, and every other character,
 * is kept as it is. Never throws on a string.
 *
 * @example decode('caf%C3%A9%20au%20lait') // 'café au lait'
 * @example decode('%E9t%E9') // 'été' (Latin-1: not UTF-8)
 * @throws {TypeError} When `component` is not a string.
 */
export function decode(component: string): string {
  if (typeof component !== 'string') {
    throw new TypeError(
      `Expected \`component\` to be a string, got ${component === null ? 'null' : typeof component}`,
    );
  }
  let index = component.indexOf('%');
  if (index === -1) return component;
  let text = '';
  let copied = 0;
  const octets: number[] = [];
  while (index !== -1) {
    let runEnd = index;
    while (isEscape(component, runEnd)) {
      octets.push(hexValue(component.charCodeAt(runEnd + 1)) * hexRadix + hexValue(component.charCodeAt(runEnd + 2)));
      runEnd += escapeLength;
    }
    if (octets.length === 0) {
      index = component.indexOf('%', index + 1);
      continue;
    }
    text += component.slice(copied, index) + decodeOctets(octets);
    octets.length = 0;
    copied = runEnd;
    index = component.indexOf('%', runEnd);
  }
  return text + component.slice(copied);
}

/** Octets → string: well-formed UTF-8 sequences as their code points, any other octet as Latin-1. */
function decodeOctets(octets: readonly number[]): string {
  let text = '';
  let index = 0;
  while (index < octets.length) {
    const lead = octets[index]!;
    const length = sequenceLength(octets, index);
    if (length === 1) {
      text += String.fromCharCode(lead);
      index++;
      continue;
    }
    let codePoint = lead & leadPayload(length);
    for (let offset = 1; offset < length; offset++) {
      codePoint = (codePoint << utf8.bitsPerContinuation) | (octets[index + offset]! & utf8.continuationPayload);
    }
    text += String.fromCodePoint(codePoint);
    index += length;
  }
  return text;
}

function leadPayload(length: number): number {
  if (length === 2) return utf8.twoBytePayload;
  return length === 3 ? utf8.threeBytePayload : utf8.fourBytePayload;
}

/** Length of the well-formed UTF-8 sequence at `index`, or 1 (one octet, read as Latin-1). */
function sequenceLength(octets: readonly number[], index: number): number {
  const lead = octets[index]!;
  if (lead < utf8.asciiEnd) return 1;
  let length: number;
  let secondFirst: number = utf8.continuationFirst;
  let secondLast: number = utf8.continuationLast;
  if (lead >= utf8.twoByteFirst && lead <= utf8.twoByteLast) {
    length = 2;
  } else if (lead >= utf8.threeByteFirst && lead <= utf8.threeByteLast) {
    length = 3;
    if (lead === utf8.threeByteFirst) secondFirst = utf8.afterE0First;
    if (lead === utf8.surrogateLead) secondLast = utf8.afterEDLast;
  } else if (lead >= utf8.fourByteFirst && lead <= utf8.fourByteLast) {
    length = 4;
    if (lead === utf8.fourByteFirst) secondFirst = utf8.afterF0First;
    if (lead === utf8.fourByteLast) secondLast = utf8.afterF4Last;
  } else {
    return 1;
  }
  if (index + length > octets.length) return 1;
  const second = octets[index + 1]!;
  if (second < secondFirst || second > secondLast) return 1;
  for (let offset = 2; offset < length; offset++) {
    const next = octets[index + offset]!;
    if (next < utf8.continuationFirst || next > utf8.continuationLast) return 1;
  }
  return length;
}
