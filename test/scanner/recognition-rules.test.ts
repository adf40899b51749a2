/**
 * The recognition rules for bare URLs in running text that real text needs
 * (README, "What counts as a URL", rules 4, 10 to 17). The raw span is
 * marked «like this»; a line without marks holds no URL.
 */
import { describe, expect, it } from 'vitest';
import type { ScanOptions } from '../../src/index.js';
import { scan } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

function expectMarked(marked: string, options?: ScanOptions): void {
  const { input, spans } = unmark(marked);
  expect(foundSpans(input, options)).toEqual(spans);
}

// rule: any-scheme-with-slashes
describe('any scheme written with `//`', () => {
  it.each([
    'check out «svn+ssh://svn.example.org/repo/trunk» now',
    'pip install «git+https://github.com/user/project.git»',
    'open «vscode://file/home/user/a.txt»',
    'the app link «myapp://open/item?id=42».',
    '«coap+tcp://[2001:db8::1]:5683/sensors»',
    '(see «x-man-page://ls»)',
  ])('%s', (marked) => expectMarked(marked));

  it('is read by the generic form, with its host', () => {
    const [record] = scan('run svn+ssh://user@svn.example.org/repo');
    expect(record).toMatchObject({
      url: 'svn+ssh://user@svn.example.org/repo',
      scheme: 'svn+ssh',
      form: 'bare',
      valid: true,
      parts: { schemepart: '//user@svn.example.org/repo', user: 'user', host: 'svn.example.org', urlPath: 'repo' },
    });
  });

  it.each([
    // without `//`, a scheme must be known
    'Note: this is fine',
    're: your mail',
    'foo:bar',
    'Summary:http is a protocol',
    // a scheme of one letter is a drive: `C://` is not a URL
    'C://Users/jim',
    // `//` with no host after it
    'foo://',
    'foo:///etc/motd',
    'foo:// spaced',
    'foo://<host>/',
    // a scheme starts with a letter, and starts a word
    '3foo://example.com',
    // a word longer than a scheme may be
    `${'a'.repeat(40)}://example.com`,
  ])('%j holds no URL', (input) => {
    expect(scan(input)).toEqual([]);
  });
});

// rule: scheme-starts-with-letter
describe('a known scheme joined to the word before it', () => {
  it.each([
    'spam.«https://example.com/a»',
    're-«http://example.com/b»',
    '...«http://example.com/c»',
    '1.«http://example.com/d»',
    'a.b.«ftp://ftp.example.com/»',
    'x-«mailto:jim@example.com»',
    '#«http://example.com/e»',
    'word_«foo://example.com/f»',
    '=>«https://example.com/f»',
  ])('%s', (marked) => expectMarked(marked));

  it('an unknown scheme joined with `.` or `-` is read whole', () => {
    expect(scan('see foo.bar://example.com/x').map((record) => [record.url, record.scheme])).toEqual([
      ['foo.bar://example.com/x', 'foo.bar'],
    ]);
  });

  it('a word glued with `+` is read whole', () => {
    expect(scan('see x+https://example.com/').map((record) => [record.url, record.scheme])).toEqual([
      ['x+https://example.com/', 'x+https'],
    ]);
  });
});

describe('unsafe characters end a bare URL', () => {
  it.each([
    // `|` (rule: bare-terminators)
    '[[«http://example.com/page»|the page]]',
    '| «https://example.com/a» | «https://example.com/b» |',
    // `'` before `>` or `/>`, and a URL right after `'` (rule: apostrophe-delimiters)
    "<a href='«http://example.com/x»'/>",
    "<a href=«http://example.com/x»'>",
    "['«http://a.example/»','«http://b.example/»']",
    "url('«http://example.com/img.png»')",
    // `)(` before a scheme and `:` (rule: url-list-separators)
    '(«http://a.example/x»)(«http://b.example/y»)',
    '«http://a.example/x»)(«http://b.example/y»',
    '«http://a.example/x»)(«mailto:jim@example.com»)',
    // `)(` with no scheme after it stays in the URL
    '«http://example.com/f(x)(y)»',
    '«http://example.com/a)(1»',
    // a comma before another scheme and `://` separates two URLs; other commas stay (rule: url-list-separators)
    '«http://a.example/»,«http://b.example/» ok',
    '@uref{«http://www.zlib.org»,«http://www.zlib.org»}',
    '«http://example.com/a,b,c»',
    '«http://example.com/?q=a,b»',
    '«http://a.example/,mailto:b@c.example»',
    // a JSON or C string's escaped line break or tab ends a URL; other backslashes, and a Windows path's in a file: URL, stay (rule: string-escape-ends-url)
    '"desc": "see «https://example.org/docs»\\nNext line"',
    '«http://a.example/x»\\tb «https://a.example/y»\\r\\n',
    '«http://a.example/p\\q»',
    '«file:///C:\\new\\table.txt» «FILE:///C:\\temp\\x» «file:///d:\\dir\\new»',
    '"import «file:///app/dep.js»\\nimport x"',
    // a quote inside the URL that markup does not follow stays (rule: apostrophe-delimiters)
    "«http://example.com/it's/here»",
  ])('%s', (marked) => expectMarked(marked));
});

describe('no host after `//`: refused before the scheme is read back, unless the scheme needs none', () => {
  it.each(['see (http://-a.b/ x', 'see HTTP://-a.b x', 'see spam.https://-a.b x', 'see svn+ssh://-x.y/ x', 'see x2://-y.z/ x', 'see http:///a x', 'see https://@-a.b/ x'])(
    '%j holds no URL',
    (input) => {
      expect(scan(input)).toEqual([]);
    },
  );

  it.each([
    // schemes that are not hierarchical read on after `//`
    'see «news://-a.b/» x',
    'see «mailto://-a@b.c» x',
    'see «tel://-1» x',
    // `file` may have an empty host, and a user may come first
    'see «file:///etc/motd» x',
    'see «https://@a.b/» x',
  ])('%s', (marked) => expectMarked(marked));
});

describe('no host after `//`, in text dense with such colons (read character by character): the same answers', () => {
  const dense = '(http://-a.b/'.repeat(8);
  it.each([
    `${dense}see «http://ok.example/» x`,
    `${dense}(«https://ok.example/a»)${dense}`,
    `${dense}ftp://-x.y/ «mailto:a@b.c» ${dense}`,
    `${dense}«news://-a.b/» ${dense}`,
    `${`${dense}\n`.repeat(3)}http:///x «file:///etc/motd» ${dense}`,
  ])('%s', (marked) => expectMarked(marked));

  it('holds no URL at all when every colon is refused', () => {
    expect(scan(`${dense}${dense}`)).toEqual([]);
  });
});

describe('a host that cannot be a host', () => {
  it.each([
    'http://-example.com/',
    'http://example-.com/',
    'http://example.-com/',
    'http://a..b/',
    'http://.example.com/',
    'http://1.2.3/',
    'http://1.2.3.4.5/',
    'http://example.123/',
    'ftp://user@-bad.example/',
    // the host is after the last `@`: what a user name looks like does not count
    'ftp://ok.example@1.2.3/',
    'http://a@b@c..d/',
    'foo://a..b/',
    'see http://-/ here',
    // `[` opens an IP literal only when a `]` closes it: a template's bracket is no host
    'ssh://[<user>@]<host>[:<port>]/<path-to-git-repo>',
    'see http://[ here',
    'http://[]/',
  ])('%j holds no URL in running text', (input) => {
    expect(scan(input)).toEqual([]);
  });

  it.each([
    'at «http://example.com». then',
    '«http://192.168.0.1:8080/»',
    '«http://3com.com/»',
    '«http://a-b.example.com/»',
    '«http://例え.jp/»',
    '«http://[::1]/»',
    '«http://localhost:3000/»',
    '«http://xn--bcher-kva.example/»',
    '«http://_dmarc.example.com/»',
    '«file:///etc/motd»',
    '«http://example.com./x»',
    '«http://x..y-@example.com/»',
    '«http://1.2.3@example.com/»',
    '«http://example.com..:8080/»',
    '«http://10.0.0.1./»',
  ])('%s is still found', (marked) => expectMarked(marked));

  it('inside a wrapper it is reported with its error', () => {
    const [record] = scan('<URL:http://a..b/>');
    expect(record).toMatchObject({ url: 'http://a..b/', valid: false, form: 'url-wrapper' });
    expect(record?.errors.map((error) => error.code)).toContain('bad-host-label');
  });
});

// rule: email-start
describe('a bare e-mail address after `:` or `.`', () => {
  it.each([
    'Mail:«jim@example.com»',
    'mail...«jim@example.com»',
    '...«jim@example.com»',
    // one dot joins a dot-atom: the address starts at the word
    '«first.last@example.com»',
    'contact: «jim@example.com».',
  ])('%s', (marked) => expectMarked(marked, { emails: true }));

  it('is reported as mailto:', () => {
    expect(scan('Mail:jim@example.com', { emails: true }).map((record) => record.url)).toEqual([
      'mailto:jim@example.com',
    ]);
  });

  it.each(['a.@example.com', '..@example.com', 'http://user:pw@host.example.com/'])('%j gives no address', (input) => {
    expect(scan(input, { emails: true }).filter((record) => record.scheme === 'mailto')).toEqual([]);
  });
});

// rule: scheme-before-other-script
describe('a scheme without `//` before a letter of another script', () => {
  it.each([
    'news:形式的なメッセージ',
    'mailto:éric@example.com',
    'tel:電話',
    'news:\u{20000}',
  ])('%j is prose', (input) => {
    expect(scan(input)).toEqual([]);
  });

  it.each(['«news:comp.lang.c»、次', '«http://例え.jp/»', '«mailto:jim@example.com» 形式'])('%s is a URL', (marked) =>
    expectMarked(marked),
  );
});

// rule: link-text-after-url
describe('link text in brackets after a URL (AsciiDoc) is not the URL', () => {
  it.each([
    'see «https://git-scm.com»[Git] now',
    '«https://www.kernel.org»[]',
    'join «mailto:git-security@googlegroups.com»[security list]',
    'the «https://lore.kernel.org/git/»[mailing list archive',
    '(see «https://example.com/docs»[the docs]).',
    '«https://example.com/a»[1]',
    // the text may be a URL itself
    '«https://github.com/a/b»[«https://github.com/a/b»]',
    // brackets around a host stay, and so does a group inside the URL
    '«http://[2001:db8::1]/x»',
    '«ssh://git@[::1]/repo»',
    '«https://example.com/?ids[]=1&ids[]=2»',
    '«https://example.com/a[b]c»[d]',
    // a quoted URL keeps everything up to its quote
    '«"https://example.com/a[1]"»',
    // inside brackets, brackets of the same kind opened inside the URL close first (rule 15)
    '[«http://example.com/a[1]»]',
  ])('%s', (marked) => expectMarked(marked));
});

// rule: bracket-before-url
describe('a bracket opened before the URL closes it, in any script', () => {
  it.each([
    '見る(«https://example.com/cjk»)をして。',
    '見る[«https://example.com/cjk»]をして。',
    '見る{«https://example.com/cjk»}をして。',
    'see («http://example.com/a_(b)»)x',
    '(«http://example.com/a»)(b)',
    '[«http://example.com/a»](«http://example.com/b»)',
    // another kind of bracket does not close it
    '(«http://example.com/a]b»)',
    // no opening bracket before: a balanced pair stays
    '«http://example.com/wiki/Foo_(bar)»',
  ])('%s', (marked) => expectMarked(marked));
});

describe('rules 15 and 17 on URLs long enough to be searched natively for a closing bracket', () => {
  const long = 'x'.repeat(300);
  it.each([
    `the «https://lore.kernel.org/git/${long}»[mailing list archive`,
    `«https://example.com/${long}»[1]`,
    `«https://example.com/${long}a[b]c»[d]`,
    `see [«http://example.com/${long}»] now`,
    `see («http://example.com/${long}») now`,
    `see («http://example.com/${long}» now`,
    // an unclosed `[` in a URL opened by `[` stays, as in a short one
    `[«http://example.com/a[x»`,
    `[«http://example.com/${long}[x»`,
    // and the next `[http:` is inside it, as in a short one
    `[«http://example.com/a[x[http://example.com/b[x»`,
    `[«http://example.com/${long}[x[http://example.com/${long}[x»`,
  ])('%s', (marked) => expectMarked(marked));
});

// rule: invisible-character
describe('bidirectional controls and invisible characters', () => {
  it.each([
    ['<URL:http://paypal.com\u202e@evil.example/>', 'http://paypal.com\u202e@evil.example/'],
    ['<URL:http://exam\u2066ple.com/>', 'http://exam\u2066ple.com/'],
    ['https://example.com/a\u200db', 'https://example.com/a\u200db'],
    ['svn+ssh://host.example/\u2060x', 'svn+ssh://host.example/\u2060x'],
  ])('%j is flagged', (input, url) => {
    const [record, ...rest] = scan(input);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ url, valid: false });
    expect(record?.errors.map((error) => error.code)).toContain('invisible-character');
  });

  it('strict drops such a URL', () => {
    expect(scan('see <URL:http://paypal.com\u202e@evil.example/> now', { strict: true })).toEqual([]);
  });
});

// rule: backslash-not-last
describe('a backslash is never the last character of a URL (rule 12)', () => {
  it.each([
    // reStructuredText's escaped space, a shell line's continuation
    ['See https://db.debian.org/machines.cgi\\ . That', ['https://db.debian.org/machines.cgi']],
    ['x https://a.example/archives/\\\n  /rest.html', ['https://a.example/archives/']],
    // a string in a string: the backslash escapes the closing quote (JSON, C)
    ['{"d":"<a href=\\"https://github.com/nodejs/nan\\">N</a>"}', ['https://github.com/nodejs/nan']],
    // inside a URL it stays (a Windows path in a file: URL), for the parser to report
    ['file:///C:\\Users\\me\\notes.txt and more', ['file:///C:\\Users\\me\\notes.txt']],
  ])('%j', (text, urls) => {
    expect(scan(text).map((record) => record.url)).toEqual(urls);
  });

  it('the quoted form keeps both quotes in its raw text', () => {
    const [record] = scan('href=\\"https://github.com/nodejs/nan\\">');
    expect(record?.raw).toBe('"https://github.com/nodejs/nan\\"');
    expect(record?.form).toBe('quoted');
  });
});
