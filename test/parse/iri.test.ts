/**
 * IRIs (RFC 3987): RFC 1738 knows only US-ASCII, so characters beyond it are
 * `non-ascii`, one error per run of them, whose message names the characters
 * and their own UTF-8 encoding (in a host name, also the label IDNA writes);
 * and a record found in text carries `href`, the URI a browser requests.
 */
import { describe, expect, it } from 'vitest';
import { parse, scan } from '../../src/index.js';

const nonAscii = (url: string) =>
  parse(url)
    .errors.filter((error) => error.code === 'non-ascii')
    .map((error) => [error.offset, error.message]);

const message = (characters: string, octets: string, idna?: [string, string]) =>
  `Characters outside US-ASCII must be encoded as UTF-8 octets: "${characters}" is "${octets}"` +
  (idna === undefined ? '' : `; in a host name, IDNA writes the label "${idna[0]}" as "${idna[1]}"`);

// rule: non-ascii-run
describe('one `non-ascii` error per run, with the run and its own encoding', () => {
  it.each([
    ['http://example.com/é', [[19, message('é', '%C3%A9')]]],
    ['http://example.com/ü', [[19, message('ü', '%C3%BC')]]],
    ['http://example.com/日本語/ü', [[19, message('日本語', '%E6%97%A5%E6%9C%AC%E8%AA%9E')], [23, message('ü', '%C3%BC')]]],
    ['http://example.com/Москва', [[19, message('Москва', '%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0')]]],
    ['http://example.com/a😀b', [[20, message('😀', '%F0%9F%98%80')]]],
    ['http://example.com/caf\u00e9-cr\u00e8me', [[22, message('é', '%C3%A9')], [26, message('è', '%C3%A8')]]],
    // in a host name: the label IDNA writes
    ['http://例え.jp/', [[7, message('例え', '%E4%BE%8B%E3%81%88', ['例え', 'xn--r8jz45g'])]]],
    ['http://bücher.example/', [[8, message('ü', '%C3%BC', ['bücher', 'xn--bcher-kva'])]]],
    // every part: user, search part, fragment, other schemes
    ['ftp://jürgen@ftp.example/', [[7, message('ü', '%C3%BC')]]],
    ['http://example.com/?q=日本', [[22, message('日本', '%E6%97%A5%E6%9C%AC')]]],
    ['http://example.com/#見出し', [[20, message('見出し', '%E8%A6%8B%E5%87%BA%E3%81%97')]]],
    ['mailto:jürgen@example.com', [[8, message('ü', '%C3%BC')]]],
    ['news:de.comp.ä', [[13, message('ä', '%C3%A4')]]],
  ])('%s', (url, errors) => {
    expect(nonAscii(url)).toEqual(errors);
  });

  it('a long run is named by its first 32 characters', () => {
    const [error] = parse(`http://example.com/${'ж'.repeat(40)}`).errors;
    expect(error?.message).toBe(message(`${'ж'.repeat(32)}…`, `${'%D0%B6'.repeat(32)}…`));
  });

  it('a run ends at an invisible character, which has its own code', () => {
    expect(parse('http://example.com/é\u200bé').errors.map((error) => [error.code, error.offset])).toEqual([
      ['non-ascii', 19],
      ['invisible-character', 20],
      ['non-ascii', 21],
    ]);
  });

  it('a thousand non-ASCII characters in a row: one error', () => {
    expect(parse(`http://example.com/${'é'.repeat(1000)}`).errors).toHaveLength(1);
  });
});

// rule: iri-href
describe('records of IRIs carry `href`', () => {
  it.each([
    ['see http://例え.jp/パス and', 'http://例え.jp/パス', 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
    ['<URL:https://ru.wikipedia.org/wiki/Моск\n  ва>', 'https://ru.wikipedia.org/wiki/Москва', 'https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0'],
    ['«https://zh.wikipedia.org/wiki/北京»', 'https://zh.wikipedia.org/wiki/北京', 'https://zh.wikipedia.org/wiki/%E5%8C%97%E4%BA%AC'],
    ['<http://example.com/a b>', 'http://example.com/ab', undefined],
    ['see http://example.com/plain', 'http://example.com/plain', undefined],
  ])('%j', (text, url, href) => {
    const [record] = scan(text);
    expect(record?.url).toBe(url);
    expect(record?.href).toBe(href);
    if (href !== undefined) expect(record?.href).toBe(new URL(url).href);
  });
});
