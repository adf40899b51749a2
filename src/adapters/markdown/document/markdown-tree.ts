/**
 * The tree remark-parse gives with GFM (`gfm-reading.ts`) and
 * remark-frontmatter (`['yaml', 'toml']`), made without unified: the same
 * `fromMarkdown` call with the same extensions in the same order, built
 * once (the differential tests hold `scanMarkdown`, which reads with this,
 * to the plugin after remark-parse, remark-gfm and remark-frontmatter).
 *
 * The build bundles this module with the parser it imports into one file
 * (`markdown-tree.bundle.cjs`, see `markdown-tree-loader.ts`): Node then
 * loads one file instead of about 130 modules, and only when a document
 * first needs remark.
 */
import type { Root } from 'mdast';
import { fromMarkdown, type Options } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfmSyntax, gfmTrees } from './gfm-reading.js';

/** Front matter as `scanMarkdown` and the command read it (remark-frontmatter's options). */
const frontMatterKinds = ['yaml', 'toml'] as const;

/** remark-parse's options after `.use(gfmReading).use(remarkFrontmatter, ['yaml', 'toml'])`. */
const reading: Options = {
  extensions: [gfmSyntax(), frontmatter([...frontMatterKinds])],
  mdastExtensions: [gfmTrees(), frontmatterFromMarkdown([...frontMatterKinds])],
};

/** The mdast of `text`, as remark-parse reads it with GFM and front matter. */
export function markdownTree(text: string): Root {
  return fromMarkdown(text, reading);
}
