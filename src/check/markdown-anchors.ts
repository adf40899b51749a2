/**
 * The targets of fragments in a Markdown document, as GitHub renders it:
 * each heading's slug (`github-slug.ts`), from the heading's text (text,
 * code, and the text of links and emphasis in it; not HTML, not images),
 * and the `id` or `<a name>` of HTML written in the document. Parsed by
 * remark (remark-parse, remark-gfm, remark-frontmatter: front matter is no
 * heading), loaded when first needed.
 */
import type { Nodes, Root } from 'mdast';
import { Slugger } from './github-slug.js';
import { htmlAnchorsOf } from './html-anchors.js';

type Parse = (text: string) => Root;

let parser: Promise<Parse> | undefined;

async function markdownParser(): Promise<Parse> {
  parser ??= (async () => {
    const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkFrontmatter }] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-frontmatter'),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);
    return (text: string) => processor.runSync(processor.parse(text)) as Root;
  })();
  return parser;
}

/** The text of a heading as GitHub slugs it. */
function headingText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference') return '';
  if ('children' in node) return (node.children as Nodes[]).map(headingText).join('');
  return '';
}

/** The slugs and HTML anchors of a Markdown document. */
export async function markdownAnchorsOf(text: string): Promise<Set<string>> {
  const tree = (await markdownParser())(text);
  const anchors = new Set<string>();
  const slugger = new Slugger();
  const visit = (node: Nodes) => {
    if (node.type === 'heading') anchors.add(slugger.slug(headingText(node)));
    if (node.type === 'html') for (const anchor of htmlAnchorsOf(node.value)) anchors.add(anchor);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return anchors;
}
