/**
 * The link summary (`summarize`, `createSummary`): counts by host, scheme,
 * kind and input, distinct URLs with places, the URLs worth a look, and the
 * limits past which URLs are counted but not listed.
 */
import { describe, expect, it } from 'vitest';
import { createSummary, scan, scanMail, summarize } from '../../src/index.js';
import type { UrlRecord } from '../../src/index.js';
import { cutAtLineEnd, foundKindOf } from '../../src/report/found-kind.js';

/** The records of `text`, each carrying `file`. */
function recordsOf(file: string, text: string): (UrlRecord & { file: string })[] {
  return scan(text).map((record) => ({ ...record, file }));
}

const docs = [
  ...recordsOf('a.txt', 'see http://example.com/x and https://example.com/y and http://example.com/x\n'),
  ...recordsOf('b.txt', 'and <URL:ftp://ftp.exam-\n  ple.org/pub/> and http://exa_mple.com:80x/ and mailto:someone@Mail.Example.org\n'),
  ...recordsOf('c.txt', 'http://example.com/x again, and news:comp.infosystems\n'),
];

describe('summarize', () => {
  it('counts URLs, distinct URLs, hosts, inputs and invalid URLs', () => {
    const summary = summarize(docs);
    expect(summary).toMatchObject({ urls: 8, distinctUrls: 6, hosts: 5, filesWithUrls: 3, invalidUrls: 1, mail: false });
  });

  it('counts hosts by occurrences, distinct URLs and inputs, most first; mailto by its domain, none as (none)', () => {
    expect(summarize(docs).byHost).toEqual([
      { host: 'example.com', urls: 4, distinctUrls: 2, files: 2 },
      { host: '(none)', urls: 1, distinctUrls: 1, files: 1 },
      { host: 'exa_mple.com', urls: 1, distinctUrls: 1, files: 1 },
      { host: 'ftp.exam-ple.org', urls: 1, distinctUrls: 1, files: 1 },
      { host: 'mail.example.org', urls: 1, distinctUrls: 1, files: 1 },
    ]);
  });

  it('counts schemes, inputs and how each URL was found (hyphen first, then rejoined, then by form)', () => {
    const summary = summarize(docs);
    expect(summary.byScheme).toEqual([
      { name: 'http', urls: 4 },
      { name: 'ftp', urls: 1 },
      { name: 'https', urls: 1 },
      { name: 'mailto', urls: 1 },
      { name: 'news', urls: 1 },
    ]);
    expect(summary.byFile).toEqual([
      { name: 'a.txt', urls: 3 },
      { name: 'b.txt', urls: 3 },
      { name: 'c.txt', urls: 2 },
    ]);
    expect(summary.byKind).toEqual([
      { name: 'hyphen-ambiguous', urls: 1 },
      { name: 'bare', urls: 7 },
    ]);
  });

  it.each([
    ['http://Example.COM/x', 'example.com'],
    ['mailto:someone@Lists.Example.org', 'lists.example.org'],
    ['mailto:help@lists.example.org?subject=help', 'lists.example.org'],
    ['mailto:a@b.example#x', 'b.example'],
    // (in running text `mailto:` without `@` is prose: in a wrapper it is a record)
    ['<URL:mailto:nobody>', '(none)'],
    ['news:comp.infosystems', '(none)'],
    ['file:///etc/motd', '(none)'],
  ])('the host of %s is %s', (url, host) => {
    expect(summarize(scan(url)).byHost.map((entry) => entry.host)).toEqual([host]);
  });

  it.each([
    ['a hyphen at a line break', 'x <URL:http://a.exam-\n ple/> y', 'hyphen-ambiguous'],
    ['a wrapper over a line break', 'x <URL:http://a.ex\n ample/> y', 'rejoined'],
    ['a wrapper on one line', 'x <URL:http://a.example/> y', 'url-wrapper'],
    ['angle brackets', 'x <http://a.example/> y', 'angle'],
    ['quotes', 'x "http://a.example/" y', 'quoted'],
    ['bare', 'x http://a.example/ y', 'bare'],
  ])('kind: %s', (_, text, kind) => {
    const [record] = scan(text);
    expect(foundKindOf(record as UrlRecord)).toBe(kind);
  });

  it.each([
    ['<URL:ftp://ds.in\n   ternic.net/rfc>', 'ftp://ds.in'],
    ['<url: http://a.exam-\r\n ple/>', 'http://a.exam-'],
    ['<http://a.example/\n x>', 'http://a.example/'],
    ['"http://a.\nexample/"', 'http://a.'],
  ])('what a line-bound reader finds of %j: %j', (raw, cut) => {
    expect(cutAtLineEnd(raw)).toBe(cut);
  });

  it('lists distinct URLs in the order found, with count, inputs, places and the first context', () => {
    const builder = createSummary();
    for (const record of docs) builder.add(record, { context: `around ${record.url}` });
    const [first] = builder.summary().list;
    expect(first).toEqual({
      url: 'http://example.com/x',
      host: 'example.com',
      scheme: 'http',
      kind: 'bare',
      valid: true,
      errors: [],
      alternatives: [],
      count: 3,
      files: 2,
      places: [
        { file: 'a.txt', line: 1, column: 5 },
        { file: 'a.txt', line: 1, column: 56 },
        { file: 'c.txt', line: 1, column: 1 },
      ],
      context: 'around http://example.com/x',
    });
  });

  it('draws the lists worth a look: not valid, hyphen-ambiguous, rejoined, http where https is linked, hosts named once', () => {
    const records = [
      ...docs,
      ...recordsOf('d.txt', 'see <URL:http://ds.in\n  ternic.net/rfc> and http://secure.example/a and https://secure.example/b\n'),
    ];
    const { lookAt } = summarize(records);
    expect(lookAt.invalid.total).toBe(1);
    expect(lookAt.invalid.items.map((url) => [url.url, url.errors.map((error) => error.code)])).toEqual([['http://exa_mple.com:80x/', ['bad-host-label', 'port-not-digits']]]);
    expect(lookAt.hyphenAmbiguous.items.map((url) => [url.url, url.alternatives])).toEqual([['ftp://ftp.exam-ple.org/pub/', ['ftp://ftp.example.org/pub/']]]);
    expect(lookAt.rejoined.items.map((url) => [url.url, url.cut])).toEqual([
      ['ftp://ftp.exam-ple.org/pub/', 'ftp://ftp.exam-'],
      ['http://ds.internic.net/rfc', 'http://ds.in'],
    ]);
    expect(lookAt.httpAlsoHttps).toEqual({ total: 2, items: [expect.objectContaining({ url: 'http://example.com/x' }), expect.objectContaining({ url: 'http://secure.example/a' })] });
    expect(lookAt.singleHosts.items).toEqual([
      { host: '(none)', url: 'news:comp.infosystems' },
      { host: 'ds.internic.net', url: 'http://ds.internic.net/rfc' },
      { host: 'exa_mple.com', url: 'http://exa_mple.com:80x/' },
      { host: 'ftp.exam-ple.org', url: 'ftp://ftp.exam-ple.org/pub/' },
      { host: 'mail.example.org', url: 'mailto:someone@Mail.Example.org' },
    ]);
  });

  it('names mail messages in places, by index and subject', async () => {
    const mail = 'From a@b Mon Jan  1 00:00:00 2024\nSubject: First\n\nhttp://m.example/1\n\nFrom c@d Mon Jan  1 00:00:00 2024\n\nhttp://m.example/1\n';
    const summary = await summarize(scanMail(new TextEncoder().encode(mail)));
    expect(summary.mail).toBe(true);
    expect(summary.list[0]?.places).toEqual([
      { file: '', line: 4, column: 1, message: { index: 0, subject: 'First' } },
      { file: '', line: 8, column: 1, message: { index: 1 } },
    ]);
  });

  it('takes an occurrence count (a --unique row) and a record\u2019s own file', () => {
    const [record] = scan('http://a.example/');
    const builder = createSummary();
    builder.add({ ...(record as UrlRecord), file: 'maildir/cur/1' } as UrlRecord, { file: 'maildir', count: 7 });
    const summary = builder.summary();
    expect([summary.urls, summary.list[0]?.count, summary.list[0]?.places[0]?.file]).toEqual([7, 7, 'maildir/cur/1']);
  });
});

describe('the limits: past them URLs are counted, not listed', () => {
  const many = (count: number) => recordsOf('big.txt', Array.from({ length: count }, (_, i) => `http://h${i % 7}.example/${i}`).join('\n'));

  it('lists at most maxUrls distinct URLs and says how many more there are', () => {
    const summary = summarize([...many(50), ...many(50)], { maxUrls: 20 });
    expect(summary.list).toHaveLength(20);
    expect(summary.distinctUrls).toBe(50);
    expect(summary.urls).toBe(100);
    expect(summary.leftOut).toMatchObject({ distinctUrls: 30, urls: 60 });
    expect(summary.list[0]?.count).toBe(2);
    expect(summary.byHost.reduce((sum, host) => sum + host.distinctUrls, 0)).toBe(50);
  });

  it('stops listing at maxListCharacters', () => {
    const summary = summarize(many(100), { maxListCharacters: 500 });
    expect(summary.list.length).toBeGreaterThan(5);
    expect(summary.list.length).toBeLessThan(30);
    expect(summary.list.length + summary.leftOut.distinctUrls).toBe(100);
  });

  it('lists URLs worth a look past maxUrls, up to maxLookAt of each, and counts them all', () => {
    const bad = recordsOf('bad.txt', Array.from({ length: 10 }, (_, i) => `http://bad_${i}.example/`).join('\n'));
    const summary = summarize([...many(30), ...bad], { maxUrls: 5, maxLookAt: 4 });
    expect(summary.lookAt.invalid.total).toBe(10);
    expect(summary.lookAt.invalid.items).toHaveLength(4);
    expect(summary.list).toHaveLength(9);
  });

  it('keeps at most maxPlaces places per URL, and the top maxFiles inputs', () => {
    const records = ['a', 'b', 'c', 'd'].flatMap((file, i) => recordsOf(file, 'http://x.example/ '.repeat(i + 1)));
    const summary = summarize(records, { maxPlaces: 3, maxFiles: 2 });
    expect(summary.list[0]?.places).toHaveLength(3);
    expect(summary.list[0]?.count).toBe(10);
    expect(summary.byFile).toEqual([
      { name: 'd', urls: 4 },
      { name: 'c', urls: 3 },
    ]);
    expect(summary.leftOut).toMatchObject({ files: 2, fileUrls: 3 });
  });
});

describe('misuse', () => {
  it.each([
    ['a number for records', () => summarize(42 as never)],
    ['null for records', () => summarize(null as never)],
    ['an unknown option', () => summarize([], { maxUrl: 3 } as never)],
    ['a negative limit', () => summarize([], { maxUrls: -1 })],
    ['a fractional limit', () => summarize([], { maxPlaces: 1.5 })],
    ['options that are not an object', () => createSummary('x' as never)],
    ['a record that is not one', () => createSummary().add({} as never)],
  ])('%s throws a TypeError', (_, call) => {
    expect(call).toThrow(TypeError);
  });

  it('an empty input gives an empty summary', () => {
    expect(summarize([])).toMatchObject({ urls: 0, distinctUrls: 0, hosts: 0, list: [], byHost: [], byKind: [] });
  });
});
