import { describe, expect, it } from 'vitest';
import { endOfLine, endOfLineIn, partBoundaries } from '../../src/adapters/markdown/document/part-boundaries.js';
import { unitAt } from '../../src/adapters/markdown/document/quiet-units.js';

const settings = { code: false, html: false, emails: false, schemeless: false, relative: false };

// documents with LF line endings only: found with indexOf they must give what the loop over each line gives
const documents = [
  ['prose', 'a\n\nb http://b.example/\n\nc\n'],
  ['no final line ending', 'a\n\nb'],
  ['blank lines of spaces', 'a\n  \n\t\nb\n\n'],
  ['a fence left open', '```\nx\n\ny http://a.example/\n'],
  ['a fence closed after a blank line', 'a\n\n```\nx\n\ny\n```\n\nz <http://z.example/>\n'],
  ['an HTML block of kind 2', '<!--\n\nx\n\n-->\n\ntext\n'],
  ['indented code, then a list item', '    code\n\n2. item\n\nafter\n'],
  ['empty lines only', '\n\n\n'],
  ['wide characters', 'é\n\n→ http://a.example/ ü\n\nñ\n'],
] as const;

describe('line ends found with indexOf where the document holds no CR', () => {
  it.each(documents)('%s: every line end as the loop finds it', (_, markdown) => {
    for (let at = 0; at <= markdown.length; at++) expect(endOfLineIn(markdown, at, true)).toBe(endOfLine(markdown, at));
  });

  it.each(documents)('%s: the same boundaries and units', (_, markdown) => {
    const boundaries = partBoundaries(markdown, 1, false);
    expect(partBoundaries(markdown, 1, true)).toEqual(boundaries);
    for (const start of [0, ...boundaries]) expect(unitAt(markdown, start, boundaries, settings, true)).toEqual(unitAt(markdown, start, boundaries, settings, false));
  });

  it.each([
    ['CR', 'a\r\rb http://b.example/\r\rc'],
    ['CRLF', 'a\r\n\r\nb\r\n\r\nc\r\n'],
    ['CR among LF', 'a\n\nb\rc\n\nd\n'],
  ])('a document with %s: its boundaries are found line by line', (_, markdown) => {
    expect(partBoundaries(markdown, 1)).toEqual(partBoundaries(markdown, 1, false));
    expect(partBoundaries(markdown, 1).length).toBeGreaterThan(0);
  });
});
