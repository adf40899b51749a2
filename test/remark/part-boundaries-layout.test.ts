/**
 * Where parts may start before a list item that may not interrupt
 * (`part-boundaries.ts`): only the last line that was not blank decides,
 * looked at once such an item follows blank lines. And where a document
 * holds `]:`, looked up range by range (`definition-marks.ts`), in order
 * and out of it.
 */
import { describe, expect, it } from 'vitest';
import { partBoundaries } from '../../src/adapters/markdown/document/part-boundaries.js';
import { DefinitionMarks } from '../../src/adapters/markdown/document/definition-marks.js';

describe('boundaries before a list item that may not interrupt', () => {
  // [markdown, boundaries]
  const table: [string, number[]][] = [
    // after a line that may be indented code: no boundary at the item
    ['a\n    code\n\n2. item\n', []],
    ['a\n    code\n\n\n\n- \n', []],
    // after one that may not: a boundary
    ['a\n    code\nb\n\n2. item\n', [14]],
    ['a\n\n2. item\n', [3]],
    // blank lines at the start: no line before the item
    ['\n\n2. item\n', [2]],
    // an item that may interrupt starts a part after code too
    ['a\n    code\n\n1. item\n', [12]],
    ['a\n    code\n\n- item\n', [12]],
    // the code-like line decides only through the blank lines right before the item
    ['    code\n\nb\n\n2. item\n', [10, 13]],
    ['b\n\n    code\n\n2. item\n', []],
    ['b\n\n    code\nc\n\n2. item\n', [15]],
    ['- \tx\n\n10. item\n', []],
    ['- x\n\n10. item\n', [5]],
  ];
  it.each(table)('%j', (markdown, boundaries) => {
    expect(partBoundaries(markdown, 1)).toEqual(boundaries);
    expect(partBoundaries(markdown.replaceAll('\n', '\r\n'), 1, false)).toEqual(boundaries.map((at) => at + markdown.slice(0, at).split('\n').length - 1));
  });
});

describe('where a document holds `]:`', () => {
  const source = 'a [x]: b\n\nc d\n\n[y]: e\n';
  //              0123456789012345678901
  it('says whether it holds none', () => {
    expect(new DefinitionMarks(source).none).toBe(false);
    expect(new DefinitionMarks('a [x] b: c').none).toBe(true);
  });
  // [ranges asked for in order, answers]
  const table: [[number, number][], boolean[]][] = [
    [[[0, 10], [10, 15], [15, 22]], [true, false, true]],
    // `]:` whole in the range only
    [[[0, 5], [0, 6], [5, 22], [18, 22], [17, 22], [17, 18]], [false, true, true, false, true, false]],
    // back to an earlier range (a second reading starts again)
    [[[15, 22], [0, 10], [10, 15], [22, 22]], [true, true, false, false]],
    [[[20, 22], [0, 4]], [false, false]],
  ];
  it.each(table)('%j', (ranges, answers) => {
    const marks = new DefinitionMarks(source);
    expect(ranges.map(([from, to]) => marks.within(from, to))).toEqual(answers);
    // each as a fresh search finds it
    expect(ranges.map(([from, to]) => source.slice(from, to).includes(']:'))).toEqual(answers);
  });
});
