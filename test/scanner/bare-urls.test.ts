/**
 * Bare URLs in running text: where they start and end. The raw span is
 * marked «like this».
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

const found = [
  // the RFC's schemes, https and registered ones (rule: bare-known-schemes)
  'see «http://example.com/a/b» for more',
  '«https://example.com»',
  '«ftp://ftp.example.org/pub/file.txt»',
  'try «gopher://gopher.example.org/1/news»',
  'write to «mailto:jim@info.cern.ch»',
  'in «news:comp.infosystems.www.misc».',
  'all groups: «news:*»',
  '«nntp://news.example.com/comp.lang.c/42»',
  '«telnet://user@host.example.com/»',
  '«wais://wais.example.com:210/db?search»',
  '«file:///etc/motd»',
  '«file://localhost/etc/motd»',
  '«prospero://host.dom//pros/name;OBJECT-VERSION=2»',
  'clone «git://example.com/repo.git»',
  'call «tel:+1-555-0100»',
  'see «urn:ietf:rfc:1738»',
  // trailing punctuation is text (rule: trailing-punctuation)
  'at «http://example.com/x».',
  'at «http://example.com/x», and',
  'at «http://example.com/x»; then',
  'at «http://example.com/x»: then',
  'really «http://example.com/x»!',
  'really «http://example.com/x»?',
  'end «http://example.com/x»...',
  "'«http://example.com/x»'",
  // brackets stay only when balanced inside (rule: trailing-punctuation)
  '(see «http://example.com/x»)',
  '(see «http://en.example.org/wiki/Foo_(bar)»)',
  '[«http://example.com/a[1]»]',
  '{«http://example.com/{x}»}',
  '«http://example.com/a)b»',
  // terminators (rule: bare-terminators)
  '«http://example.com/x»<b>',
  '«http://example.com/x»>',
  '«http://example.com/x»\tnext',
  'CJK: «http://example.com/x»。次',
  'CJK: «http://example.com/x»，次',
  'fullwidth «http://example.com/x»）',
  'ideographic «http://example.com/x»\u3000space',
  'no-break «http://example.com/x»\u00a0space',
  // typographic quotes and guillemets
  '“«http://example.com/x»”',
  '‘«http://example.com/x»’',
  'French: ‹«http://example.com/x»›',
  // a bare URL does not continue onto the next line (but after a hyphen: glued-and-broken.test.ts)
  '«http://example.com/very/long/pa»\nth/continued',
  '«http://example.com/a-»\n\nb',
  // several
  '«http://a.example» and «ftp://b.example/» and «news:c.d»',
  // userinfo, port, query, fragment
  '«ftp://user:pass@ftp.example.com:2121/dir/file;type=i»',
  '«http://example.com:8080/p?q=1&r=2#frag»',
  '«ftp://@host.com/»',
  // case of the scheme
  '«HTTP://EXAMPLE.COM/»',
  // after punctuation that is not part of a word
  '...«http://example.com»',
  '-«http://example.com»',
  '«http://[::1]:8080/»',
  // non-ASCII inside a path is kept (and reported invalid)
  '«http://example.com/página» ok',
];

describe('bare URLs', () => {
  it.each(found)('%s', (marked) => {
    const { input, spans } = unmark(marked);
    expect(foundSpans(input)).toEqual(spans);
    for (const record of scan(input)) {
      expect(record.form).toBe('bare');
      expect(record.url).toBe(record.raw);
    }
  });

  it('ends at a closing guillemet', () => {
    expect(scan('see «http://example.com/x» now').map((record) => record.url)).toEqual(['http://example.com/x']);
  });

  it('reports the scheme lower-cased and keeps the text as written', () => {
    const [record] = scan('HTTP://EXAMPLE.COM/');
    expect(record).toMatchObject({ scheme: 'http', url: 'HTTP://EXAMPLE.COM/' });
  });
});

// rule: quoted-url
describe('quoted URLs (RFC 3986 Appendix C)', () => {
  const quoted = [
    { input: 'href="http://example.com/a b"', spans: [] as string[], url: 'http://example.com/a', form: 'bare' },
    { input: 'see "http://example.com/x." now', url: 'http://example.com/x.', raw: '"http://example.com/x."', form: 'quoted' },
    { input: '"http://example.com/(x"', url: 'http://example.com/(x', raw: '"http://example.com/(x"', form: 'quoted' },
  ];
  it.each(quoted)('$input', ({ input, url, form, raw }) => {
    const [record, ...rest] = scan(input);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ url, form, ...(raw === undefined ? {} : { raw }) });
  });
});

// rule: url-prefix-bare
describe('the URL: prefix without brackets', () => {
  it.each([
    ['see URL:http://example.com/x.', 'http://example.com/x', 'URL:http://example.com/x'],
    ['see url:ftp://example.com/', 'ftp://example.com/', 'url:ftp://example.com/'],
  ])('%s', (input, url, raw) => {
    const [record, ...rest] = scan(input);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ url, raw, form: 'bare', scheme: url.slice(0, url.indexOf(':')) });
    expect(input.slice(record?.start.offset, record?.end.offset)).toBe(raw);
  });
});
