/**
 * Fenced code or an HTML block of kinds 1–5 at the top of a document that
 * no line ends runs to the document's end, which ends it: the fast path
 * reads it without remark (the unit reader told that its unit ends the
 * document), with the plugin's records, and the unit reader's tree is
 * remark's. One that a line further on ends is read on to there, without
 * remark too.
 */
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { scanMarkdown, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import { notModelled } from '../../src/adapters/markdown/unit-reader/answers.js';
import { readUnitTree } from '../../src/adapters/markdown/unit-reader/read-unit-tree.js';
import { pluginRecords } from './process.js';

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);

/** Offsets only, as the fast path reads positions. */
const offsetsOnly = (tree: unknown) => JSON.parse(JSON.stringify(tree, (key, value) => (key === 'position' ? { start: value.start.offset, end: value.end.offset } : value)));

// documents whose fence at the top is left open to the end
const documents = [
  ['a fence, a URL in its code, then blank lines', 'a http://a.example/\n\n```js\nhttp://b.example/\n\nb\n\n'],
  ['no final line ending', 'a http://a.example/\n\n~~~\nhttp://b.example/'],
  ['only the fence', 'a http://a.example/\n\n```\n'],
  ['the fence as the last characters', 'a http://a.example/\n\n```'],
  ['a longer fence that a shorter one does not close', 'a http://a.example/\n\n~~~~ sh x\nhttp://b.example/\n~~~\n'],
  ['indented, the code less its indentation', 'a http://a.example/\n\n  ```\n  http://b.example/\n http://c.example/\nd\n'],
  ['CRLF line endings', 'a http://a.example/\r\n\r\n```\r\nhttp://b.example/\r\n\r\n'],
  ['after HTML blocks in which fences are text (fences then open and close out of step)', '<Tabs>\n  <Item>\n  ```sh\n  npm i\n\n  # http://a.example/\n  ```\n  </Item>\n  <Item>\n  ```sh\n  pnpm i\n\n  # http://b.example/\n  ```\n  </Item>\n</Tabs>\n\nAfter http://c.example/\n\n## More\n\n[d](http://d.example/)\n'],
  ['an HTML block of kind 1 (`<pre>`), blank lines in it', 'a http://a.example/\n\n<pre>\nhttp://b.example/\n\nb\n\n'],
  ['a comment, no final line ending', 'a http://a.example/\n\n<!-- x\n\nhttp://b.example/'],
  ['a processing instruction, indented, CRLF line endings', 'a http://a.example/\r\n\r\n  <?php\r\n\r\n  echo "http://b.example/";\r\n\r\n'],
  ['a declaration and a CDATA section, trailing spaces', 'a http://a.example/\n\n<!DOCTYPE x\n\n<![CDATA[\n\nhttp://b.example/\n  '],
] as const;

// documents whose fence or HTML block at the top is ended by a line further on, past blank lines (the unit reader reads it on to there)
const endedFurtherOn = [
  ['a `<pre>` block', '<pre language="x"><code>\nhttp://a.example/\n\nmain = print\n</code></pre>\nokay http://b.example/\n\nc http://c.example/\n'],
  ['a `<script>` block, its end on a line of text', '<script>\n\nvar u = "http://a.example/";\n\nx</script> y http://b.example/\n\nc http://c.example/\n'],
  ['a comment', '<!-- a\n\nhttp://a.example/\n   b -->\nokay http://b.example/\n'],
  ['a processing instruction', '<?php\n\n  echo \'>\';\n\n?>\nokay http://b.example/\n'],
  ['a fence whose code holds a line of backticks that opens no fence (`` ``` ``` ``: a paragraph after the code)', '```\n\n\n```\n``` ```\naaa http://a.example/\n\n\n~~~~~~\naaa\n~~~ ~~\n\n\nhttp://b.example/\n~~~~~~\n\nc http://c.example/\n'],
] as const;

const optionSets: ScanMarkdownOptions[] = [{}, { code: true }, { code: true, html: true }];

describe('fenced code and HTML blocks of kinds 1–5 left open to the end of the document', () => {
  it.each(documents)('%s: the plugin’s records, read without remark', (_, markdown) => {
    for (const options of optionSets) {
      const stats: Array<{ bytes: number; remarkBytes: number }> = [];
      expect(scanMarkdown(markdown, { ...options, onStats: (read) => stats.push(read) })).toEqual(pluginRecords(markdown, options));
      expect(stats.map((read) => read.remarkBytes)).toEqual([0]);
    }
  });

  it.each(documents)('%s: the unit reader’s tree of the whole document is remark’s', (_, markdown) => {
    const read = readUnitTree(markdown, undefined, undefined, { points: false, endsDocument: true });
    expect(read).not.toBe(notModelled);
    if (read === notModelled) return;
    expect(offsetsOnly(read.tree.children)).toEqual(offsetsOnly(remark.parse(markdown).children));
  });

  it.each(['```\ncode\n', '<pre>\ncode\n\n', '<!-- a\n'])('a unit that does not end the document still runs on (is not modelled): %j', (unit) => {
    expect(readUnitTree(unit, undefined, undefined, { points: false })).toBe(notModelled);
  });

  it.each(endedFurtherOn)('%s, ended further on: the plugin’s records, read without remark', (_, markdown) => {
    for (const options of optionSets) {
      const stats: Array<{ bytes: number; remarkBytes: number }> = [];
      expect(scanMarkdown(markdown, { ...options, onStats: (read) => stats.push(read) })).toEqual(pluginRecords(markdown, options));
      expect(stats.map((read) => read.remarkBytes)).toEqual([0]);
    }
  });
});
