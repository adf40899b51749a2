/**
 * The unit reader's trees beside remark's: what `findUrls` reads of a tree
 * (types, values, URLs, children, every position), compared for a unit.
 */
import type { Nodes, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { expect } from 'vitest';
import { partBoundaries } from '../../src/adapters/markdown/document/part-boundaries.js';
import { frontMatterEnd, unitAt } from '../../src/adapters/markdown/document/quiet-units.js';
import { notModelled } from '../../src/adapters/markdown/unit-reader/answers.js';
import type { KnownDefinitions } from '../../src/adapters/markdown/unit-reader/labels.js';
import { readUnitTree } from '../../src/adapters/markdown/unit-reader/read-unit-tree.js';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);

export function remarkTree(text: string): Root {
  return processor.runSync(processor.parse(text)) as Root;
}

interface Projection {
  type: string;
  value?: string;
  url?: string;
  checked?: boolean | null | undefined;
  reference?: unknown[];
  alt?: string | null | undefined;
  position: string;
  children?: Projection[];
}

/** What `findUrls` reads of a tree: types, values, URLs, children, and every position in full. */
export function project(node: Nodes): Projection {
  const projection: Projection = { type: node.type, position: where(node) };
  if ('value' in node) projection.value = node.value;
  if ('url' in node) projection.url = node.url;
  if ('checked' in node) projection.checked = node.checked;
  if ('identifier' in node) projection.reference = [node.identifier, node.label, 'referenceType' in node ? node.referenceType : undefined];
  if ('alt' in node) projection.alt = node.alt;
  if ('children' in node) projection.children = (node.children as Nodes[]).map((child) => project(child));
  return projection;
}

function where(node: Nodes): string {
  const position = node.position;
  if (position === undefined) return 'none';
  const { start, end } = position;
  return `${start.line}:${start.column}@${start.offset}-${end.line}:${end.column}@${end.offset}`;
}

/** Our tree for `text`, checked against remark's; undefined when not modelled. `known`: the definitions of the rest of the document (see `readUnitTree`). */
export function checked(text: string, known?: KnownDefinitions): Root | undefined {
  const read = readUnitTree(text, undefined, known);
  if (read === notModelled) return undefined;
  expect(project(read.tree), JSON.stringify(text)).toEqual(project(remarkTree(text)));
  return read.tree;
}

const settings = { code: false, html: false, emails: false, schemeless: false, relative: false };

/** Every unit of a document, as `scanParts` cuts it (front matter left out: it is read with the first part). */
export function unitsOf(markdown: string): string[] {
  const source = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const boundaries = partBoundaries(source, 1);
  const units: string[] = [];
  for (let start = frontMatterEnd(source); start < source.length; ) {
    const unit = unitAt(source, start, boundaries, settings);
    units.push(source.slice(start, unit.end));
    start = unit.end;
  }
  return units;
}

