/**
 * An empty chunk between the CR and the LF of a CRLF does not count as a
 * line: positions are the same as when the HTML comes whole.
 */
import { describe, expect, it } from 'vitest';
import { createHtmlScanner, scanHtmlWhole } from '../../src/adapters/html/html-scanner.js';

describe('empty chunks', () => {
  it.each([
    [['a\r', '', '\nsee http://x.example/ ']],
    [['a\r', '', '', '\n', '', 'see http://x.example/ ']],
    [['', 'a\r\n', '', 'see http://x.example/ ', '']],
  ])('%j', (chunks) => {
    const scanner = createHtmlScanner();
    const records = chunks.flatMap((chunk) => scanner.write(chunk));
    records.push(...scanner.end());
    const whole = scanHtmlWhole(chunks.join(''));
    expect(records.map((record) => [record.url, record.start, record.end])).toEqual(whole.map((record) => [record.url, record.start, record.end]));
    expect(whole.map((record) => record.start.line)).toEqual([2]);
  });
});
