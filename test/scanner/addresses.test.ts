/**
 * E-mail addresses in running text (README, "What counts as a URL", rules 14
 * and 19): a `mailto:` URL needs an address, and a bare address (option
 * `emails`) is read whole, by RFC 5322's `atext`. The raw span is marked
 * «like this»; a line without marks holds no URL.
 */
import { describe, expect, it } from 'vitest';
import type { ScanOptions } from '../../src/index.js';
import { createScanner, scan } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

function expectMarked(marked: string, options?: ScanOptions): void {
  const { input, spans } = unmark(marked);
  expect(foundSpans(input, options)).toEqual(spans);
}

// rule: mailto-needs-address
describe('`mailto:` needs an address (RFC 1738 §3.5, RFC 6068)', () => {
  it.each([
    // a word without `@` is prose
    'mailto:foo',
    'mailto:postmaster is the one to ask',
    'the mailto:URL scheme',
    'MAILTO:webmaster.',
    '(mailto:info)',
    "'mailto:jim'",
    '"mailto:jim"',
    'URL:mailto:jim',
    'mailto:jim%40example.com',
    // the `@` after the URL's end is not its
    '(mailto:jim)@example.com',
    'mailto:jim[at]example.com',
    "'mailto:jim'@example.com",
  ])('%j holds no URL', (input) => {
    expect(scan(input)).toEqual([]);
  });

  it.each([
    'write to «mailto:jim@example.com».',
    '«MAILTO:Jim@Example.COM»',
    '«mailto:a@b»',
    '«mailto:list@example.org?subject=unsubscribe»',
    '(«mailto:jim@example.com»)',
    '«"mailto:jim@example.com"»',
    '«URL:mailto:jim@example.com»',
    'spam.«mailto:jim@example.com»',
    '«mailto:git-security@googlegroups.com»[the list]',
  ])('%j is a URL', (marked) => expectMarked(marked));

  it.each([
    ['<URL:mailto:foo>', 'mailto:foo'],
    ['<mailto:postmaster>', 'mailto:postmaster'],
    ['<URL:mailto:jim[at]example.com>', 'mailto:jim[at]example.com'],
  ])('%j: inside a wrapper, a record with `bad-address`', (input, url) => {
    const [record, ...rest] = scan(input);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ url, valid: false });
    expect(record?.errors.map((error) => error.code)).toContain('bad-address');
  });

  it.each([
    // the other `mailto:` of a prose word are passed over at once, but nothing else is
    ['mailto:a/mailto:b/http://x.example/ then', {}, ['http://x.example/']],
    ['mailto:a/MAILTO:b/news:comp.lang.c', {}, ['news:comp.lang.c']],
    ['mailto:a/mailto:b,www.x.example', { schemeless: true }, ['http://www.x.example']],
    ['mailto:a/mailto:b@c.example', {}, ['mailto:a/mailto:b@c.example']],
  ])('%j: a prose `mailto:` hides no URL after it', (input, options, urls) => {
    expect(scan(input, options).map((record) => record.url)).toEqual(urls);
  });

  it('a prose `mailto:` word longer than a URL may be: a later `mailto:` that reaches an `@` is still found, in any chunks', () => {
    const inner = `mailto:x${'y'.repeat(3000)}@e.example`;
    const text = `mailto:${'a/'.repeat(32_000)}${inner} end`;
    const whole = scan(text);
    expect(whole.map((record) => record.url)).toEqual([inner]);
    const scanner = createScanner();
    const records = [];
    for (let at = 0; at < text.length; at += 4096) records.push(...scanner.write(text.slice(at, at + 4096)));
    records.push(...scanner.end());
    expect(records).toEqual(whole);
  });

  it('inside a wrapper an encoded `@` is an address', () => {
    expect(scan('<URL:mailto:jim%40example.com>').map((record) => [record.url, record.valid])).toEqual([
      ['mailto:jim%40example.com', true],
    ]);
  });
});

// rule: email-local-part
describe('bare addresses: the whole `atext` set (RFC 5322 §3.2.3), option `emails`', () => {
  const emails: ScanOptions = { emails: true };

  it.each([
    // RFC 5322 atext inside a local part
    "«o'brien@example.com»",
    "Dear «d'angelo.o'neil@example.ie»,",
    '«jim~home@example.com»',
    '«price$list@example.com»',
    '«a*b@example.com»',
    '«a=b@example.com»',
    '«x!y@example.com»',
    '«q&a@example.com»',
    '«a^b@example.com»',
    // mailing-list envelopes: VERP, SRS, BATV
    '«list-bounces+jim=example.com@lists.example.org»',
    '«SRS0=HHH=TT=example.com=jim@srs.example.net»',
    '«prvs=1234abcd=jim@example.com»',
    // the existing set still
    '«first.last+tag@sub.example.org»',
    '«user%relay@example.com»',
    // a one-letter last label (GFM allows it)
    '«a.b-c_d@a.b»',
    '«a.b-c_d@a.b».',
    '«jim@example.c»,',
  ])('%j', (marked) => expectMarked(marked, emails));

  it.each([
    // quotes and markup around an address are not its: it starts at a letter or digit
    "'«a@b.example»'",
    "say '«jim@example.com»' to",
    "''«jim@example.com»''",
    '*«jim@example.com»*',
    '**«jim@example.com»**',
    '~«jim@example.com»~',
    '=«jim@example.com»',
    '$«jim@example.com»',
    '!«jim@example.com»',
    // but inside it, an apostrophe is the address's
    "'«o'brien@example.com»'",
    // characters of atext that delimit in running text stay out
    '`«jim@example.com»`',
    '|«jim@example.com»|',
    '{«jim@example.com»}',
    'a|«b@example.com»',
    'issue#«jim@example.com»',
    'really?«jim@example.com»',
    // an apostrophe that is not between letters or digits is a quote
    "author_email='«tarek@example.org»'",
    "addr_spec='«bonz@example.com»'",
    "x('«jim@example.com»')",
    // an assignment: one `=`, after an option, an environment variable or a snake_case key
    'git send-email --to=«target@example.com»',
    '--author=«you@example.com»',
    'GIT_AUTHOR_EMAIL=«john@example.com»',
    'EMAIL=«jim@example.com»',
    'author_email=«jim@example.com»',
    // other `=` are the address's
    '«a=b@example.com»',
    '«nnn-subscribe-localpart=example.com@bugs.example.org»',
  ])('%j', (marked) => expectMarked(marked, emails));

  it.each([
    // versions, not addresses: a one-letter last label after a label starting with a digit
    'npm i react@16.x',
    'lodash@4.17.x',
    'node@18.x.y',
    'a@b.1',
    // a path or a URL's user before the local part
    'docs/jim@example.com',
    '${USER}@example.com',
    "'@example.com",
    '*@example.com',
    // a pattern: no letter or digit in the local part
    '+.*@bugs.example.org',
    '.*@example.com',
    // an apostrophe closing a quote right before the `@`
    "'jim'@example.com",
    // every `@` after a first that follows one
    'a@b@c.d',
    "x'=a@x'=a@x'=a@example.com",
  ])('%j gives no address', (input) => {
    expect(scan(input, emails).filter((record) => record.scheme === 'mailto')).toEqual([]);
  });

  it('leaves a `www.` after the host characters of `a@b@` to the search', () => {
    expect(scan("a@b@c'www.example.com and a@b@www.example.com", { emails: true, schemeless: true }).map((record) => record.url)).toEqual([
      'http://www.example.com',
    ]);
  });

  it('reports the whole address as mailto:', () => {
    expect(scan("ask Mary O'Brien <o'brien@example.com> or 'jim@example.com'", emails).map((record) => record.url)).toEqual([
      "mailto:o'brien@example.com",
      'mailto:jim@example.com',
    ]);
  });
});
