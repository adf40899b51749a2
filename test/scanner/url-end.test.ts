/**
 * Where a bare URL ends because of what its host and authority may hold
 * (README, "What counts as a URL", rules 12, 13 and 18): characters no URL or
 * IRI may hold, a backslash after the host, a port of other digits, hosts
 * that cannot be hosts, and a user part that looks like a bad host. The raw
 * span is marked «like this»; a line without marks holds no URL.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

function expectMarked(marked: string): void {
  const { input, spans } = unmark(marked);
  expect(foundSpans(input)).toEqual(spans);
}

// rule: no-iri-characters
describe('characters no URL or IRI may hold end a bare URL (RFC 3987 §2.2, §4.1)', () => {
  it.each([
    // bidirectional embeddings and overrides, U+202A..U+202E
    'see «http://example.com/a»\u202ab',
    'see «http://example.com/a»\u202bb',
    'see «http://example.com/a»\u202cb',
    'see «http://example.com/a»\u202db',
    'see «http://paypal.com»\u202e@evil.example/ now',
    // isolates, U+2066..U+2069
    '\u2067«https://example.org/ar/page»\u2069 ثم',
    '«https://example.org/x»\u2066y',
    '«https://example.org/x»\u2068y',
    // the marks, U+200E and U+200F
    '«https://he.wikipedia.org/wiki/a»\u200f (x)',
    '«https://example.org/x»\u200ey',
    // the object replacement character and the rest of the Specials block, noncharacters
    'see «http://example.com/img»\ufffcand',
    '«http://example.com/a»\ufff9b',
    '«http://example.com/a»\uffffb',
    '«http://example.com/a»\ufdd0b',
    // in the host too
    '«http://exam»\u202eple.com/',
    // a URL after one is found
    '\u202e«http://example.com/»',
  ])('%j', (marked) => expectMarked(marked));

  it.each([
    // characters IRIs hold stay: letters of any script, the joiners of scripts that need them, emoji
    '«http://例え.jp/パス»',
    '«https://fa.wikipedia.org/wiki/نیم\u200cفاصله»',
    '«https://example.com/👍/x»',
    '«http://example.com/é»',
  ])('%j stays whole', (marked) => expectMarked(marked));

  it('inside a wrapper the characters stay, and are reported', () => {
    const [record] = scan('<URL:http://example.com/a\u202eb\ufffc>');
    expect(record?.url).toBe('http://example.com/a\u202eb\ufffc');
    expect(record?.errors.map((error) => error.code)).toEqual(['invisible-character', 'non-ascii']);
  });
});

// rule: port-ascii-digits
describe('a port holds ASCII digits: any other character in it ends the URL (RFC 3986 §3.2.3)', () => {
  it.each([
    // digits of other scripts: Arabic-Indic, extended Arabic-Indic, Devanagari, Bengali, Thai
    '«http://example.com»:٨٠٨٠/x',
    '«http://example.com»:۸۰/x',
    '«http://example.com»:८०/x',
    '«http://example.com»:৮০',
    '«http://example.com»:๘๐/',
    // after ASCII digits: the word that follows with no space
    '访问«http://localhost:8080»进行测试',
    '«http://localhost:3000»へアクセス',
    // an IP literal's port
    '«http://[::1]:80»٨/',
    '«https://user@example.com:443»é',
  ])('%j', (marked) => expectMarked(marked));

  it.each([
    // before the `@`, it was the password
    '«ftp://user:pässword@example.com/»',
    '«ftp://user:٨٠@example.com/»',
    // ASCII that no port holds is the parser's to report
    '«http://example.com:80ab/»',
    '«http://localhost:PORT/»',
    // a path may hold any letter or digit
    '«http://example.com/٨٠»',
  ])('%j stays whole', (marked) => expectMarked(marked));

  it('the URL before the port is a URL of its own, valid', () => {
    expect(scan('http://example.com:٨٠/x').map((record) => [record.url, record.valid])).toEqual([['http://example.com', true]]);
  });
});

// rule: backslash-after-host
describe('a backslash after the host ends the URL (rule 12: a Windows path or an escape of the text around it)', () => {
  it.each([
    '«http://example.com»\\foo bar',
    '«http://example.com»\\ see',
    '«https://server.example»\\share\\file.txt',
    '«http://exam»\\ple.com/',
    '«http://example.com:8080»\\x',
    '«ssh://host.example»\\path',
    '«svn+ssh://host.example»\\repo',
  ])('%j', (marked) => expectMarked(marked));

  it.each([
    // after the host's `/`, a backslash is the path's, for the parser to report (rule 12)
    '«http://example.com/a\\b»',
    '«http://example.com/a\\b\\c.html» x',
    // a file: URL holds Windows paths
    '«file://server\\share\\x»',
    '«file:///C:\\Users\\me\\notes.txt»',
    // before an `@` it is the user's: a Windows domain user
    '«smb://WORKGROUP\\jim@server.example/share»',
    // the last character: rule 12's escape, as before
    'see «https://db.debian.org/machines.cgi»\\ . That',
    'href=\\«"https://github.com/nodejs/nan\\"»>',
  ])('%j', (marked) => expectMarked(marked));

  it.each(['http://sf\\.net/', 'https://www\\.python\\.org', 'r"https?://example\\.com/(\\d+)"', '^http://(www\\.)?example\\.com'])(
    '%j: an escaped dot in the host is a regular expression, no URL',
    (input) => {
      expect(scan(input)).toEqual([]);
    },
  );
});

// rule: host-shape
// rule: ipv6-needs-brackets
describe('a host that cannot be a host (rule 13)', () => {
  it.each([
    // a number alone, without dots
    'see http://12345/ here',
    'http://0/',
    'http://8080/x',
    'ftp://user@12345/',
    'http://12345:80/',
    'at http://12345.',
    // an IPv6 address without brackets (RFC 3986 §3.2.2: in brackets)
    'http://2001:db8::1/x',
    'http://fe80::1/',
    'http://fe80::1%eth0/',
    'http://abcd:ef01:2345::1/',
    'ftp://u@fe80::1/',
    'http://::1/',
    'http://fe80::/',
    'see http://fe80:: here',
    'http://localhost::3000/',
    // letters of any script are letters: the same checks (rule: host-shape)
    'see http://例え.123/ x',
    'see http://例え-.jp/ x',
    'see http://例え..jp/ x',
    // a host with `_` or `%` is spared the number checks, not the label checks
    'see http://a_b..c/ x',
    'see http://%41..c/ x',
  ])('%j holds no URL in running text', (input) => {
    expect(scan(input)).toEqual([]);
  });

  it.each([
    // numbers with dots, and names that start with digits, stay
    '«http://192.168.0.1/»',
    '«http://123abc/»',
    '«http://3com.com/»',
    '«http://0x7f.example/»',
    // a port, and the sentence's colon after it
    '«http://localhost:3000»: the server',
    '«http://example.com:8080/»',
    // in brackets
    '«http://[2001:db8::1]/x»',
    '«http://[fe80::1]:8080/»',
    // a user and password
    '«ftp://user:pass@example.com/»',
    // a host with `_` or `%` is left to the parser's number checks (rule: host-shape)
    'see «http://a_b.123/» x',
    'see «http://12_3/» x',
  ])('%j is still found', (marked) => expectMarked(marked));

  it.each(['<URL:http://12345/>', '<URL:http://fe80::1/>'])('%j: inside a wrapper, reported with its error', (input) => {
    const [record] = scan(input);
    expect(record).toMatchObject({ form: 'url-wrapper', valid: false });
  });
});

// rule: host-after-last-at
describe('the host is after the last `@`: what the user part looks like does not count (rule 13)', () => {
  it.each([
    // a user name starting with what no host starts with
    '«ftp://-user@example.com/»',
    '«ftp://-@example.com/»',
    '«ftp://.x@example.com/»',
    '«ftp://_x@example.com/»',
    '«ftp://~x@example.com/»',
    // holding RFC 3986 sub-delims, at its start or inside
    '«ftp://!x@example.com/»',
    '«ftp://$x@example.com/»',
    '«ftp://&x@example.com/»',
    "«ftp://'x@example.com/»",
    '«ftp://(x)@example.com/»',
    '«ftp://*x@example.com/»',
    '«ftp://+x@example.com/»',
    '«ftp://,x@example.com/»',
    '«ftp://;x@example.com/»',
    '«ftp://=x@example.com/»',
    "«ftp://o'brien@example.com/»",
    '«ftp://a=b;c@example.com/»',
    // a password like that
    '«ftp://user:-pw!@example.com/»',
    '«ftp://:pw@example.com/»',
    // several `@`: the last one
    '«http://-a@-b@example.com/»',
    '«http://-a@[::1]/»',
  ])('%j', (marked) => expectMarked(marked));

  it.each([
    // the host after the last `@` still decides
    'ftp://-user@-bad.example/',
    'ftp://!x@1.2.3/',
    'ftp://=x@12345/',
    'https://@-a.b/',
    'http://@/',
    // no `@` at all: what follows `//` is the host
    'http://-x.example/',
    'http://!x.example/',
  ])('%j holds no URL', (input) => {
    expect(scan(input)).toEqual([]);
  });

  it('reports the user and the host', () => {
    expect(scan('get ftp://-anonymous@ftp.example.org/pub/').map((record) => [record.url, record.parts.user, record.parts.host])).toEqual([
      ['ftp://-anonymous@ftp.example.org/pub/', '-anonymous', 'ftp.example.org'],
    ]);
  });
});
