/**
 * The Markdown parser `scanMarkdown` and the command read with
 * (`markdown-tree.ts`), as the sources give it and as the build bundles it
 * into one file (dist/adapters/markdown/document/markdown-tree.bundle.cjs):
 * each gives remark-parse's tree after remark-gfm and remark-frontmatter
 * (`['yaml', 'toml']`), on every example of the CommonMark and GFM specs
 * made harder in each way the conformance tests use.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import * as sources from '../../src/adapters/markdown/document/markdown-tree.js';
import { root } from '../cli/cli-helpers.js';
import { commonmarkExamples, gfmExamples, variants } from './spec-examples.js';

const bundle = createRequire(import.meta.url)(path.join(root, 'dist/adapters/markdown/document/markdown-tree.bundle.cjs')) as typeof sources;
const remark = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);
const examples = [...commonmarkExamples, ...gfmExamples];

describe.each([
  { parser: 'the module', markdownTree: sources.markdownTree },
  { parser: 'the bundle', markdownTree: bundle.markdownTree },
])('$parser gives remark’s trees', ({ markdownTree }) => {
  it.each(Object.keys(variants))('every spec example %s', (name) => {
    const variant = variants[name] as (markdown: string) => string;
    const differing = examples.filter((example) => {
      const markdown = variant(example.markdown);
      return JSON.stringify(markdownTree(markdown)) !== JSON.stringify(remark.parse(markdown));
    });
    expect(differing.map((example) => `${example.suite} ${example.number}`)).toEqual([]);
  });

  it('reads documents in turn without one changing the next (definitions, open blocks)', () => {
    const documents = ['[a]: http://a.example/\n\n[a]\n', '[a]\n', '```\nopen\n', 'after http://b.example/\n', '---\ntitle: x\n', '> - [x] c\n'];
    expect(documents.map((markdown) => JSON.stringify(markdownTree(markdown)))).toEqual(documents.map((markdown) => JSON.stringify(remark.parse(markdown))));
  });
});
