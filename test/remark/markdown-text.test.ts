/**
 * A Markdown file longer than V8 lets a string be is read as plain text,
 * whole, with a note naming the limit (the limit made small here).
 */
import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { markdownText, maxStringLength } from '../../src/adapters/markdown/markdown-text.js';
import { scan } from '../../src/index.js';

async function* from(pieces: string[]) {
  yield* pieces;
}

describe('markdownText', () => {
  it('joins the pieces when they fit', async () => {
    const text = await markdownText(from(['# a\n', 'see http://a.example/\n']), () => Promise.reject(new Error('not too long')));
    expect(text).toBe('# a\nsee http://a.example/\n');
  });

  it('past the limit, gives every piece (those read already first) to be read as text, with a note naming the limit', async () => {
    const pieces = ['a http://a.example/ ', 'b <URL:http://b.exam\n', 'ple/> c http://c.example/'];
    let seen = '';
    let why = '';
    const text = await markdownText(
      from(pieces),
      async (all, note) => {
        why = note;
        for await (const piece of all) seen += piece;
      },
      30,
    );
    expect(text).toBeUndefined();
    expect(seen).toBe(pieces.join(''));
    expect(scan(seen).map((record) => record.url)).toEqual(['http://a.example/', 'http://b.example/', 'http://c.example/']);
    expect(why).toBe('read as plain text: longer than the 30 UTF-16 code units V8 allows a string (its text cannot be one string for the Markdown reader)');
  });

  it('the limit is V8’s', () => {
    expect(maxStringLength).toBe(constants.MAX_STRING_LENGTH);
  });
});
