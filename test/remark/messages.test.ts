/**
 * The plugin's messages as a lint rule's: a rule id and a documentation URL
 * on every one, a severity given as unified-lint-rule takes it, and
 * `invalid-url` only for what RFC 3986 refuses too, RFC 1738's stricter
 * rules being `rfc1738-strict`, with `strict` only.
 */
import { readFileSync } from 'node:fs';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { refusedByRfc3986 } from '../../src/adapters/markdown/plugin/rfc3986.js';
import { ruleIds } from '../../src/adapters/markdown/plugin/rule-ids.js';
import { errorCodes } from '../../src/index.js';
import remarkUrlsift from '../../src/remark.js';

/** The messages of `markdown` with the plugin given `argument`, as `[ruleId, fatal, reason]`. */
function messages(markdown: string, argument?: unknown): Array<[string | undefined, boolean | undefined | null, string]> {
  const processor = unified().use(remarkParse).use(remarkUrlsift, argument as never);
  const file = new VFile({ value: markdown });
  processor.runSync(processor.parse(file), file);
  return file.messages.map((message) => [message.ruleId, message.fatal, message.reason]);
}

// rule: invalid-url
// rule: rfc1738-strict
describe('invalid-url: only what RFC 3986 refuses too', () => {
  it.each([
    // [what, url, the ruleIds of its messages without strict, with strict]
    ['a `/` and a `?` in a query (badge URLs)', 'https://img.example/badge?label=a/b?c', [], ['rfc1738-strict']],
    ['a `~` (unreserved in RFC 3986)', 'http://a.example/~user', [], ['rfc1738-strict']],
    ['a user name in http', 'http://user@a.example/', [], ['rfc1738-strict']],
    ['a port over 65535', 'http://a.example:99999/', [], ['rfc1738-strict']],
    ['a host label with `_`', 'http://a_b.example/', [], ['rfc1738-strict']],
    ['an IP literal host (two rules of RFC 1738 broken)', 'http://[2001:db8::1]/x', [], ['rfc1738-strict', 'rfc1738-strict']],
    ['`{` and `}`', 'http://a.example/{x}', ['invalid-url'], ['invalid-url']],
    ['a `|` and a `/` in a query: one rule each', 'http://a.example/?a=b|c/d', ['invalid-url'], ['invalid-url', 'rfc1738-strict']],
    ['a `%` that starts no escape', 'http://a.example/%zz', ['invalid-url'], ['invalid-url']],
    ['a port that is not digits', 'http://a.example:8x/', ['invalid-url'], ['invalid-url']],
    ['a character outside ASCII', 'http://a.example/é', ['invalid-url'], ['invalid-url']],
    ['a valid URL', 'http://a.example/p?q=1', [], []],
  ])('%s: <%s>', (_, url, plain, strict) => {
    expect(messages(`see <${url}>`).map(([ruleId]) => ruleId)).toEqual(plain);
    expect(messages(`see <${url}>`, { strict: true }).map(([ruleId]) => ruleId)).toEqual(strict);
  });

  it('strict keeps only valid records, and tells each URL it leaves out', () => {
    const processor = unified().use(remarkParse).use(remarkUrlsift, { strict: true });
    const file = new VFile({ value: 'see <https://a.example/?x=a/b> and http://b.example/' });
    processor.runSync(processor.parse(file), file);
    expect(file.data.urls?.map((record) => record.url)).toEqual(['http://b.example/']);
    expect(file.messages.map((message) => message.reason)).toEqual([
      'RFC 1738 refuses `https://a.example/?x=a/b`: "/" at column 28: This reserved character has a special meaning here and must be encoded',
    ]);
  });

  it('every error code has a row in the table', () => {
    expect(Object.keys(refusedByRfc3986).sort()).toEqual(Object.keys(errorCodes).sort());
  });
});

describe('severity, as unified-lint-rule takes it', () => {
  const markdown = 'see <http://a.example/{x}>';
  it.each([
    // [argument, messages' fatal]
    [undefined, [false]],
    [{}, [false]],
    [true, [false]],
    [1, [false]],
    ['on', [false]],
    ['warn', [false]],
    [['warn', { code: true }], [false]],
    [2, [true]],
    ['error', [true]],
    [['error', { strict: true }], [true]],
    [[2, { strict: true }], [true]],
    [['error'], [true]],
  ])('%j', (argument, fatal) => {
    expect(messages(markdown, argument).map(([, isFatal]) => isFatal)).toEqual(fatal);
  });

  it('false: unified does not run the plugin at all', () => {
    const processor = unified().use(remarkParse).use(remarkUrlsift, false);
    const file = new VFile({ value: markdown });
    processor.runSync(processor.parse(file), file);
    expect(file.messages).toEqual([]);
    expect(file.data.urls).toBeUndefined();
  });

  it.each([0, 'off', ['off', { strict: true }], [false], [0, {}]])('%j turns the plugin off: no records, no messages, the tree untouched', (argument) => {
    const processor = unified().use(remarkParse).use(remarkUrlsift, argument as never);
    const file = new VFile({ value: `${markdown} http://b.example/` });
    const tree = processor.runSync(processor.parse(file), file);
    expect(file.messages).toEqual([]);
    expect(file.data.urls).toEqual([]);
    expect(tree).toEqual(unified().use(remarkParse).parse(file));
  });

  it('options after a severity are checked as options', () => {
    expect(() => unified().use(remarkUrlsift, ['error', { nope: true }] as never).freeze()).toThrow(TypeError);
  });
});

describe('every message has a rule id and a url to its documentation', () => {
  it('on each rule', () => {
    const processor = unified().use(remarkParse).use(remarkUrlsift, { strict: true });
    const file = new VFile({ value: 'see <http://a.example/{x}> <https://b.example/?x=a/b> <URL:http://c.exam-\nple/>' });
    processor.runSync(processor.parse(file), file);
    expect(file.messages.map((message) => [message.ruleId, message.source, message.url])).toEqual([
      ['invalid-url', 'urlsift', 'https://github.com/urlsift/urlsift/blob/main/docs/markdown.md#invalid-url'],
      ['rfc1738-strict', 'urlsift', 'https://github.com/urlsift/urlsift/blob/main/docs/markdown.md#rfc1738-strict'],
      ['ambiguous-hyphen', 'urlsift', 'https://github.com/urlsift/urlsift/blob/main/docs/markdown.md#ambiguous-hyphen'],
    ]);
  });

  it('the Markdown guide has a section for each rule id', () => {
    const guide = readFileSync(new URL('../../docs/markdown.md', import.meta.url), 'utf8');
    for (const ruleId of Object.values(ruleIds)) expect(guide).toMatch(new RegExp(`^#+ \`?${ruleId}\`?$`, 'm'));
  });
});
