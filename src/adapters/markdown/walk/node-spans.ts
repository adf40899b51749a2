/**
 * Where a node is in the Markdown source, also for nodes without a
 * position.
 *
 * remark-gfm's autolink literal transform splits a text node into text and
 * `link` nodes and gives none of the pieces a position (a literal right
 * after `[`, an e-mail address inside `_…_`, `ssh://git@host/`). The pieces
 * lie, in order, between the siblings around them that have positions (or
 * the parent's content edges), so their values are aligned with that stretch
 * of source the way a text node's value is aligned with its own.
 *
 * ```markdown
 * > | See [https://example.com/a] or ftp://example.com/f.
 *     ^^^^^ text   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ link, text: no positions
 *     └───────────── the paragraph's content: aligned with `See [https…/f.`
 * ```
 */
import type { Nodes, Parent } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { NodeText } from './node-text.js';

/** `[from, to)` in the source. */
export interface Span {
  from: number;
  to: number;
}

const { space, tab, numberSign, tilde, verticalBar } = codes;

/** Marker length at the start of an inline container's source. */
const openerLength: Partial<Record<Nodes['type'], number>> = {
  emphasis: 1,
  strong: 2,
  link: 1,
  linkReference: 1,
};

export class NodeSpans {
  /** Spans worked out for nodes without a position. */
  private readonly inferred = new Map<Nodes, Span>();
  /** Parents whose children were looked at. */
  private readonly done = new Set<Parent>();

  constructor(private readonly source: string) {}

  /** The span of `node`: its position, or one worked out from its siblings (see {@link prepare}). */
  of(node: Nodes): Span | undefined {
    const from = node.position?.start.offset;
    const to = node.position?.end.offset;
    if (from !== undefined && to !== undefined) return { from, to };
    return this.inferred.get(node);
  }

  /** Work out spans for the children of `parent` that have no position (and their descendants). */
  prepare(parent: Parent): void {
    const children = parent.children as Nodes[];
    if (allPlaced(children) || this.done.has(parent)) return;
    this.done.add(parent);
    let index = 0;
    while (index < children.length) {
      if (this.of(children[index] as Nodes) !== undefined) {
        index++;
        continue;
      }
      // a group of siblings without positions: `children[index, end)`
      let end = index;
      while (end < children.length && this.of(children[end] as Nodes) === undefined) end++;
      const parentSpan = this.of(parent as Nodes);
      const before = index > 0 ? this.of(children[index - 1] as Nodes) : undefined;
      const after = end < children.length ? this.of(children[end] as Nodes) : undefined;
      const from = before?.to ?? (parentSpan === undefined ? undefined : this.contentStart(parent as Nodes, parentSpan));
      const to = after?.from ?? parentSpan?.to;
      if (from !== undefined && to !== undefined && from <= to) this.align(children.slice(index, end), from, to);
      index = end;
    }
  }

  /** Give each of `group` the part of `source[from, to)` its value stands for. */
  private align(group: Nodes[], from: number, to: number): void {
    const values = group.map((node) => valueOf(node));
    const text = new NodeText(this.source);
    text.appendText(values.join(''), from, to);
    let at = 0;
    for (let index = 0; index < group.length; index++) {
      const node = group[index] as Nodes;
      const length = (values[index] as string).length;
      const span = { from: text.start(at), to: text.end(at + length) };
      this.setDeep(node, span);
      at += length;
    }
  }

  /** A node and its position-less descendants (a literal's text) get `span`. */
  private setDeep(node: Nodes, span: Span): void {
    if (node.position === undefined) this.inferred.set(node, span);
    if ('children' in node) {
      for (const child of node.children as Nodes[]) if (child.position === undefined) this.setDeep(child, span);
      this.done.add(node as Parent);
    }
  }

  /** Where the content of `node` starts: after an ATX heading's `#`s, a table cell's `|`, an emphasis marker. */
  private contentStart(node: Nodes, span: Span): number {
    const source = this.source;
    let at = span.from;
    if (node.type === 'heading') {
      while (at < span.to && isSpaceOrTab(source.charCodeAt(at))) at++;
      let hashes = at;
      while (hashes < span.to && source.charCodeAt(hashes) === numberSign) hashes++;
      if (hashes > at && (hashes === span.to || isSpaceOrTab(source.charCodeAt(hashes)))) {
        at = hashes;
        while (at < span.to && isSpaceOrTab(source.charCodeAt(at))) at++;
        return at;
      }
      return span.from;
    }
    if (node.type === 'tableCell') {
      if (source.charCodeAt(at) === verticalBar) at++;
      while (at < span.to && isSpaceOrTab(source.charCodeAt(at))) at++;
      return at;
    }
    if (node.type === 'delete') {
      while (at < span.to && at - span.from < 2 && source.charCodeAt(at) === tilde) at++;
      return at;
    }
    return Math.min(span.to, at + (openerLength[node.type] ?? 0));
  }
}

/** Has every one of `nodes` a position? (The common case: a loop, no callback made per parent.) */
function allPlaced(nodes: readonly Nodes[]): boolean {
  for (const node of nodes) if (node.position === undefined) return false;
  return true;
}

/** The text a phrasing node stands for in its parent's content. */
function valueOf(node: Nodes): string {
  if (node.type === 'break') return '\n';
  if ('value' in node) return node.value;
  if ('children' in node) return (node.children as Nodes[]).map((child) => valueOf(child)).join('');
  return '';
}

function isSpaceOrTab(code: number): boolean {
  return code === space || code === tab;
}
