/**
 * Helpers for the remark tests: run a chain on a document, mark spans.
 */
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import remarkUrlsift, { type Options } from '../../src/remark.js';

export type Chain = 'remark' | 'remark-gfm';

/** Parse `markdown` and run the plugin (with remark-gfm and remark-frontmatter when asked); the file and tree. */
export function run(
  markdown: string,
  options?: Options,
  chain: { gfm?: boolean; frontmatter?: boolean } = {},
): { file: VFile; tree: Root } {
  const processor = unified().use(remarkParse);
  if (chain.gfm) processor.use(remarkGfm);
  if (chain.frontmatter) processor.use(remarkFrontmatter, ['yaml', 'toml']);
  processor.use(remarkUrlsift, options);
  const file = new VFile({ value: markdown });
  const tree = processor.runSync(processor.parse(file), file) as Root;
  return { file, tree };
}

/** `markdown` parsed, linked (`link: true`) and written back. */
export function linkAndStringify(markdown: string, gfm = false): string {
  const processor = unified().use(remarkParse);
  if (gfm) processor.use(remarkGfm);
  return String(processor.use(remarkUrlsift, { link: true }).use(remarkStringify).processSync(markdown));
}

/**
 * A source with spans marked «like this»: the source without the marks and
 * the offsets of each span.
 */
export function unmark(marked: string): { source: string; spans: Array<{ start: number; end: number }> } {
  let source = '';
  const spans: Array<{ start: number; end: number }> = [];
  let start = -1;
  for (const character of marked) {
    if (character === '«') start = source.length;
    else if (character === '»') spans.push({ start, end: source.length });
    else source += character;
  }
  return { source, spans };
}
