/**
 * LineIndex: offsets to 1-based lines and columns, one binary search.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/source-map/line-index.js';
import { countAtOrBelow } from '../../src/source-map/search.js';

describe('countAtOrBelow', () => {
  it.each([
    [[], 3, 0],
    [[0], 0, 1],
    [[0, 5, 9], -1, 0],
    [[0, 5, 9], 4, 1],
    [[0, 5, 9], 5, 2],
    [[0, 5, 9], 8, 2],
    [[0, 5, 9], 9, 3],
    [[0, 5, 9], 100, 3],
    [[2, 2, 2, 7], 2, 3],
  ])('%j at or below %d: %d', (sorted, value, count) => {
    expect(countAtOrBelow(sorted, value)).toBe(count);
  });

  it('searches only the first `length` entries', () => {
    expect(countAtOrBelow([0, 5, 9, 12], 20, 2)).toBe(2);
  });
});

describe('LineIndex.ofText: CR, LF and CRLF each end a line', () => {
  // `|` marks the offset asked for
  it.each([
    ['|abc', 1, 1],
    ['ab|c', 1, 3],
    ['abc|', 1, 4],
    ['a\n|b', 2, 1],
    ['a\r\n|b', 2, 1],
    ['a\r|\nb', 1, 3],
    ['a\r|b', 2, 1],
    ['a\n\r\n\rx|y', 4, 2],
    ['a\n\n|', 3, 1],
  ])('%j', (marked, line, column) => {
    const offset = marked.indexOf('|');
    const text = marked.replace('|', '');
    expect(LineIndex.ofText(text).point(offset)).toEqual({ line, column, offset });
  });

  it('clamps offsets to the text', () => {
    const lines = LineIndex.ofText('ab\ncd');
    expect(lines.point(-3)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(lines.point(99)).toEqual({ line: 2, column: 3, offset: 5 });
  });
});

describe('LineIndex.streaming: fed chunk by chunk, the same points as ofText', () => {
  const texts = ['a\nb\r\nc\rd', 'x\r\n\r\ny\r', '\r\r\n\n\r', 'no break', 'é\u2028\n\n'];

  it.each(texts)('%j split everywhere', (text) => {
    const whole = LineIndex.ofText(text);
    for (let cut = 0; cut <= text.length; cut++) {
      for (let cut2 = cut; cut2 <= text.length; cut2++) {
        const lines = LineIndex.streaming();
        lines.feed(text.slice(0, cut));
        lines.feed(text.slice(cut, cut2));
        lines.feed(text.slice(cut2));
        lines.finish();
        for (let offset = 0; offset <= text.length; offset++) expect(lines.point(offset)).toEqual(whole.point(offset));
        expect(lines.lineCount).toBe(whole.lineCount);
      }
    }
  });

  it('a CR at the end of a chunk waits for the next one', () => {
    const lines = LineIndex.streaming();
    lines.feed('a\r');
    expect(lines.lineCount).toBe(1);
    lines.feed('\nb');
    expect(lines.point(3)).toEqual({ line: 2, column: 1, offset: 3 });
  });

  it('release forgets old lines and keeps counting them', () => {
    const lines = LineIndex.streaming();
    const line = 'http://a.example/\n';
    for (let i = 0; i < 20_000; i++) lines.feed(line);
    lines.finish();
    const offset = 15_000 * line.length + 4;
    const before = lines.point(offset);
    lines.release(offset);
    expect(lines.point(offset)).toEqual(before);
    expect(before).toEqual({ line: 15_001, column: 5, offset });
    expect(lines.lineOf(offset)).toBe(15_000);
    expect(lines.lineStart(15_000)).toBe(15_000 * line.length);
    expect(lines.lineCount).toBe(20_001);
  });
});

describe('LineIndex.ofText: indexed as far as asked, the same answers as an index fed whole', () => {
  /** A text of `length` units whose line breaks fall every few units, CR, LF and CRLF in turn: some across the steps the index takes. */
  function brokenText(length: number, seed: number): string {
    const breaks = ['\n', '\r\n', '\r'];
    let text = '';
    for (let i = 0; text.length < length; i++) text += 'x'.repeat((i * seed) % 97) + (breaks[(i + seed) % 3] as string);
    return text.slice(0, length);
  }
  function fedWhole(text: string): LineIndex {
    const lines = LineIndex.streaming();
    lines.feed(text);
    lines.finish();
    return lines;
  }
  // the orders a caller asks in: the URLs of a document in order, backwards, a jump to the end first, lines by number
  const asks: [string, (length: number) => number[]][] = [
    ['in order', (length) => Array.from({ length: 200 }, (_, i) => Math.floor((i * length) / 199))],
    ['backwards', (length) => Array.from({ length: 200 }, (_, i) => Math.floor(((199 - i) * length) / 199))],
    ['the end first', (length) => [length, 0, Math.floor(length / 2)]],
  ];

  it.each(asks)('points asked %s', (_, offsets) => {
    for (const [length, seed] of [[20_000, 7], [50_000, 13], [8192, 5], [8193, 3]] as const) {
      const text = brokenText(length, seed);
      const whole = fedWhole(text);
      const lazy = LineIndex.ofText(text);
      for (const offset of offsets(text.length)) {
        expect(lazy.point(offset)).toEqual(whole.point(offset));
        expect(lazy.lineOf(offset)).toBe(whole.lineOf(offset));
      }
      expect(lazy.lineCount).toBe(whole.lineCount);
    }
  });

  it('a CR at the end of a step waits for the next unit, as a CR at the end of a chunk does', () => {
    // CR at unit 8191, the last of the first step; LF after it: one line break
    const text = `${'a'.repeat(8191)}\r\nb`;
    const lazy = LineIndex.ofText(text);
    expect(lazy.point(8190)).toEqual({ line: 1, column: 8191, offset: 8190 });
    expect(lazy.point(8193)).toEqual({ line: 2, column: 1, offset: 8193 });
    expect(lazy.lineCount).toBe(2);
  });

  it('line starts by number, asked before any point', () => {
    const text = brokenText(30_000, 11);
    const whole = fedWhole(text);
    const lazy = LineIndex.ofText(text);
    const last = whole.lineCount - 1;
    for (const line of [last, 0, Math.floor(last / 2)]) expect(lazy.lineStart(line)).toBe(whole.lineStart(line));
    expect(LineIndex.ofText(text).lineCount).toBe(whole.lineCount);
  });
});

describe('LineIndex.ofBytes: only LF ends a line, offsets stay absolute', () => {
  const bytes = new TextEncoder().encode('head\r\nab\rc\nd');
  const lines = LineIndex.ofBytes(bytes, 6, bytes.length);

  it.each([
    [6, 1, 1],
    [8, 1, 3],
    [9, 1, 4],
    [11, 2, 1],
    [12, 2, 2],
  ])('byte %d', (offset, line, column) => {
    expect(lines.point(offset)).toEqual({ line, column, offset });
  });

  it('counts lines', () => {
    expect(lines.lineCount).toBe(2);
    expect(lines.lineOf(10)).toBe(0);
    expect(lines.lineStart(1)).toBe(11);
  });
});
