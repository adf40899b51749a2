/**
 * A phrasing run: adjacent phrasing content (text, soft and hard breaks,
 * emphasis, strong, delete, GFM autolink literals) joined into one string
 * for the scanner, so that a `<URL:…>` broken across lines, across a hard
 * break or around emphasis is read as one URL, the way the RFC's reader
 * would.
 *
 * ```markdown
 * > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ text
 * > | type=d> but *you* can probably pick it up from <URL:ftp://ds.in\
 *                 ^^^^^ emphasis: its text joins the run             ^^ hard break: `\n`
 * > | ternic.net/rfc>.
 * ```
 *
 * Besides the text and its source map, a run keeps which node each part of
 * the text came from, so that `link: true` can wrap a URL's nodes in a link.
 */
import type { Break, Link, Nodes, Parent, Text } from 'mdast';
import { countAtOrBelow } from '../../source-map/search.js';
import { NodeText } from './node-text.js';

/** A text or break node of a run, with its parents from the run's parent down. */
export interface Leaf {
  node: Text | Break;
  parents: Parent[];
}

/** Where in the run's text a node's content is: `[from, to)`. */
export interface Range {
  from: number;
  to: number;
}

export class PhrasingRun extends NodeText {
  readonly leaves: Leaf[] = [];
  /** Where each leaf starts in the text. */
  private readonly leafStarts: number[] = [];
  /** Ranges of every node in the run (leaves and containers). */
  readonly ranges = new Map<Nodes, Range>();
  /** GFM autolink literals in the run, in order. */
  readonly literalLinks: Link[] = [];

  /**
   * @param source The Markdown source.
   * @param parent The node whose phrasing children the run is made of.
   * @param linkTarget Inside a link's text: the link's URL.
   */
  constructor(
    source: string,
    readonly parent: Parent,
    readonly linkTarget: string | undefined,
  ) {
    super(source);
  }

  addText(node: Text, parents: Parent[]): void {
    const from = this.text.length;
    const position = node.position;
    if (position?.start.offset === undefined || position.end.offset === undefined) this.appendUnmapped(node.value);
    else this.appendText(node.value, position.start.offset, position.end.offset);
    this.leaves.push({ node, parents });
    this.leafStarts.push(from);
    this.ranges.set(node, { from, to: this.text.length });
  }

  addBreak(node: Break, parents: Parent[]): void {
    const from = this.text.length;
    const position = node.position;
    if (position?.start.offset === undefined || position.end.offset === undefined) this.appendUnmapped('\n');
    else this.appendWhole('\n', position.start.offset, position.end.offset);
    this.leaves.push({ node, parents });
    this.leafStarts.push(from);
    this.ranges.set(node, { from, to: this.text.length });
  }

  /** A container (emphasis, a literal link) starts: its range opens here. */
  enter(node: Nodes): void {
    this.ranges.set(node, { from: this.text.length, to: this.text.length });
    if (node.type === 'link') this.literalLinks.push(node);
  }

  /** A container ends. */
  exit(node: Nodes): void {
    const range = this.ranges.get(node);
    if (range !== undefined) range.to = this.text.length;
  }

  /** The index in `leaves` of the leaf holding `text[offset]`. */
  leafAt(offset: number): number {
    return Math.max(0, countAtOrBelow(this.leafStarts, offset) - 1);
  }
}
