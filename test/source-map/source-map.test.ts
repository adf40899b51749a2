/**
 * SourceMap: decoded text back to source offsets, lines and columns.
 */
import { describe, expect, it } from 'vitest';
import { endOfRange, SourceMap } from '../../src/source-map/source-map.js';

/** `a=3Db` decoded to `a=b`: a copy, an atom, a copy. */
function quotedPrintable(): SourceMap {
  const map = new SourceMap();
  map.copy('a', 10);
  map.atom('=', 11, 14);
  map.copy('b', 14);
  return map;
}

describe('offsets', () => {
  it('holds the text', () => {
    const map = quotedPrintable();
    expect(map.text).toBe('a=b');
    expect(map.length).toBe(3);
    expect(String(map)).toBe('a=b');
  });

  it.each([
    // unit, start, end of the text ending at the unit
    [0, 10, 10],
    [1, 11, 11],
    [2, 14, 14],
    [3, 15, 15],
  ])('unit %d starts at %d; text ending there ends at %d', (unit, start, end) => {
    const map = quotedPrintable();
    expect(map.start(unit)).toBe(start);
    expect(map.end(unit)).toBe(end);
  });

  it('a span ending inside an atom ends at its end, one starting inside it starts at its start', () => {
    const map = new SourceMap();
    map.copy('x', 0);
    map.atom('ab', 1, 9); // two units from one source span (an astral character reference)
    map.copy('y', 9);
    expect(map.start(2)).toBe(1);
    expect(map.end(2)).toBe(9);
  });

  it('past the end: where the text ends', () => {
    const map = quotedPrintable();
    expect(map.start(7)).toBe(15);
    expect(map.end(7)).toBe(15);
  });

  it('an empty map maps everything to 0', () => {
    const map = new SourceMap();
    expect(map.start(0)).toBe(0);
    expect(map.end(3)).toBe(0);
    expect(map.startPlace(0)).toEqual({ offset: 0, line: 0, column: 1 });
  });

  it('text with no source (an atom of an empty span) maps to one point', () => {
    const map = new SourceMap();
    map.copy('ab', 0);
    map.atom('\n', 2, 2);
    expect([map.start(2), map.end(3)]).toEqual([2, 2]);
  });

  it('consecutive copies merge; a gap starts a new segment', () => {
    const map = new SourceMap();
    map.copy('ab', 0);
    map.copy('cd', 2);
    map.copy('ef', 7); // `> ` quote prefix skipped in the source
    expect([0, 3, 4, 5].map((unit) => map.start(unit))).toEqual([0, 3, 7, 8]);
    expect(map.end(4)).toBe(4);
  });
});

describe('places', () => {
  it('copies count columns on their line', () => {
    const map = new SourceMap();
    map.copy('see ', 100, 3, 1);
    map.copy('http://a', 104, 3, 5);
    expect(map.startPlace(4)).toEqual({ offset: 104, line: 3, column: 5 });
    expect(map.endPlace(12)).toEqual({ offset: 112, line: 3, column: 13 });
  });

  it('an atom spans lines: a soft line break of quoted-printable', () => {
    const map = new SourceMap();
    map.copy('ab', 0, 0, 1);
    map.atomAt('c', { offset: 2, line: 0, column: 3 }, { offset: 7, line: 1, column: 2 });
    expect(map.startPlace(2)).toEqual({ offset: 2, line: 0, column: 3 });
    expect(map.endPlace(3)).toEqual({ offset: 7, line: 1, column: 2 });
  });

  it('a region finds its lines from its bytes', () => {
    const source = 'Subject: x\n\nsee http://a\nand http://b\n';
    const bytes = new TextEncoder().encode(source);
    const body = source.indexOf('see');
    const map = new SourceMap();
    map.region(source.slice(body), bytes, body, 2, 1);
    const second = map.text.indexOf('http://b');
    expect(map.startPlace(second)).toEqual({ offset: body + second, line: 3, column: 5 });
    expect(map.endPlace(second + 8)).toEqual({ offset: body + second + 8, line: 3, column: 13 });
    expect(map.startPlace(4)).toEqual({ offset: body + 4, line: 2, column: 5 });
  });

  it('a region starting mid-line counts its first line from the column given', () => {
    const bytes = new TextEncoder().encode('List-Help: <http://a>\n');
    const map = new SourceMap();
    map.region('<http://a>', bytes, 11, 0, 12);
    expect(map.startPlace(1)).toEqual({ offset: 12, line: 0, column: 13 });
  });
});

describe('endOfRange', () => {
  const bytes = new TextEncoder().encode('ab\ncde\nfg');
  it.each([
    // start offset, start column, end → line, column
    [0, 1, 2, 0, 3],
    [1, 5, 2, 0, 6],
    [0, 1, 3, 1, 1],
    [0, 1, 9, 2, 3],
  ])('from byte %d (column %d) to %d', (offset, column, end, line, endColumn) => {
    expect(endOfRange(bytes, { offset, line: 0, column }, end)).toEqual({ offset: end, line, column: endColumn });
  });
});
