/**
 * The http(s) fast path gives exactly what the full grammar gives: the same
 * parts in the same order, or no answer at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { parseSimpleHttp } from '../../src/parse/http-fast-path.js';
import { parseByGrammar } from '../../src/parse/parse-url.js';

function expectSameAsGrammar(url: string): void {
  const fast = parseSimpleHttp(url);
  if (fast === undefined) return;
  const full = parseByGrammar(url);
  expect(fast).toStrictEqual(full);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
}

// rule: http-fast-path
describe('the http(s) fast path', () => {
  it.each([
    'http://example.com',
    'https://example.com/',
    'http://example.com:8080',
    'http://example.com:8080/a/b;c=d?x=1&y=2',
    'https://a-b.example.co.uk/%7Euser/?',
    'http://EXAMPLE.com/A',
    'http://h/',
    'http://h/?',
    'http://h/a?b',
    'http://x.y:0/',
    'http://x.y:65535/',
  ])('answers for %j, as the grammar does', (url) => {
    expect(parseSimpleHttp(url)).toBeDefined();
    expectSameAsGrammar(url);
  });

  it.each([
    // left to the grammar: anything unusual or invalid
    'HTTP://example.com/',
    'http://user@example.com/',
    'http://192.168.0.1/',
    'http://example.123/',
    'http://-a.com/',
    'http://a-.com/',
    'http://a..b/',
    'http://',
    'http:///x',
    'http://h:/',
    'http://h:65536/',
    'http://h:8a/',
    'http://h/a#f',
    'http://h/a?b?c',
    'http://h/a?b/c',
    'http://h/a%2',
    'http://h/a%zz',
    'http://h/~user',
    'http://h/a b',
    'http://h/é',
    'http://h_1.com/',
    'http://[::1]/',
    'http://h?x',
    'ftp://h/',
    'https:h',
    // the scheme read in one piece: "http" then "://" or "s://", nothing near it
    'http',
    'http:',
    'http:/h',
    'https:/h',
    'https//h',
    'httpx://h',
    'httpS://h',
    'http:s//h',
    // characters beyond US-ASCII whose low bits are a letter, a digit, a "-" or a "/" (no class of their own)
    'http://\u0161.com/',
    'http://a\u012d.com/',
    'http://h:8\u0130/',
    'http://h/\u012f',
    'http://h/?\u0161',
    'http://h/%\u01611',
    'http://h/\ud83d\ude00',
  ])('leaves %j to the grammar', (url) => {
    expect(parseSimpleHttp(url)).toBeUndefined();
  });

  it('agrees with the grammar on every URL of the bundled text and Markdown', () => {
    let answered = 0;
    for (const folder of ['text', 'markdown']) {
      const directory = new URL(`../../corpus/${folder}/`, import.meta.url);
      for (const entry of readdirSync(directory, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        for (const record of scan(readFileSync(new URL(entry.name, directory), 'utf8'))) {
          if (parseSimpleHttp(record.url) !== undefined) answered++;
          expectSameAsGrammar(record.url);
        }
      }
    }
    expect(answered).toBeGreaterThan(10);
  });

  it('agrees with the grammar on generated URLs (property)', () => {
    const piece = fc.constantFrom(
      'a', 'Z', '0', '9', '-', '.', '/', ':', '?', '#', '@', '%', '%2F', '%g', ';', '=', '&', '~', '_', '+', '$',
      '!', '*', "'", '(', ')', ',', ' ', 'é', '[', ']', 'example', 'com', '80', '65535', '65536', '',
      '\u0161', '\u012d', '\u0130', '\ud83d',
    );
    const url = fc
      .tuple(fc.constantFrom('http://', 'https://', 'http:', 'HTTP://', 'https:///', 'http', 'https:/', 'httpx://', 'http:s//'), fc.array(piece, { maxLength: 20 }))
      .map(([prefix, parts]) => prefix + parts.join(''));
    fc.assert(fc.property(url, (input) => expectSameAsGrammar(input)), { numRuns: 5000 });
  });
});
