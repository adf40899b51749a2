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

// rule: source-positions
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

describe('a map that follows a stream: take, release, reset', () => {
  /** `&amp;` in HTML text: copies around an atom, the source offsets as in the HTML. */
  function htmlRun(map: SourceMap, at: number, words: number): void {
    for (let i = 0; i < words; i++) {
      map.copy('http://a.example/?a=1', at);
      map.atom('&', at + 21, at + 26);
      map.copy('b=2 ', at + 26);
      at += 30;
    }
  }

  it('take gives the text appended since the last take', () => {
    const map = new SourceMap();
    map.copy('see ', 0);
    expect(map.take()).toBe('see ');
    map.atom('&', 4, 9);
    map.copy('x', 9);
    expect(map.take()).toBe('&x');
    expect(map.take()).toBe('');
    expect(map.text).toBe('see &x');
  });

  it('copies only, or not', () => {
    const map = new SourceMap();
    expect(map.copiesOnly).toBe(false);
    map.copy('a', 3);
    expect(map.copiesOnly).toBe(true);
    expect(map.sourceStart).toBe(3);
    map.atom('&', 4, 9);
    expect(map.copiesOnly).toBe(false);
  });

  it('release forgets what is before a unit, offsets after it stay right', () => {
    const released = new SourceMap();
    const whole = new SourceMap();
    htmlRun(released, 100, 2000);
    htmlRun(whole, 100, 2000);
    released.take();
    const keepFrom = 26 * 1500;
    released.release(keepFrom);
    expect(released.length).toBe(whole.length);
    expect(released.text.length).toBeLessThan(whole.text.length / 2);
    // the copy holding the unit (`b=2 ` and the next word's URL) is cut there
    expect(released.sourceStart).toBe(whole.start(keepFrom));
    for (let unit = keepFrom; unit <= whole.length; unit += 7) {
      expect(released.start(unit)).toBe(whole.start(unit));
      expect(released.end(unit)).toBe(whole.end(unit));
    }
    htmlRun(released, 100 + 30 * 2000, 1);
    expect(released.take()).toBe('http://a.example/?a=1&b=2 ');
    expect(released.end(released.length)).toBe(100 + 30 * 2001);
  });

  it('release keeps what was not taken', () => {
    const map = new SourceMap();
    htmlRun(map, 0, 100);
    map.release(2000);
    expect(map.sourceStart).toBe(0);
    expect(map.take().length).toBe(2600);
  });

  it('regions taken and released piece by piece: earlier ones are forgotten, places after them stay right', () => {
    // a plain body given as regions of 64 bytes, cut mid-line, released as it is read
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i} http://h${i}.example/\n`);
    const source = lines.join('');
    const bytes = new TextEncoder().encode(source);
    const whole = new SourceMap();
    whole.region(source, bytes, 0, 0, 1);
    const map = new SourceMap();
    let line = 0;
    let column = 1;
    for (let from = 0; from < source.length; from += 64) {
      const piece = source.slice(from, from + 64);
      map.region(piece, bytes, from, line, column);
      expect(map.take()).toBe(piece);
      // keep the last 200 units
      map.release(map.length - 200);
      const lf = piece.lastIndexOf('\n');
      line += piece.split('\n').length - 1;
      column = lf === -1 ? column + piece.length : piece.length - lf;
      for (let unit = Math.max(0, map.length - 200); unit < map.length; unit += 13) {
        expect(map.startPlace(unit)).toEqual(whole.startPlace(unit));
        expect(map.endPlace(unit + 1)).toEqual(whole.endPlace(unit + 1));
      }
    }
    // what is held follows the 200 units kept, not the source
    expect(map.text.length).toBeLessThan(400);
    expect(map.length).toBe(source.length);
  });

  it('atomBetween places an atom as atomAt does, from numbers', () => {
    const byPlaces = new SourceMap();
    const byNumbers = new SourceMap();
    for (const map of [byPlaces, byNumbers]) map.copy('a', 10, 2, 5);
    byPlaces.atomAt('=', { offset: 11, line: 2, column: 6 }, { offset: 14, line: 2, column: 9 });
    byNumbers.atomBetween('=', 11, 2, 6, 14, 2, 9);
    for (const map of [byPlaces, byNumbers]) map.copy('b', 14, 2, 9);
    expect(byNumbers.text).toBe('a=b');
    for (let unit = 0; unit <= 3; unit++) {
      expect(byNumbers.startPlace(unit)).toEqual(byPlaces.startPlace(unit));
      expect(byNumbers.endPlace(unit)).toEqual(byPlaces.endPlace(unit));
    }
    expect(byNumbers.startPlace(1)).toEqual({ offset: 11, line: 2, column: 6 });
    expect(byNumbers.endPlace(2)).toEqual({ offset: 14, line: 2, column: 9 });
  });

  it('a narrow map (offsets below 2^31) places every unit as a wide one, through release', () => {
    const wide = new SourceMap();
    const narrow = new SourceMap({ narrow: true });
    for (const map of [wide, narrow]) {
      htmlRun(map, 7, 3000);
      map.take();
      map.release(40_000);
    }
    for (let unit = 40_000; unit <= wide.length; unit += 11) {
      expect([narrow.start(unit), narrow.end(unit)]).toEqual([wide.start(unit), wide.end(unit)]);
    }
    expect(narrow.text).toBe(wide.text);
  });

  it('a map past its first 256 segments (held apart from then on) places every unit as before, through release', () => {
    const map = new SourceMap();
    const expected: number[] = [];
    for (let i = 0; i < 1000; i++) {
      map.copy('ab', 100 * i, i, 1);
      map.atom('=', 100 * i + 2, 100 * i + 5);
      expected.push(100 * i, 100 * i + 1, 100 * i + 2);
    }
    map.take();
    for (let unit = 0; unit < expected.length; unit += 7) expect(map.start(unit)).toBe(expected[unit]);
    map.release(2400);
    for (let unit = 2400; unit < expected.length; unit += 5) expect(map.start(unit)).toBe(expected[unit]);
    expect(map.startPlace(2401)).toEqual({ offset: 80_001, line: 800, column: 2 });
  });

  it('places offsets past 2^31 (a stream longer than 2 GiB) exactly, over many segments', () => {
    const map = new SourceMap();
    const far = 2 ** 31 + 5;
    for (let i = 0; i < 100; i++) {
      map.copy('ab', far + 10 * i);
      map.atom('&', far + 10 * i + 2, far + 10 * i + 7);
    }
    expect(map.start(0)).toBe(far);
    expect(map.start(1)).toBe(far + 1);
    expect(map.end(3)).toBe(far + 7);
    expect(map.start(3 * 99 + 1)).toBe(far + 990 + 1);
    expect(map.end(300)).toBe(far + 997);
  });

  it('a map read only as a stream forgets what was taken, and still places it', () => {
    const kept = new SourceMap();
    const streamed = new SourceMap({ keepTaken: false });
    for (const map of [kept, streamed]) htmlRun(map, 0, 100);
    expect(streamed.take()).toBe(kept.take());
    expect(streamed.text).toBe('');
    htmlRun(streamed, 3000, 1);
    htmlRun(kept, 3000, 1);
    expect(streamed.text).toBe('http://a.example/?a=1&b=2 ');
    expect(streamed.take()).toBe(kept.take());
    for (let unit = 0; unit <= kept.length; unit += 7) expect([streamed.start(unit), streamed.end(unit)]).toEqual([kept.start(unit), kept.end(unit)]);
  });

  it('reset empties the map for reuse', () => {
    const map = new SourceMap();
    htmlRun(map, 0, 100);
    map.take();
    map.release(2000);
    map.reset();
    expect(map.empty).toBe(true);
    expect([map.text, map.length, map.sourceStart, map.start(0), map.end(0)]).toEqual(['', 0, undefined, 0, 0]);
    map.copy('ab', 50);
    map.atom('&', 52, 57);
    expect([map.take(), map.start(1), map.end(3), map.copiesOnly]).toEqual(['ab&', 51, 57, false]);
  });
});
