/**
 * A scheme is at most 32 characters (`maxSchemeLength`), in a wrapper and
 * before `://` in running text. rule: any-scheme-with-slashes
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';

const scheme = (length: number) => `x${'y'.repeat(length - 1)}`;

describe('the longest scheme', () => {
  it.each([
    [`see ${scheme(32)}://host.example/a`, [`${scheme(32)}://host.example/a`]],
    [`see ${scheme(33)}://host.example/a`, []],
    [`<URL:${scheme(32)}:stuff>`, [`${scheme(32)}:stuff`]],
    [`<URL:${scheme(33)}:stuff>`, []],
  ])('%s', (text, urls) => {
    expect(scan(text).map((record) => record.url)).toEqual(urls);
  });
});
