/**
 * 8bit bodies are decoded line by line: in a single-byte charset each unit
 * of a line with bytes beyond ASCII points at its own byte (its column
 * counts units, which here are bytes); in UTF-8 a character points at all
 * the bytes of its sequence. (A line of plain ASCII is a region of the
 * bytes, whose line feed ends at the next line: not looked at here.)
 */
import { describe, expect, it } from 'vitest';
import { decodeBytes, resolveCharset } from '../../src/decode/charset.js';
import { decodeBody } from '../../src/adapters/mail/decode-body.js';

function placesOf(bytes: Buffer, charset: string): { text: string; places: Array<[number, number, number, number]> } {
  const { text } = decodeBody({ bytes, start: 0, end: bytes.length, line: 0, column: 1 }, '8bit', resolveCharset(charset, bytes));
  const places = [...text.text].map((_unit, unit): [number, number, number, number] => {
    const start = text.startPlace(unit);
    const end = text.endPlace(unit + 1);
    return [start.offset, start.column, end.offset, end.column];
  });
  return { text: text.text, places };
}

/** One unit a byte, lines counted from their starts: [offset, column, end offset, end column]. */
function byteForByte(bytes: Buffer): Array<[number, number, number, number]> {
  const places: Array<[number, number, number, number]> = [];
  let lineStart = 0;
  for (let at = 0; at < bytes.length; at++) {
    places.push([at, at - lineStart + 1, at + 1, at - lineStart + 2]);
    if (bytes[at] === 0x0a) lineStart = at + 1;
  }
  return places;
}

describe('8bit lines beyond ASCII', () => {
  it.each([
    ['windows-1252', 'caf\xe9 http://a.example/\xe9t\xe9\n\xab x \xbb\n'],
    ['iso-8859-15', 'P\xe1draig \xa4 http://a.example/\n'],
    ['koi8-r', '\xf0\xd2\xc9\xd7\xc5\xd4 http://a.example/\r\nok \xc1\n'],
    ['iso-8859-1', 'no final break \xff'],
  ])('%s: each unit at its byte', (charset, body) => {
    const bytes = Buffer.from(body, 'latin1');
    const { text, places } = placesOf(bytes, charset);
    expect(text).toBe(decodeBytes(bytes, charset));
    expect(places).toEqual(byteForByte(bytes));
  });

  it('utf-8: a character at the bytes of its sequence, its column one unit', () => {
    const bytes = Buffer.from('caf\u00e9 x\n', 'utf8');
    const { text, places } = placesOf(bytes, 'utf-8');
    expect(text).toBe('caf\u00e9 x\n');
    expect(places).toEqual([
      [0, 1, 1, 2],
      [1, 2, 2, 3],
      [2, 3, 3, 4],
      [3, 4, 5, 5],
      [5, 5, 6, 6],
      [6, 6, 7, 7],
      [7, 7, 8, 8],
    ]);
  });
});
