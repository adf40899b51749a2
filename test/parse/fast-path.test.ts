/**
 * The http(s) fast path gives exactly what the full grammar gives: the same
 * parts in the same order, or no answer at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { parseSimpleHttp, simpleHttpParts } from '../../src/parse/http-fast-path.js';
import { parseByGrammar } from '../../src/parse/parse-url.js';
import { referenceHttpParts } from './fast-path-reference.js';

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

  /** The fast path (native tests of the host and the path) against the same rules read a character at a time. */
  function expectSameAsReference(url: string): void {
    const fast = simpleHttpParts(url);
    expect(fast).toStrictEqual(referenceHttpParts(url));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(referenceHttpParts(url)));
  }

  it.each([
    // hosts: labels, dashes and dots at every place; what ends a host
    'http://a', 'http://a-b', 'http://a--b', 'http://a-', 'http://-a', 'http://a.b-c.d', 'http://a.-b.c', 'http://a-.b.c',
    'http://a.b.', 'http://.a', 'http://a..b', 'http://1.a', 'http://a.1', 'http://a.1b', 'http://a.b1', 'http://a.b-1',
    'http://x.y:', 'http://x.y:/', 'http://x.y:080/p', 'http://x.y:00000000000080', 'http://x.y:65536', 'http://x.y:6553a/',
    'http://a.b?x', 'http://a.b#x', 'http://a.b;x', 'http://a_b.c/', 'http://a.b/c', 'http://a.b:1:2/',
    // paths and search parts: escapes at the end, a second "?", a "/" after "?", characters of neither class
    'http://h/', 'http://h//', 'http://h/?', 'http://h/??', 'http://h/?a/b', 'http://h/%', 'http://h/%4', 'http://h/%41', 'http://h/%4g',
    'http://h/a%41?b%42', 'http://h/a?b%4', 'http://h/;:@&=$-_.+!*\'(),', 'http://h/?;:@&=', 'http://h/a b', 'http://h/a"b', 'http://h/a\\b',
    'http://h/\u0161', 'http://h\u0161/', 'https://h/x', 'https://h:443', 'http://h/a\nb',
  ])('reads %j as the character loop does', (url) => {
    expectSameAsReference(url);
  });

  it('reads generated URLs as the character loop does (property)', () => {
    const piece = fc.constantFrom(
      'a', 'Z', '0', '9', '-', '--', '.', '/', ':', '?', '#', '@', '%', '%2F', '%g', '%4', ';', '=', '&', '~', '_', '+', '$',
      '!', '*', "'", '(', ')', ',', ' ', 'é', 'example', 'com', '80', '65535', '65536', '', '\u0161', '\ud83d', '\n',
    );
    const url = fc
      .tuple(fc.constantFrom('http://', 'https://', 'http:', 'https:/'), fc.array(piece, { maxLength: 24 }))
      .map(([prefix, parts]) => prefix + parts.join(''));
    fc.assert(fc.property(url, (input) => expectSameAsReference(input)), { numRuns: 10_000 });
  });

  it.each([
    // a failed match gives back each label's ends once: long hosts that fail only at their end
    ['labels of one letter, the last a digit', `http://${'a.'.repeat(100_000)}1/`],
    ['one label of runs of dashes, ending in one', `http://${'a-'.repeat(100_000)}/`],
    ['labels of dashes, then a character of no class', `http://${'a--b.'.repeat(50_000)}c_/`],
    ['a path of escapes, ending in half of one', `http://h/${'%41'.repeat(100_000)}%4`],
  ])('stays linear on %s', (_, url) => {
    expect(simpleHttpParts(url)).toBeUndefined();
    expect(referenceHttpParts(url)).toBeUndefined();
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
