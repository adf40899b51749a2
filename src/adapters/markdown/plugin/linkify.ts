/**
 * Option `link: true`: URLs found in text become `link` nodes.
 *
 * The link holds the URL as written (without `<URL:` and `>`, which stay
 * text around it), so the document reads the same:
 *
 * ```markdown
 * > | see <URL:ftp://ds.in
 *              ^^^^^^^^^^^ text split here; link starts
 * > | ternic.net/rfc>.
 *     ^^^^^^^^^^^^^^ link ends; `>.` stays text
 * ```
 *
 * A URL whose text lies partly inside emphasis (`http://a/*b*c`) is wrapped
 * only when whole nodes can be wrapped; otherwise the tree is left alone.
 * A URL that is exactly a GFM autolink literal is already a link; literals
 * inside a longer URL (remark-gfm cut a wrapped URL short) are replaced by
 * the one link.
 */
import type { Link, Nodes, Parent, PhrasingContent, Text } from 'mdast';
import type { Position } from 'unist';
import type { UrlRecord } from '../../../records/url-record.js';
import type { LinkCandidate } from '../walk/find-urls.js';
import type { LineIndex } from '../../../source-map/line-index.js';
import type { PhrasingRun } from '../walk/phrasing-run.js';

const urlPrefix = /^url:/i;
const whitespace = /\s/;

/** Turn every candidate into a link, last first (so earlier offsets stay valid). */
export function linkify(candidates: readonly LinkCandidate[], lines: LineIndex): void {
  let run: PhrasingRun | undefined;
  for (const candidate of candidates) {
    if (candidate.run !== run) {
      run = candidate.run;
      unwrapOverlappingLiterals(run, candidates);
    }
  }
  for (let index = candidates.length - 1; index >= 0; index--) {
    const candidate = candidates[index] as LinkCandidate;
    wrap(candidate.run, candidate.found, lines);
  }
}

/**
 * GFM autolink literals that overlap a URL found in the run without being
 * exactly it (remark-gfm cut a wrapped URL short, or took the wrapper's `>`)
 * become plain text again, so that the URL can be linked whole.
 */
function unwrapOverlappingLiterals(run: PhrasingRun, candidates: readonly LinkCandidate[]): void {
  const ranges = candidates.filter((candidate) => candidate.run === run).map((candidate) => urlRange(run.text, candidate.found));
  for (const literal of run.literalLinks) {
    const range = run.ranges.get(literal);
    if (range === undefined) continue;
    const overlapping = ranges.some((url) => url.from < range.to && url.to > range.from);
    const exact = ranges.some((url) => url.from === range.from && url.to === range.to);
    if (!overlapping || exact) continue;
    for (const leaf of run.leaves) {
      const index = leaf.parents.indexOf(literal);
      if (index === -1) continue;
      const parent = leaf.parents[index - 1] as Parent;
      const children = parent.children as Nodes[];
      const at = children.indexOf(literal);
      if (at !== -1) children.splice(at, 1, ...literal.children);
      leaf.parents = leaf.parents.filter((node) => node !== literal);
    }
  }
}

/** The URL itself within a record's run range: `[from, to)`, wrapper and padding left out. */
export function urlRange(text: string, found: UrlRecord): { from: number; to: number } {
  let from = found.start.offset;
  let to = found.end.offset;
  if (found.form === 'url-wrapper' || found.form === 'angle' || found.form === 'quoted') {
    from++;
    to--;
    if (found.form === 'url-wrapper' && urlPrefix.test(text.slice(from, from + 4))) from += 4;
  } else if (urlPrefix.test(text.slice(from, from + 4)) && !urlPrefix.test(found.url)) {
    from += 4;
  }
  while (from < to && whitespace.test(text.charAt(from))) from++;
  while (to > from && whitespace.test(text.charAt(to - 1))) to--;
  return { from, to };
}

function wrap(run: PhrasingRun, found: UrlRecord, lines: LineIndex): void {
  const { from, to } = urlRange(run.text, found);
  if (from >= to || run.leaves.length === 0) return;
  const startLeaf = run.leaves[run.leafAt(from)];
  const endLeaf = run.leaves[run.leafAt(to - 1)];
  if (startLeaf === undefined || endLeaf === undefined) return;
  const startPath = [...startLeaf.parents, startLeaf.node] as Nodes[];
  const endPath = [...endLeaf.parents, endLeaf.node] as Nodes[];
  // the deepest node holding both ends
  const shorter = Math.min(startPath.length, endPath.length);
  let depth = 0;
  while (depth < shorter && startPath[depth] === endPath[depth]) depth++;
  if (depth === shorter) depth = shorter - 1;
  if (depth < 1) return;
  // a link cannot hold a link
  for (let d = 0; d < depth; d++) if ((startPath[d] as Nodes).type === 'link') return;
  const container = startPath[depth - 1] as Parent;
  let first = startPath[depth] as Nodes;
  let last = endPath[depth] as Nodes;
  const firstRange = run.ranges.get(first);
  const lastRange = run.ranges.get(last);
  if (firstRange === undefined || lastRange === undefined) return;
  if (first.type !== 'text' && firstRange.from !== from) return;
  if (last.type !== 'text' && lastRange.to !== to) return;
  // exactly an autolink literal: already a link
  if (first === last && first.type === 'link') return;

  const children = container.children as Nodes[];
  if (last.type === 'text' && to < lastRange.to) split(last, to);
  if (first.type === 'text' && from > firstRange.from) {
    const tail = split(first, from);
    if (first === last) last = tail;
    first = tail;
  }
  const firstIndex = children.indexOf(first);
  const lastIndex = children.indexOf(last);
  if (firstIndex === -1 || lastIndex < firstIndex) return;
  const link: Link = {
    type: 'link',
    url: found.url,
    title: null,
    children: children.slice(firstIndex, lastIndex + 1).flatMap((node) => withoutLinks(node)) as PhrasingContent[],
    position: position(from, to),
  };
  children.splice(firstIndex, lastIndex - firstIndex + 1, link);

  /** Split a text node at run offset `at`: the node keeps the head, the tail comes after it. */
  function split(node: Text, at: number): Text {
    const range = run.ranges.get(node) as { from: number; to: number };
    const tail: Text = { type: 'text', value: node.value.slice(at - range.from), position: position(at, range.to) };
    node.value = node.value.slice(0, at - range.from);
    node.position = position(range.from, at);
    run.ranges.set(tail, { from: at, to: range.to });
    range.to = at;
    children.splice(children.indexOf(node) + 1, 0, tail);
    return tail;
  }

  function position(start: number, end: number): Position {
    return { start: lines.point(run.start(start)), end: lines.point(run.end(end)) };
  }
}

/** A node with the links in it replaced by their children. */
function withoutLinks(node: Nodes): Nodes[] {
  if (node.type === 'link') return node.children.flatMap((child) => withoutLinks(child));
  if ('children' in node) {
    (node as Parent).children = (node.children as Nodes[]).flatMap((child) => withoutLinks(child)) as Parent['children'];
  }
  return [node];
}
