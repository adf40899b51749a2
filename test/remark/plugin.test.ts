/**
 * `urlsift/remark` in unified chains: results, messages, options, the tree.
 */
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import remarkUrlsift from '../../src/remark.js';
import { linkAndStringify, run } from './process.js';
import { scanMarkdown } from '../../src/adapters/markdown/scan-markdown.js';
import type { HtmlRecord } from '../../src/adapters/html/html-scanner.js';
import type { UrlRecord } from '../../src/records/url-record.js';

const escape = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&');

const urls = (markdown: string, ...rest: Parameters<typeof run> extends [string, ...infer R] ? R : never) =>
  (run(markdown, ...rest).file.data.urls ?? []).map((record) => record.url);

describe('file.data.urls', () => {
  it.each([
    ['an empty document', ''],
    ['a document with no URLs', '# Notes\n\nTime: 10:30, a < b > c.\n\n[relative](./a.md) and [fragment](#x)'],
  ])('is [] for %s', (_, markdown) => {
    expect(run(markdown).file.data.urls).toEqual([]);
  });

  it('holds one record per URL, every field of the record format set (a link spans its node), in source order', () => {
    const [link, text] = run('[x](http://b.example/) then http://a.example/.').file.data.urls ?? [];
    expect(link).toMatchObject({
      url: 'http://b.example/',
      raw: '[x](http://b.example/)',
      scheme: 'http',
      form: 'markdown-link',
      alternatives: [],
      start: { line: 1, column: 1, offset: 0 },
      end: { line: 1, column: 23, offset: 22 },
      valid: true,
      errors: [],
      parts: { host: 'b.example', path: '' },
    });
    expect(text).toMatchObject({ url: 'http://a.example/', form: 'bare', start: { offset: 28 }, end: { offset: 45 } });
  });
});

// rule: markdown-rejoin
// rule: markdown-links
// rule: markdown-autolink-url-prefix
// rule: markdown-link-text-once
// rule: markdown-skipped-nodes
describe('what is found', () => {
  it.each([
    // [what, markdown, urls]
    ['a link', '[a](http://a.example/)', ['http://a.example/']],
    ['an image', '![a](http://a.example/i.png)', ['http://a.example/i.png']],
    ['a definition', '[a]: http://a.example/\n\n[a]', ['http://a.example/']],
    ['an autolink', '<http://a.example/>', ['http://a.example/']],
    ['an autolink in the URL: wrapper, prefix dropped', '<URL:http://a.example/>', ['http://a.example/']],
    ['an e-mail autolink', '<jim@a.example>', ['mailto:jim@a.example']],
    ['a bare URL', 'see http://a.example/.', ['http://a.example/']],
    ['a wrapper broken across lines', '<URL:http://a.exam\n  ple/b>', ['http://a.example/b']],
    ['a wrapper across a hard break', '<URL: http://a.example/ \\\nb>', ['http://a.example/b']],
    ['a wrapper across emphasis', '*see <URL: http://a.example/\nb>*', ['http://a.example/b']],
    ['emphasis markers inside a wrapper, as written', '*<URL: http://a.example/*\nb>', ['http://a.example/*b']],
    ['a URL in a heading', '# See http://a.example/', ['http://a.example/']],
    ['a URL in a list in a quote', '> - see <URL:http://a.example/\n>   b>', ['http://a.example/b']],
    ['one record for a link whose text is its target', '[http://a.example/](http://a.example/)', ['http://a.example/']],
    ['one record for a link whose text is its target broken across lines', '[http://a.example/\nb](http://a.example/b)', ['http://a.example/b']],
    ['both URLs of a link whose text is another URL', '[http://a.example/](http://b.example/)', ['http://b.example/', 'http://a.example/']],
    ['one record for a reference whose text is its target', '[http://a.example/][a]\n\n[a]: http://a.example/', ['http://a.example/']],
    ['no relative links', '[a](./a.md) [b](#b) ![c](c.png) [d]: /d', []],
    ['no code', '`http://a.example/`\n\n```\nhttp://b.example/\n```', []],
    ['no HTML', '<a href="http://a.example/">a</a>', []],
    ['no front matter URLs (remark-frontmatter)', '---\nurl: http://a.example/\n---\n', []],
  ])('%s', (_, markdown, expected) => {
    expect(urls(markdown, undefined, { frontmatter: true })).toEqual(expected);
  });

  it.each([
    ['code: true, inline code', '`http://a.example/`', { code: true }, ['http://a.example/']],
    ['code: true, a fenced block', '```sh\ncurl <URL:http://a.exam\n  ple/>\n```', { code: true }, ['http://a.example/']],
    ['html: true, href', '<a href="http://a.example/?a&amp;b">a</a>', { html: true }, ['http://a.example/?a&b']],
    ['html: true, src', "<img src='http://a.example/i.png'>", { html: true }, ['http://a.example/i.png']],
    ['html: true, not in comments', '<!-- <a href="http://a.example/"> -->', { html: true }, []],
    ['schemes', 'http://a.example/ ftp://b.example/ [c](ftp://c.example/)', { schemes: ['ftp'] }, ['ftp://b.example/', 'ftp://c.example/']],
    ['strict', '<http://a.example:x/> http://b.example/', { strict: true }, ['http://b.example/']],
    ['hyphen: drop', '<URL:http://a.exam-\nple/>', { hyphen: 'drop' as const }, ['http://a.example/']],
    ['emails', 'write to jim@a.example.', { emails: true }, ['mailto:jim@a.example']],
    ['schemeless', 'see www.a.example.', { schemeless: true }, ['http://www.a.example']],
  ])('%s', (_, markdown, options, expected) => {
    expect(urls(markdown, options)).toEqual(expected);
  });
});

it.each([false, true])('link: true output gives the same URLs when read again (remark-gfm: %s)', (gfm) => {
  const markdown = '> see <URL:ftp://ds.in\n> ternic.net/rfc>, http://a.example/ and <URL: http://b.example/ \\\n> c>';
  const linked = linkAndStringify(markdown, gfm);
  const again = run(linked, undefined, { gfm }).file.data.urls?.map((record) => record.url);
  expect(again).toEqual(['ftp://ds.internic.net/rfc', 'http://a.example/', 'http://b.example/c']);
});

// rule: markdown-gfm-literals
describe('with remark-gfm', () => {
  const markdown = [
    'Literals: http://a.example/, www.b.example and jim@c.example;',
    'a wrapped URL remark-gfm cuts short: <URL:http://d.exam',
    'ple/e>, a link [http://f.example/](http://f.example/).',
    '',
    '| a | b |',
    '| - | - |',
    '| <URL:ftp://g.example/> | see http://h.example/ |',
  ].join('\n');

  it('finds each URL once', () => {
    const found = urls(markdown, undefined, { gfm: true });
    expect(found).toEqual([
      'http://a.example/',
      'http://www.b.example',
      'mailto:jim@c.example',
      'http://d.example/e',
      'http://f.example/',
      'ftp://g.example/',
      'http://h.example/',
    ]);
    expect(new Set(found).size).toBe(found.length);
  });

  // a paragraph whose text holds no trigger (`:`, or `@` and `www.` as the options say) is not walked: unless a node in it gives a record of itself
  it.each([
    ['a literal, no colon in the paragraph', 'see www.b.example today', {}, ['http://www.b.example']],
    ['an e-mail literal, no colon, emails off', 'write to jim@c.example', {}, ['mailto:jim@c.example']],
    ['a literal inside emphasis', 'see **_www.b.example_** today', {}, ['http://www.b.example']],
    ['inline code with code: true', 'run `curl http://a.example/` now', { code: true }, ['http://a.example/']],
    ['inline HTML with html: true', 'see <a href="http://a.example/">this</a> now', { html: true }, ['http://a.example/']],
    ['a link', 'see [this](http://a.example/) now', {}, ['http://a.example/']],
    ['the only colon inside strong emphasis', 'now **see http://a.example/** then', {}, ['http://a.example/']],
  ])('%s', (_, markdown, options, expected) => {
    expect(urls(markdown, options, { gfm: true })).toEqual(expected);
    expect(scanMarkdown(markdown, options).map((record) => record.url)).toEqual(expected);
  });

  it('gives the same text records as plain remark', () => {
    const text = 'see http://a.example/ and <URL:http://b.exam\nple/c>.';
    expect(run(text, undefined, { gfm: true }).file.data.urls).toEqual(run(text).file.data.urls);
  });
});

describe('with remark-frontmatter', () => {
  const markdown = '---\ntitle: T\nhome: http://a.example/\n---\n\nSee http://b.example/.';

  it('skips front matter', () => {
    const { file } = run(markdown, undefined, { frontmatter: true });
    expect(file.data.urls?.map((record) => [record.url, record.start.line])).toEqual([['http://b.example/', 6]]);
  });

  it('without it, the front matter is a heading and is scanned', () => {
    expect(urls(markdown)).toEqual(['http://a.example/', 'http://b.example/']);
  });
});

describe('messages', () => {
  it('invalid-url', () => {
    const { file } = run('see <http://a_b.example:8x/>');
    expect(file.messages[0]).toMatchObject({
      ruleId: 'invalid-url',
      source: 'urlsift',
      place: { start: { line: 1, column: 5, offset: 4 }, end: { line: 1, column: 29, offset: 28 } },
    });
    // the host label with `_` is RFC 1738's rule only (rfc1738-strict, with strict)
    expect(file.messages.map((message) => message.reason)).toEqual([
      expect.stringMatching(/^Invalid URL `http:\/\/a_b.example:8x\/`: at column 26: A port is one or more decimal digits$/),
    ]);
  });

  it.each([
    // [what, markdown, reasons: the part after the URL]
    ['one message per kind, naming the first character', 'see ftp://a.example/b\\c\\d^e x', ['"\\" at column 22 (and 2 more): The characters']],
    ['a kind each', 'see ftp://a.example/b^c%zz x', ['"^" at column 22: The characters', '"%" at column 24: A "%" must start an escape']],
    ['a character outside ASCII', 'see <http://a.example/é>', ['"é" (U+00E9) at column 23: Characters outside US-ASCII']],
    ['a space in a wrapper broken across lines', '> <URL:ftp://a.example/b\n>  c|d>', ['"|" at line 2, column 5: The characters']],
    ['a link', 'see [x](http://a.example/b^c)', ['"^" at column 27: The characters']],
  ])('invalid-url: %s', (_, markdown, reasons) => {
    const { file } = run(markdown);
    const found = file.messages.map((message) => message.reason.replace(/^Invalid URL `[^`]*`: /, ''));
    expect(found).toHaveLength(reasons.length);
    for (const [index, reason] of reasons.entries()) expect(found[index]).toMatch(new RegExp(`^${escape(reason)}`));
    for (const message of file.messages) expect(message.ruleId).toBe('invalid-url');
  });

  // rule: ambiguous-hyphen
  it('ambiguous-hyphen', () => {
    const { file } = run('> <URL:http://a.exam-\n> ple/>');
    expect(file.messages.map((message) => [message.ruleId, message.source, message.reason, message.line, message.column])).toEqual([
      [
        'ambiguous-hyphen',
        'urlsift',
        'URL `http://a.exam-ple/` is broken across lines after a hyphen: it may also read `http://a.example/`',
        1,
        3,
      ],
    ]);
  });

  it('none with messages: false', () => {
    const { file } = run('<http://a_b.example:8x/> <URL:http://a.exam-\nple/>', { messages: false });
    expect(file.messages).toEqual([]);
    expect(file.data.urls).toHaveLength(2);
  });
});

describe('the tree', () => {
  it('is unchanged without link: true', () => {
    const markdown = '> see http://a.example/ and <URL:http://b.exam\n> ple/>\n\n[c](http://c.example/)';
    const plain = unified().use(remarkParse);
    const before = plain.parse(markdown);
    const { tree } = run(markdown);
    expect(tree).toEqual(before);
  });

  it.each([
    // [what, markdown, written back with link: true]
    ['a bare URL', 'see http://a.example/b.', 'see <http://a.example/b>.\n'],
    ['a wrapper: the link holds the URL, the wrapper stays text', 'see <URL: http://a.example/b>.', 'see \\<URL: <http://a.example/b>>.\n'],
    [
      'a wrapper across lines: the link holds the text as written',
      'at <URL:ftp://ds.in\n  ternic.net/rfc>.',
      'at \\<URL:[ftp://ds.in\nternic.net/rfc](ftp://ds.internic.net/rfc)>.\n',
    ],
    ['a quoted URL', 'say "http://a.example/"', 'say "<http://a.example/>"\n'],
    ['existing links untouched', '[http://a.example/](http://b.example/) <http://c.example/>', '[http://a.example/](http://b.example/) <http://c.example/>\n'],
    ['code untouched', '`http://a.example/`', '`http://a.example/`\n'],
    ['in a block quote', '> see <URL:http://ds.internic.\n> net/x>', '> see \\<URL:[http://ds.internic.\n> net/x](http://ds.internic.net/x)>\n'],
    ['emphasis inside', 'see <URL: http://a.example/ *b*/c>', 'see \\<URL: [http://a.example/ *b*/c](http://a.example/*b*/c)>\n'],
  ])('link: true, %s', (_, markdown, expected) => {
    expect(linkAndStringify(markdown)).toBe(expected);
    expect(linkAndStringify(markdown, true)).toBe(expected);
  });

  it('link: true, a URL partly inside emphasis is left alone', () => {
    expect(linkAndStringify('*x <URL: http://a.example/b* c>')).toBe('*x \\<URL: http://a.example/b* c>\n');
  });

  it('link: true, links get positions in the source', () => {
    const { tree } = run('> a <URL:http://b.exam\n> ple/>', { link: true });
    const paragraph = tree.children[0]?.type === 'blockquote' ? tree.children[0].children[0] : undefined;
    const link = paragraph?.type === 'paragraph' ? paragraph.children[1] : undefined;
    expect(link).toMatchObject({
      type: 'link',
      url: 'http://b.example/',
      position: { start: { line: 1, column: 10 }, end: { line: 2, column: 7 } },
    });
  });
});

describe('options', () => {
  it.each([
    [{ link: 'yes' }, 'Expected option `link` to be a boolean, got string'],
    [{ code: 1 }, 'Expected option `code` to be a boolean, got number'],
    [{ html: 'true' }, 'Expected option `html` to be a boolean, got string'],
    [{ messages: 0 }, 'Expected option `messages` to be a boolean, got number'],
    [{ linkify: true }, /^Unknown option `linkify`, expected one of: `schemes`, /],
    [{ hyphen: 'maybe' }, /`hyphen`/],
    [{ schemes: 'http' }, /`schemes`/],
    [{ maxWrapperLength: 2 }, /`maxWrapperLength`/],
    [{ strict: 'no' }, /`strict`/],
    [5, "Expected a severity of false, true, 0, 1, 2, 'off', 'on', 'warn' or 'error', got 5"],
    [['fatal', {}], "Expected a severity of false, true, 0, 1, 2, 'off', 'on', 'warn' or 'error', got \"fatal\""],
    [[2, 'x'], 'Expected options to be an object, got string'],
    [[], 'Expected options to be an object, got an array'],
  ])('%j throws a TypeError when attached', (options, message) => {
    // @ts-expect-error: wrong on purpose
    const processor = unified().use(remarkParse).use(remarkUrlsift, options);
    expect(() => processor.freeze()).toThrow(TypeError);
    expect(() => unified().use(remarkParse).use(remarkUrlsift, options as never).freeze()).toThrow(message);
  });

  it.each([undefined, null, {}, { link: undefined }, { code: true, html: true, link: true, messages: false, schemes: ['http'] }])(
    '%j is fine',
    (options) => {
      expect(() => unified().use(remarkParse).use(remarkUrlsift, options).freeze()).not.toThrow();
    },
  );
});

describe('HTML in Markdown (`html: true`) gives HTML records', () => {
  const markdown = '# t\n\n<a href="https://x.example/">x</a> and <img src="http://i.example/p.png">\n\n<p>see https://y.example/</p>\n';
  const expected = [
    { url: 'https://x.example/', attribute: 'a href' },
    { url: 'http://i.example/p.png', attribute: 'img src' },
    // a URL in an HTML node's text has no attribute: the key is left out
    { url: 'https://y.example/', attribute: 'missing' },
  ];
  const project = (records: readonly UrlRecord[]) =>
    records.map((record) => ({ url: record.url, attribute: 'attribute' in record ? (record as HtmlRecord).attribute : 'missing' }));

  it('the plugin: each record names its attribute, as the HTML adapter does', () => {
    expect(project(run(markdown, { html: true }).file.data.urls ?? [])).toEqual(expected);
  });

  it('scanMarkdown, in a document long enough to be read part by part', () => {
    const long = `${'para http://filler.example/\n\n'.repeat(3000)}${markdown}`;
    const records = scanMarkdown(long, { html: true }).slice(3000);
    expect(project(records)).toEqual(expected);
    expect(records[0]?.start.line).toBe(6003);
  });
});
