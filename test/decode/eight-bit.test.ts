/**
 * Bytes beyond ASCII in a range: a short range is read a byte at a time, a
 * longer one by the platform's check; both give the same answer, wherever
 * the byte is and whatever the range.
 */
import { describe, expect, it } from 'vitest';
import { hasEightBit } from '../../src/decode/eight-bit.js';

/** `length` ASCII bytes with a byte 0x80 or above at `at` (none when -1), inside two bytes of 0xE9 on each side. */
function padded(length: number, at: number, high = 0x80): { bytes: Uint8Array; start: number; end: number } {
  const bytes = new Uint8Array(length + 4).fill(0x61);
  bytes[0] = bytes[1] = bytes[length + 2] = bytes[length + 3] = 0xe9;
  if (at >= 0) bytes[2 + at] = high;
  return { bytes, start: 2, end: 2 + length };
}

describe('hasEightBit over a range', () => {
  it.each<[string, number, number, boolean]>([
    ['empty', 0, -1, false],
    ['one byte, ASCII', 1, -1, false],
    ['one byte, 0x80', 1, 0, true],
    ['a short line, plain', 70, -1, false],
    ['a short line, its last byte', 70, 69, true],
    ['256 bytes, plain', 256, -1, false],
    ['256 bytes, the last', 256, 255, true],
    ['257 bytes, plain', 257, -1, false],
    ['257 bytes, the last', 257, 256, true],
    ['4 KiB, the first', 4096, 0, true],
    ['4 KiB, plain', 4096, -1, false],
  ])('%s', (_, length, at, expected) => {
    const { bytes, start, end } = padded(length, at);
    expect(hasEightBit(bytes, start, end)).toBe(expected);
    expect(hasEightBit(bytes.slice(start, end))).toBe(expected);
  });

  it('0xFF and 0x7F', () => {
    expect(hasEightBit(padded(10, 3, 0xff).bytes, 2, 12)).toBe(true);
    expect(hasEightBit(padded(10, 3, 0x7f).bytes, 2, 12)).toBe(false);
  });
});
