/**
 * The RFC 1738 Appendix: `<URL:...>` and `<scheme:...>` wrappers, whitespace
 * inside them, and the hyphen rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';

const appendix = readFileSync(new URL('../fixtures/appendix-example.txt', import.meta.url), 'utf8');

interface Row {
  input: string;
  url: string;
  form?: string;
  alternatives?: string[];
}

const rows: Row[] = [
  // the prefix in any case, a space after its colon (rule: wrapper-url-prefix)
  { input: '<URL:http://example.com/>', url: 'http://example.com/', form: 'url-wrapper' },
  { input: '<url:http://example.com/>', url: 'http://example.com/', form: 'url-wrapper' },
  { input: '<Url: http://example.com/>', url: 'http://example.com/', form: 'url-wrapper' },
  // whitespace removed: space, tab, CR, LF, form feed, vertical tab, no-break space (rule: wrapper-whitespace)
  { input: '<URL:ftp://ds.in\n   ternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  { input: '<URL:ftp://ds.in\r\n   ternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  { input: '<URL:ftp://ds.in\r   ternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  { input: '<URL:ftp://ds.in\t\fternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  { input: '<URL:ftp://ds.in\vternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  { input: '<URL:ftp://ds.in\u00a0ternic.net/rfc>', url: 'ftp://ds.internic.net/rfc' },
  // the fragment belongs to the URL (rule: wrapper-fragment)
  { input: '<URL:http://a.example/p.html#WARN\n ING>', url: 'http://a.example/p.html#WARNING' },
  // unknown schemes are fine inside <URL:...> (rule: wrapper-url-prefix)
  { input: '<URL:z39.50s://host.example/db>', url: 'z39.50s://host.example/db' },
  { input: '<URL:x-private:stuff>', url: 'x-private:stuff' },
  // angle brackets without the prefix, known schemes (rule: angle-wrapper)
  { input: '<http://example.com/a>', url: 'http://example.com/a', form: 'angle' },
  { input: '<http://example.com/a\n    /b>', url: 'http://example.com/a/b', form: 'angle' },
  { input: '<mailto:jim@info.cern.ch>', url: 'mailto:jim@info.cern.ch', form: 'angle' },
  { input: '<news:comp.infosystems.www.misc>', url: 'news:comp.infosystems.www.misc', form: 'angle' },
  { input: '<urn:ietf:rfc:1738>', url: 'urn:ietf:rfc:1738', form: 'angle' },
  // sentence punctuation inside the brackets belongs to the URL (rule: wrapper-fragment)
  { input: '<URL:http://example.com/x.>', url: 'http://example.com/x.' },
  // the hyphen rule: both readings, the hyphen kept by default (rule: hyphen-rule-wrapper)
  {
    input: '<URL:http://www.exam-\n    ple.com/>',
    url: 'http://www.exam-ple.com/',
    alternatives: ['http://www.example.com/'],
  },
  {
    input: '<URL:http://www.exam-   \r\n    ple.com/>',
    url: 'http://www.exam-ple.com/',
    alternatives: ['http://www.example.com/'],
  },
  {
    input: '<URL:ftp://ds.internic.net/internet-\n   drafts/draft-ietf-uri-irl-\n   fun-req-02.txt>',
    url: 'ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt',
    alternatives: [
      'ftp://ds.internic.net/internetdrafts/draft-ietf-uri-irlfun-req-02.txt',
      'ftp://ds.internic.net/internetdrafts/draft-ietf-uri-irl-fun-req-02.txt',
      'ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irlfun-req-02.txt',
    ],
  },
  // a hyphen before a space is not at a line break: no ambiguity
  { input: '<URL:http://a.example/x- y>', url: 'http://a.example/x-y', alternatives: [] },
];

describe('wrappers', () => {
  it.each(rows)('$input', ({ input, url, form = 'url-wrapper', alternatives = [] }) => {
    const records = scan(input);
    expect(records.map((r) => ({ url: r.url, form: r.form, alternatives: r.alternatives, raw: r.raw }))).toEqual([
      { url, form, alternatives, raw: input },
    ]);
  });
});

describe('the Appendix example', () => {
  it('yields its three URLs, rejoined, with positions into the text', () => {
    expect(scan(appendix).map(({ url, start, end }) => ({ url, start, end }))).toEqual([
      {
        url: 'ftp://info.cern.ch/pub/www/doc;type=d',
        start: { line: 1, column: 31, offset: 30 },
        end: { line: 2, column: 11, offset: 77 },
      },
      {
        url: 'ftp://ds.internic.net/rfc',
        start: { line: 2, column: 49, offset: 115 },
        end: { line: 3, column: 19, offset: 150 },
      },
      {
        url: 'http://ds.internic.net/instructions/overview.html#WARNING',
        start: { line: 3, column: 42, offset: 173 },
        end: { line: 4, column: 43, offset: 240 },
      },
    ]);
  });
});

// rule: hyphen-rule-wrapper
describe('the hyphen option', () => {
  const input = 'see <URL:http://www.exam-\n    ple.com/> now';
  it.each([
    ['keep', 'http://www.exam-ple.com/', ['http://www.example.com/']],
    ['drop', 'http://www.example.com/', ['http://www.exam-ple.com/']],
  ] as const)('hyphen: %s', (hyphen, url, alternatives) => {
    expect(scan(input, { hyphen }).map((r) => [r.url, r.alternatives])).toEqual([[url, alternatives]]);
  });
});

describe('several ambiguous hyphens', () => {
  // rule: hyphen-readings
  it('four: every other combination, the opposite extreme first', () => {
    const [record] = scan('<URL:http://a-\nb-\nc-\nd-\ne.example/>');
    expect(record?.url).toBe('http://a-b-c-d-e.example/');
    expect(record?.alternatives).toHaveLength(15);
    expect(record?.alternatives[0]).toBe('http://abcde.example/');
    expect(new Set(record?.alternatives).size).toBe(15);
  });

  it('more than four ambiguous hyphens: only the opposite extreme', () => {
    const input = '<URL:http://a-\nb-\nc-\nd-\ne-\nf.example/>';
    expect(scan(input).map((r) => [r.url, r.alternatives])).toEqual([['http://a-b-c-d-e-f.example/', ['http://abcdef.example/']]]);
    expect(scan(input, { hyphen: 'drop' }).map((r) => [r.url, r.alternatives])).toEqual([['http://abcdef.example/', ['http://a-b-c-d-e-f.example/']]]);
  });
});

// rule: unclosed-wrapper
describe('unclosed wrappers are abandoned and their text scanned as ordinary text', () => {
  it.each([
    // end of input
    ['see <URL:http://example.com/x', ['http://example.com/x']],
    // a blank line
    ['see <URL:http://example.com/x\n\nmore text>', ['http://example.com/x']],
    ['see <URL:http://example.com/x\r\n  \r\nmore text>', ['http://example.com/x']],
    // a second <
    ['<URL:http://a.example/ <URL:http://b.example/>', ['http://a.example/', 'http://b.example/']],
    // no scheme inside
    ['<URL: just words> and http://c.example', ['http://c.example']],
  ])('%j', (input, urls) => {
    expect(scan(input).map((r) => r.url)).toEqual(urls);
  });

  it('at maxWrapperLength', () => {
    const long = `<URL:http://example.com/${'a'.repeat(100)}>`;
    expect(scan(long, { maxWrapperLength: 200 }).map((r) => r.form)).toEqual(['url-wrapper']);
    const found = scan(long, { maxWrapperLength: 50 });
    expect(found.map((r) => [r.form, r.url])).toEqual([['bare', `http://example.com/${'a'.repeat(100)}`]]);
  });

  it('a rescanned URL: prefix is stripped', () => {
    expect(scan('see <URL:http://example.com/x').map((r) => r.raw)).toEqual(['URL:http://example.com/x']);
  });
});
