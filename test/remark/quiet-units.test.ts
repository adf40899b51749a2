/**
 * Units no record can come from (`quiet-units.ts`): where each unit of a
 * document ends and whether it is quiet, in a table. A colon that starts no
 * URL by itself (`Note: x`, `10:30`, a colon before a line ending) counts
 * only in a unit with a destination (`](`, `]:`) anywhere in it, before the
 * colon or after, or on a line past the unit's first boundary (fenced code
 * ran on there): that destination is looked for only once such a colon is
 * met, and a line's end is found while its characters are looked at.
 */
import { describe, expect, it } from 'vitest';
import { partBoundaries } from '../../src/adapters/markdown/document/part-boundaries.js';
import { unitAt, type QuietSettings } from '../../src/adapters/markdown/document/quiet-units.js';

const plain: QuietSettings = { code: false, html: false, emails: false, schemeless: false, relative: false };

/** Every unit of `markdown`, from its start: `[start, end, quiet]`. */
function units(markdown: string, settings = plain): [number, number, boolean][] {
  const boundaries = partBoundaries(markdown, 1);
  const crFree = !markdown.includes('\r');
  const found: [number, number, boolean][] = [];
  for (let start = 0; start < markdown.length; ) {
    const unit = unitAt(markdown, start, boundaries, settings, crFree);
    found.push([start, unit.end, unit.quiet]);
    start = unit.end;
  }
  return found;
}

// rule: markdown-quiet-units
describe('units and whether they are quiet', () => {
  it.each<[string, string, [number, number, boolean][]]>([
    // [what, markdown, units]
    ['a colon before words, no destination: quiet', 'Note: this is prose.\n\nNext.\n', [[0, 22, true], [22, 28, true]]],
    ['the same colon, a link on a later line of the unit: parsed', 'Note: see\n[x](y) here.\n\nNext.\n', [[0, 24, false], [24, 30, true]]],
    ['the same colon after `]:` on an earlier line: parsed', 'a [b]: c\nNote: d\n\nNext.\n', [[0, 18, false], [18, 24, true]]],
    ['a colon before a line ending, a destination on the next line: parsed', 'key:\n[a](b)\n\nNext.\n', [[0, 13, false], [13, 19, true]]],
    ['`10:30` and `<b>` on one line, nothing left open: quiet', 'At 10:30 <b>\n\nNext.\n', [[0, 14, true], [14, 20, true]]],
    ['a known scheme before the colon: parsed', 'see mailto:x\n\nNext.\n', [[0, 14, false], [14, 20, true]]],
    ['CR line ends, a colon and a link on the next line: parsed', 'Note: a\r[x](y)\r\rNext.\r', [[0, 16, false], [16, 22, true]]],
    ['CRLF line ends, no trigger: quiet', 'a b\r\nc.\r\n\r\nNext.\r\n', [[0, 11, true], [11, 18, true]]],
    ['a trigger, then a fence on the next line: the unit runs to where the fence is closed', 'a & b\n```\nx\n\ny\n```\n\nNext.\n', [[0, 20, false], [20, 26, true]]],
    ['an ampersand last in the text', 'a &', [[0, 3, false]]],
    ['a colon in fenced code: quiet', '```\nkey: value\n```\n\nNext.\n', [[0, 20, true], [20, 26, true]]],
    ['an address', 'write a@b.example\n\nNext.\n', [[0, 19, false], [19, 25, true]]],
    ['`www.`', 'see www.example\n\nNext.\n', [[0, 17, false], [17, 23, true]]],
    ['`WWW\\.`', 'see WWW\\.example\n\nNext.\n', [[0, 18, false], [18, 24, true]]],
    ['no line ending', 'plain', [[0, 5, true]]],
    ['blank lines first', '\n\nplain\n', [[0, 2, true], [2, 8, true]]],
    ['a colon before words on a line past the first boundary (fenced code ran on): parsed', '```\nx\n\n```\nNote: y\n\nNext.\n', [[0, 20, false], [20, 26, true]]],
    ['a colon before words after the fence closed, in a unit of its own: quiet', '```\nx\n\ny\n```\n\nNote: z\n', [[0, 14, true], [14, 22, true]]],
  ])('%s', (_, markdown, expected) => {
    expect(units(markdown)).toEqual(expected);
  });

  it('with `code`, every colon in fenced code counts', () => {
    expect(units('```\nkey: value\n```\n\nNext.\n', { ...plain, code: true })).toEqual([[0, 20, false], [20, 26, true]]);
  });
});
