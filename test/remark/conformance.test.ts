/**
 * Conformance: every example of the CommonMark spec and of the GFM spec,
 * as written and made harder (`spec-examples.ts`), gives the same records
 * through `scanMarkdown` (cut at every place it can be cut) as through the
 * plugin over the whole document, every field. There is no exception:
 * where micromark departs from the spec, `scanMarkdown` follows micromark
 * (see `plugin-identity.test.ts`). And wherever the unit reader gives a
 * tree for a unit of an example, it is remark's tree for that unit.
 */
import { describe, expect, it } from 'vitest';
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
