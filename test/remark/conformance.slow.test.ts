/**
 * Conformance: every example of the CommonMark spec and of the GFM spec,
 * as written and made harder (`spec-examples.ts`), gives the same records
 * through `scanMarkdown` (cut at every place it can be cut) as through the
 * plugin over the whole document, every field. There is no exception:
 * where micromark departs from the spec, `scanMarkdown` follows micromark
 * (see `plugin-identity.test.ts`). And wherever the unit reader gives a
 * tree for a unit of an example, it is remark's tree for that unit; and
 * the GFM `scanMarkdown` reads with (without remark-gfm's to-Markdown
 * half) builds remark-gfm's trees.
 */
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { gfmReading } from '../../src/adapters/markdown/document/gfm-reading.js';
import { scanMarkdown, scanMarkdownInParts } from '../../src/adapters/markdown/scan-markdown.js';
import { everyCut, pluginRecords } from './process.js';
import { commonmarkExamples, gfmExamples, oneDocument, optionSets, variants, type Example } from './spec-examples.js';
import { checked, unitsOf } from './unit-trees.js';

const suites: Array<[string, Example[]]> = [
  ['CommonMark 0.31.2', commonmarkExamples],
  ['GFM 0.29-gfm', gfmExamples],
];

describe.each(suites)('%s', (_, examples) => {
  it('has its examples', () => {
    expect(examples.length).toBeGreaterThan(600);
  });

  it.each(Object.keys(variants))('every example %s: scanMarkdown = the plugin', (name) => {
    const variant = variants[name] as (markdown: string) => string;
    const differing: string[] = [];
    for (const [index, example] of examples.entries()) {
      const markdown = variant(example.markdown);
      const options = optionSets[index % optionSets.length];
      const notes: string[] = [];
      const fast = scanMarkdownInParts(markdown, { ...options, onNote: (note) => notes.push(note.message) }, everyCut);
      if (notes.length > 0 || JSON.stringify(fast) !== JSON.stringify(pluginRecords(markdown, options))) {
        differing.push(`example ${example.number} ${JSON.stringify(options)}: ${JSON.stringify(markdown)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it.each(['as written', 'with URLs'])('all examples %s as one document: scanMarkdown = the plugin', (name) => {
    const markdown = oneDocument(examples, variants[name] as (markdown: string) => string);
    for (const options of optionSets) expect(scanMarkdown(markdown, options)).toEqual(pluginRecords(markdown, options));
  });

  it.each(['as written', 'with URLs', 'in a list item'])('the unit reader’s tree of every unit of every example %s is remark’s', (name) => {
    const variant = variants[name] as (markdown: string) => string;
    let read = 0;
    for (const example of examples) {
      for (const unit of unitsOf(variant(example.markdown))) if (checked(unit) !== undefined) read++;
    }
    // most units are read by it
    expect(read).toBeGreaterThan(examples.length / 2);
  });
});

describe('GFM for reading builds the trees remark-gfm builds', () => {
  const withGfm = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);
  const reading = unified().use(remarkParse).use(gfmReading).use(remarkFrontmatter, ['yaml', 'toml']);

  it.each(['as written', 'with URLs', 'in a list item', 'in a block quote'])('every GFM example %s', (name) => {
    const variant = variants[name] as (markdown: string) => string;
    const differing = gfmExamples.filter((example) => {
      const markdown = variant(example.markdown);
      return JSON.stringify(reading.parse(markdown)) !== JSON.stringify(withGfm.parse(markdown));
    });
    expect(differing.map((example) => example.number)).toEqual([]);
  });

  it.each([
    ['a table with `\\|` in code, in a quote, and a code span outside it', '> | `a\\|b` | c |\n> | - | - |\n\n`d\\|e`\n'],
    ['task list items: checked, unchecked, nested, and one whose check is all its text', '- [x] done\n- [ ] todo\n  - [X] nested http://a.example/\n- [ ]  two spaces\n* [x]\n'],
  ])('%s', (_, markdown) => {
    expect(reading.parse(markdown)).toEqual(withGfm.parse(markdown));
  });
});
