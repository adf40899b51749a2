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
import { countAtOrBelow } from '../../../source-map/search.js';
import { NodeText } from './node-text.js';
import type { Span } from './node-spans.js';

/** A text or break node of a run, with its parents from the run's parent down. */
export interface Leaf {
  node: Text | Break;
  parents: Parent[];
  /** Where the node is in the source, when known. */
  span: Span | undefined;
}

/**
 * An emphasis, strong or delete marker (`*`, `__`, `~~`) left out of the
 * run's text: `at` is where in the text, `span` where in the source.
 */
export interface Marker {
  at: number;
  span: Span;
}

/** Where in the run's text a node's content is: `[from, to)`. */
export interface Range {
  from: number;
  to: number;
}

/** A container entered in a run: its range, and how many leaves came before it. */
interface Entered {
  node: Nodes;
  range: Range;
  leaves: number;
}

/** A text with a map back to the source: unit `i` of `text` starts at `start(i)`; `end(i)` is just after unit `i - 1`. */
export interface MappedText {
  readonly text: string;
  start(unit: number): number;
  end(unit: number): number;
}

// rule: markdown-rejoin
export class PhrasingRun implements MappedText {
  readonly leaves: Leaf[] = [];
  /** Where each leaf starts in the text. */
  private readonly leafStarts: number[] = [];
  /** The containers entered (emphasis, literal links), in order; undefined while there is none. */
  private containers: Entered[] | undefined;
  /** `ranges`, made when first asked for (most runs hold no URL and are never asked). */
  private rangeMap: Map<Nodes, Range> | undefined;
  /** `literalLinks` and `markers` (with where each stands in the text), made at the first one. */
  private links: Link[] | undefined;
  private markerList: Marker[] | undefined;
  private markerAts: number[] | undefined;
  /** The text so far, and its length. */
  private pieces = '';
  /** The map back to the source, made from the leaves when first asked for (most runs hold no URL and need none). */
  private map: NodeText | undefined;

  /**
   * @param source The Markdown source.
   * @param parent The node whose phrasing children the run is made of.
   * @param linkTarget Inside a link's text: the link's URL.
   */
  constructor(
    readonly source: string,
    readonly parent: Parent,
    readonly linkTarget: string | undefined,
  ) {}

  /** The run's text. */
  get text(): string {
    return this.pieces;
  }

  /** Units of text so far. */
  get length(): number {
    return this.pieces.length;
  }

  /** Ranges of every node in the run (leaves and containers). */
  get ranges(): Map<Nodes, Range> {
    if (this.rangeMap !== undefined) return this.rangeMap;
    const ranges = new Map<Nodes, Range>();
    const { leaves, leafStarts, containers } = this;
    let next = 0;
    for (let index = 0; index < leaves.length; index++) {
      const from = leafStarts[index] as number;
      // the containers entered before this leaf, in the order they were (as the map was once filled)
      if (containers !== undefined) for (; next < containers.length && (containers[next] as Entered).leaves <= index; next++) setContainer(ranges, containers[next] as Entered);
      ranges.set((leaves[index] as Leaf).node, { from, to: index + 1 < leaves.length ? (leafStarts[index + 1] as number) : this.pieces.length });
    }
    if (containers !== undefined) for (; next < containers.length; next++) setContainer(ranges, containers[next] as Entered);
    this.rangeMap = ranges;
    return ranges;
  }

  /** GFM autolink literals in the run, in order. */
  get literalLinks(): readonly Link[] {
    return this.links ?? none;
  }

  /** Markers of the emphasis in the run, in order. */
  get markers(): readonly Marker[] {
    return this.markerList ?? none;
  }

  /** A text node whose source is `span` (its position, or one worked out for it). */
  addText(node: Text, parents: Parent[], span: Span | undefined): void {
    this.addLeaf({ node, parents, span }, node.value);
  }

  addBreak(node: Break, parents: Parent[], span: Span | undefined): void {
    this.addLeaf({ node, parents, span }, '\n');
  }

  private addLeaf(leaf: Leaf, value: string): void {
    const from = this.pieces.length;
    this.pieces += value;
    this.leaves.push(leaf);
    this.leafStarts.push(from);
    this.rangeMap?.set(leaf.node, { from, to: this.pieces.length });
  }

  /** The source offset where unit `unit` of the text starts. */
  start(unit: number): number {
    return this.mapped().start(unit);
  }

  /** The source offset just after unit `unit - 1` of the text. */
  end(unit: number): number {
    return this.mapped().end(unit);
  }

  /** The leaves' values aligned with their source, as {@link NodeText} aligns a node's value. */
  private mapped(): NodeText {
    if (this.map !== undefined) return this.map;
    const map = new NodeText(this.source);
    for (const leaf of this.leaves) appendLeaf(map, leaf);
    this.map = map;
    return map;
  }

  /** A container (emphasis, a literal link) starts: its range opens here. `marker`: its opening marker in the source. */
  enter(node: Nodes, marker?: Span): void {
    const range = { from: this.pieces.length, to: this.pieces.length };
    (this.containers ??= []).push({ node, range, leaves: this.leaves.length });
    this.rangeMap?.set(node, range);
    if (node.type === 'link') (this.links ??= []).push(node);
    if (marker !== undefined && marker.from < marker.to) this.addMarker(marker);
  }

  /** A container ends. `marker`: its closing marker in the source. */
  exit(node: Nodes, marker?: Span): void {
    const range = this.containerRange(node);
    if (range !== undefined) range.to = this.pieces.length;
    if (marker !== undefined && marker.from < marker.to) this.addMarker(marker);
  }

  /** The range of a container entered, the last entered first (the one a walk exits). */
  private containerRange(node: Nodes): Range | undefined {
    if (this.rangeMap !== undefined) return this.rangeMap.get(node);
    const containers = this.containers;
    if (containers === undefined) return undefined;
    for (let index = containers.length - 1; index >= 0; index--) if ((containers[index] as Entered).node === node) return (containers[index] as Entered).range;
    return undefined;
  }

  /** Is a marker strictly inside `text[from, to)`? */
  hasMarkerInside(from: number, to: number): boolean {
    const ats = this.markerAts;
    if (ats === undefined) return false;
    const first = countAtOrBelow(ats, from);
    return first < ats.length && (ats[first] as number) < to;
  }

  private addMarker(span: Span): void {
    (this.markerList ??= []).push({ at: this.pieces.length, span });
    (this.markerAts ??= []).push(this.pieces.length);
  }

  /** The run's text as the source has it: the emphasis markers put back. */
  withMarkers(): NodeText {
    const text = new NodeText(this.source);
    let next = 0;
    for (const leaf of this.leaves) {
      const range = this.ranges.get(leaf.node) as Range;
      next = this.appendMarkers(text, next, range.from);
      appendLeaf(text, leaf);
    }
    this.appendMarkers(text, next, this.pieces.length);
    return text;
  }

  /** Append the markers from index `next` that stand at or before `at`; the index of the first one left. */
  private appendMarkers(text: NodeText, next: number, at: number): number {
    const markers = this.markers;
    let index = next;
    for (; index < markers.length; index++) {
      const marker = markers[index] as Marker;
      if (marker.at > at) break;
      text.appendText(this.source.slice(marker.span.from, marker.span.to), marker.span.from, marker.span.to);
    }
    return index;
  }

  /** The index in `leaves` of the leaf holding `offset`. */
  leafAt(offset: number): number {
    return Math.max(0, countAtOrBelow(this.leafStarts, offset) - 1);
  }
}

/** No links, no markers: shared by the runs without any. */
const none: readonly never[] = [];

function setContainer(ranges: Map<Nodes, Range>, container: Entered): void {
  ranges.set(container.node, container.range);
}

/** A leaf's value appended to `text`, aligned with its source (a break is `\n` for all of its source). */
function appendLeaf(text: NodeText, leaf: Leaf): void {
  if (leaf.span === undefined) text.appendUnmapped(leaf.node.type === 'break' ? '\n' : leaf.node.value);
  else if (leaf.node.type === 'break') text.appendWhole('\n', leaf.span.from, leaf.span.to);
  else text.appendText(leaf.node.value, leaf.span.from, leaf.span.to);
}
