/**
 * Documents where `scanMarkdown` once gave other records than the plugin
 * over the whole document, each with the records the plugin gives. Read
 * with the default limits and cut at every place a document can be cut.
 *
 * Some follow micromark where it departs from CommonMark (remark is what
 * the plugin reads with, and `scanMarkdown` gives the plugin's records,
 * even there): they say so.
 */
import { describe, expect, it } from 'vitest';
import { scanMarkdown, scanMarkdownInParts, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import { everyCut, pluginRecords } from './process.js';

/** `url form offset` of each record. */
function brief(records: ReadonlyArray<{ url: string; form: string; start: { offset: number } }>): string[] {
  return records.map((record) => `${record.url} ${record.form} ${record.start.offset}`);
}

function expectPluginRecords(markdown: string, expected: string[], options: ScanMarkdownOptions = {}): void {
  const plugin = pluginRecords(markdown, options);
  expect(brief(plugin)).toEqual(expected);
  expect(scanMarkdown(markdown, options)).toEqual(plugin);
  const notes: string[] = [];
  expect(scanMarkdownInParts(markdown, { ...options, onNote: (note) => notes.push(note.message) }, everyCut)).toEqual(plugin);
  expect(notes).toEqual([]);
}

describe('where scanMarkdown was wrong', () => {
  it.each([
    // [what, markdown, records]
    ['`<?>` is a whole HTML block (end condition 3 on its first line): the URL after it is text', '<?>\nhttp://a.example/\n?>\n', ['http://a.example/ bare 4']],
    ['`<!-->` is a whole HTML block too', '<!-->\nhttp://a.example/\n-->\n', ['http://a.example/ bare 6']],
    ['a footnote definition interrupts a paragraph: no code span across it', 't `x\n[^n]: http://a.example/ `\n', ['http://a.example/ bare 11']],
    ['a footnote definition interrupts a paragraph: no declaration across it', 't <!x\n[^n]: http://a.example/ >\n\nsee [^n]\n', ['http://a.example/ bare 12']],
    ['a definition before `-:` is the header of a one-column table', '[a]: http://a.example/\n-:\n', ['http://a.example/ bare 5']],
    ['a definition before `:-:` too, in a list item', '- [a]: http://a.example/\n  :-:\n  b\n', ['http://a.example/ bare 7']],
  ])('%s', (_, markdown, expected) => {
    expectPluginRecords(markdown, expected);
    expectPluginRecords(markdown.replace(/\n/g, '\r\n'), expected.map((record) => record.replace(/\d+$/, (offset) => String(Number(offset) + markdown.slice(0, Number(offset)).split('\n').length - 1))));
  });
});

describe('where micromark departs from the spec, the plugin’s records all the same', () => {
  it.each([
    // [what, markdown, records]
    [
      'a CDATA block is not ended by `]]]>` (an odd run of `]`): the blank line does not end it either',
      '<![CDATA[ x ]]]>\n\ny http://b.example/\n\n]]>\n\nz http://c.example/\n',
      ['http://c.example/ bare 46'],
    ],
    ['a CDATA block ended by `]]]]>`', '<![CDATA[ x ]]]]>\n\ny http://b.example/\n', ['http://b.example/ bare 21']],
    [
      'a first line `---` that opens no front matter: no block quote or list anywhere in the document',
      '---\na\n\n> see <URL:http://a.exa\n> mple/>\n\n- b http://b.example/\n',
      ['http://a.exa url-wrapper 13', 'http://b.example/ bare 45'],
    ],
    [
      'the same after `+++`, with a fence and a definition read part by part (a wrapper in a paragraph is rejoined)',
      '+++\n\n> a [x] http://a.example/\n\n```\nhttp://code.example/\n```\n\n1. b <URL:http://b.exa\n   mple/>\n\n[x]: http://x.example/\n',
      ['http://a.example/ bare 13', 'http://b.example/ url-wrapper 67', 'http://x.example/ markdown-link 96'],
    ],
    [
      'an ordered list from 3 after indented code and a blank line is a paragraph (its link too), and what follows is code',
      'text\n\n    code\n\n3. b [x](http://a.example/)\n\n    [s](http://s.example/)\n',
      ['http://a.example/ markdown-link 21'],
    ],
    ['an empty list item after indented code and a blank line', '    code\n\n-\n    http://a.example/ x\n', ['http://a.example/ bare 16']],
  ])('%s', (_, markdown, expected) => {
    expectPluginRecords(markdown, expected);
  });

  it('an ordered list from 1 after indented code is a list', () => {
    expectPluginRecords('    code\n\n1. b\n\n        http://a.example/\n', []);
    expectPluginRecords('    code\n\n1. b\n\n        http://a.example/\n', ['http://a.example/ bare 24'], { code: true });
  });
});
