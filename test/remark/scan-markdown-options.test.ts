/**
 * `scanMarkdown` keeps one processor per set of options: the same options
 * give the same records on every call, and different options are never
 * served by another options' processor.
 */
import { describe, expect, it } from 'vitest';
import { markdownReader, scanMarkdown, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import { pluginRecords } from './process.js';

const document = [
  'See http://a.example/ and <mailto:x@b.example>.',
  '',
  '`http://code.example/`',
  '',
  '<URL:http://wrapped.example/a-',
  'b>',
  '',
].join('\n');

const bracketLikeDefinition = 'Update locale [bo]: corrected http://a.example/\n\nSee [bo] and [bo][] at http://b.example/\n';
const infoWithEscapes = 'See http://a.example/\n```js title="a\\_b&amp;c" x\\*&#42;\ny\n```\n';
const infoWithControl = 'See http://a.example/\n```js&#1;\ny\n```\n';

const urls = (options?: ScanMarkdownOptions): string[] => scanMarkdown(document, options).map((record) => record.url);

describe('scanMarkdown options', () => {
  it.each<[string, ScanMarkdownOptions | undefined, string[]]>([
    ['none', undefined, ['http://a.example/', 'mailto:x@b.example', 'http://wrapped.example/a-b']],
    ['empty', {}, ['http://a.example/', 'mailto:x@b.example', 'http://wrapped.example/a-b']],
    ['code', { code: true }, ['http://a.example/', 'mailto:x@b.example', 'http://code.example/', 'http://wrapped.example/a-b']],
    ['hyphen', { hyphen: 'drop' }, ['http://a.example/', 'mailto:x@b.example', 'http://wrapped.example/ab']],
    ['schemes', { schemes: ['mailto'] }, ['mailto:x@b.example']],
    ['code and schemes', { code: true, schemes: ['http'] }, ['http://a.example/', 'http://code.example/', 'http://wrapped.example/a-b']],
  ])('%s', (_, options, expected) => {
    // twice each, in a mixed order, so that a wrongly shared processor would show
    expect(urls(options)).toEqual(expected);
    expect(urls({ code: true })).toEqual(['http://a.example/', 'mailto:x@b.example', 'http://code.example/', 'http://wrapped.example/a-b']);
    expect(urls(options)).toEqual(expected);
  });

  it.each<[string, string, ScanMarkdownOptions, number]>([
    // [what, document, options, bytes remark reads]; units that can hold no record are not parsed (rule: markdown-quiet-units)
    ['prose and code without triggers', 'Intro.\n\n```\nx: y\n```\n\na http://a.example/\t\n', {}, 'a http://a.example/\t\n'.length],
    ['the same with code asked for: the unit reader reads the fence', 'Intro.\n\n```\nx: y\n```\n\na http://a.example/\t\n', { code: true }, 'a http://a.example/\t\n'.length],
    ['an indented fence in a list, code asked for: remark reads it', '- a\n\n  ```\n  x: y\n\na http://a.example/\t\n', { code: true }, '- a\n\n  ```\n  x: y\n\na http://a.example/\t\n'.length],
    ['a paragraph, a list and a block quote the unit reader reads', 'See http://a.example/\n\n- [a](http://b.example/)\n- *c* www.c.example\n\n> d http://d.example/\n', {}, 0],
    ['a tab at a line\'s end after them: remark reads its paragraph alone', 'See http://a.example/\n\na http://q.example/\t\n', {}, 'a http://q.example/\t\n'.length],
    ['strikethrough: the unit reader reads it', 'See http://a.example/\n\n~~http://q.example/~~ ~a~\n', {}, 0],
    ['strikethrough and emphasis in one paragraph: the unit reader reads it', 'See http://a.example/\n\n~~http://q.example/~~ *a*\n', {}, 0],
    ['strikethrough and emphasis in one paragraph, a `*` before the first tildes that starts no emphasis: remark reads it', 'See http://a.example/\n\n\\* ~~http://q.example/~~ *a*\n', {}, '\\* ~~http://q.example/~~ *a*\n'.length],
    ['no URL at all', 'Note: nothing.\n\n# Title\n', {}, 0],
    ["an @ that ends no e-mail's local part: passed over, strikethrough and all", "import X from '~/x'; import Y from '@scope/y'; ~a~\n", {}, 0],
    ['lines opening with a marker that start no block: the unit reader reads them with the paragraph', '**Type:** `x`<br />\n**Default:** http://a.example/\n#tag -flag\n', {}, 0],
    ['fenced code that runs past its unit (a fence in HTML is text; the next fence line opens code): the unit reader reads on to where it ends', '<div>\n```\n</div>\n\ntext http://a.example/\n```\n\nmore http://b.example/\n\n```\n\nend http://c.example/\n', {}, 0],
    ['a bracket that only looks like a definition (`[bo]:` in a paragraph) and references to its label: the unit reader reads them as text', bracketLikeDefinition, {}, 0],
    ['a fence whose info string holds an escape and a reference, interrupting a paragraph: the unit reader decodes them', infoWithEscapes, {}, 0],
    ['a fence whose info string holds a reference micromark decodes into U+FFFD: remark reads it', infoWithControl, {}, infoWithControl.length],
    ['front matter: passed over (it holds no record)', '---\na: http://a.example/\n---\n\ntext\n', {}, 0],
    ['front matter followed by a line that would open front matter alone: read with the first part', '---\na: b\n---\n---\nc: http://c.example/\n---\n', {}, '---\na: b\n---\n---\nc: http://c.example/\n---\n'.length],
  ])('onStats: %s', (_, markdown, options, remarkBytes) => {
    const stats: unknown[] = [];
    scanMarkdown(markdown, { ...options, onStats: (read) => stats.push(read) });
    expect(stats).toEqual([{ bytes: markdown.length, remarkBytes }]);
  });

  it.each([
    ['a bracket that only looks like a definition', bracketLikeDefinition],
    ['an info string with escapes and references', infoWithEscapes],
    ['an info string with a reference to a control character', infoWithControl],
  ])('%s: the plugin’s records', (_, markdown) => {
    expect(scanMarkdown(markdown)).toEqual(pluginRecords(markdown));
  });

  it('checks onStats', () => {
    expect(() => scanMarkdown('a', { onStats: 1 as never })).toThrow(new TypeError('Expected option `onStats` to be a function, got number'));
  });
});

describe('markdownReader: one reader for many documents with the same options', () => {
  const budgetPast = `a http://a.example/\n\n${'>'.repeat(300)} http://deep.example/\n`;
  const documents = [document, bracketLikeDefinition, infoWithControl, budgetPast, '\ufeffBOM http://bom.example/\n', 'no URL\n', '[rel](./a.md) <a href="b.html">b</a> http://bad.example:99999/\n'];

  it.each<[string, Omit<ScanMarkdownOptions, 'onNote' | 'onStats'>]>([
    ['no options', {}],
    ['code and html', { code: true, html: true }],
    ['links resolved, strict', { url: 'https://example.org/docs/page.md', root: 'https://example.org/', strict: true }],
    ['schemes, hyphen', { schemes: ['mailto'], hyphen: 'drop' }],
  ])('%s: each document’s records, notes and stats as scanMarkdown gives them', async (_, options) => {
    const read = await markdownReader(options);
    for (const markdown of documents) {
      const notes: unknown[] = [];
      const stats: unknown[] = [];
      const records = read(markdown, (note) => notes.push(note), (found) => stats.push(found));
      const expectedNotes: unknown[] = [];
      const expectedStats: unknown[] = [];
      expect(records).toEqual(scanMarkdown(markdown, { ...options, onNote: (note) => expectedNotes.push(note), onStats: (found) => expectedStats.push(found) }));
      expect(notes).toEqual(expectedNotes);
      expect(stats).toEqual(expectedStats);
    }
  });

  it('reads the options as they were when it was made', async () => {
    const options: ScanMarkdownOptions = { code: false };
    const read = await markdownReader(options);
    options.code = true;
    expect(read(document).map((record) => record.url)).toEqual(['http://a.example/', 'mailto:x@b.example', 'http://wrapped.example/a-b']);
  });

  it('checks the options when made', async () => {
    await expect(markdownReader({ hyphen: 'x' as never })).rejects.toThrow(TypeError);
  });

  it('without callbacks: the records alone', async () => {
    expect((await markdownReader({}))(budgetPast).map((record) => record.url)).toEqual(['http://a.example/', 'http://deep.example/']);
  });
});
