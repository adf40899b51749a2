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
import type { PartLimits } from '../../src/adapters/markdown/document/read-parts.js';
import type { UrlRecord } from '../../src/records/url-record.js';

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

/** The reference for `scanMarkdown`: the plugin after remark-parse, remark-gfm and remark-frontmatter (YAML and TOML), on the whole document. */
export function pluginRecords(markdown: string, options: Options = {}): UrlRecord[] {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkUrlsift, { ...options, messages: false });
  const file = new VFile({ value: markdown });
  processor.runSync(processor.parse(file), file);
  return file.data.urls ?? [];
}

/** Limits that cut a document at every place it can be cut, and no budget. */
export const everyCut: PartLimits = {
  partSize: 1,
  maxPartSize: Number.POSITIVE_INFINITY,
  maxNesting: Number.POSITIVE_INFINITY,
  maxContainerColumns: Number.POSITIVE_INFINITY,
  maxOpenBrackets: Number.POSITIVE_INFINITY,
  maxEmphasisRuns: Number.POSITIVE_INFINITY,
  timeBudget: { fixedMs: Number.POSITIVE_INFINITY, perCharacterMs: 0 },
};
