/**
 * Walk an mdast tree and find its URLs:
 *
 * - `link`, `image`, `definition` and autolinks (`<http://x>`,
 *   `<URL:http://x>` with the `URL:` dropped): the node's URL, form
 *   `markdown-link`, spanning the node; a relative destination only with
 *   the options `url` (and `root`), resolved (`records/relative-link.ts`);
 * - text: runs of phrasing content (see `phrasing-run.ts`) in paragraphs,
 *   headings, table cells, in block quotes, list items and footnotes, given
 *   to the scanner; a link's text is a run of its own, and a URL that is
 *   both a link's text and its target is one record (the link's);
 * - GFM autolink literals (remark-gfm) are part of their run, so that a
 *   wrapped URL that remark-gfm cut short is read whole; a literal that no
 *   record of its run covers is reported as the link it is;
 * - `code` and `inlineCode` with option `code`; `html` nodes with option
 *   `html`, read by the HTML adapter (URL attributes and text); front matter
 *   never.
 */
import type { Definition, Link, LinkReference, Nodes, Parent, Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';
import { createRecord, moveRecord } from '../../../records/create-record.js';
import { markRelative, resolveReference } from '../../../records/relative-link.js';
import { scanResolved } from '../../../scanner/create-scanner.js';
import { LineIndex } from '../../../source-map/line-index.js';
import type { Form, UrlRecord } from '../../../records/url-record.js';
import { htmlNodes } from './html-nodes.js';
import type { HtmlNote, HtmlNoteCode } from '../../html/html-notes.js';
import { NodeSpans, type Span } from './node-spans.js';
import { NodeText } from './node-text.js';
import type { ResolvedOptions } from '../plugin/options.js';
import { PhrasingRun, type MappedText } from './phrasing-run.js';

/** A URL found in text that `link: true` may turn into a link. */
export interface LinkCandidate {
  run: PhrasingRun;
  /** The scanner's record, offsets in `run.text`. */
  found: UrlRecord;
}

export interface FoundUrls {
  /** Every record, in source order. */
  records: UrlRecord[];
  /** What the HTML adapter could not read in `html` nodes (option `html`), in source order. */
  notes: HtmlNodeNote[];
  /** URLs in text outside links, for `link: true`, in source order. */
  candidates: LinkCandidate[];
}

/**
 * A note of the HTML adapter on an `html` node: its code and sentence
 * (without the line), and where: the node's first character (an offset of
 * the text walked, as records have) and the note's line in the node's value.
 */
export interface HtmlNodeNote {
  code: HtmlNoteCode;
  message: string;
  offset: number;
  /** Lines after the node's first line (0: on it). */
  linesIn: number;
}

/** The note as the HTML adapter tells it in an `.html` file, at `line` of the Markdown source: `line 3: …`. */
export function htmlNoteAt(note: HtmlNodeNote, line: number): { code: HtmlNoteCode; message: string; line: number } {
  return { code: note.code, message: `line ${line}: ${note.message}`, line };
}

/** Parents whose children are phrasing content. */
const phrasingParents = new Set(['paragraph', 'heading', 'tableCell']);
/** Phrasing nodes whose text joins the run around them. */
const transparent = new Set(['emphasis', 'strong', 'delete']);
/** Nodes never scanned. */
const skipped = new Set(['yaml', 'toml']);

const autolinkPrefix = /^url:/i;
const whitespace = /\s+/g;

/** Where `source` stands in a longer text: records get that text's offsets, lines and columns. */
export interface Placement {
  /** Where `source` starts in it. */
  offset: number;
  lines: LineIndex;
}

/**
 * `referenceUrl`: the URL a reference's definition gives, where the tree
 * does not hold that definition (a unit read by the unit reader).
 * `place`: where `source` stands in the document (a unit's records are
 * made at their place in it, not moved there after).
 */
export function findUrls(tree: Root, source: string, settings: ResolvedOptions, referenceUrl?: (identifier: string) => string | undefined, place?: Placement): FoundUrls {
  const lines = place?.lines ?? LineIndex.ofText(source);
  const base = place?.offset ?? 0;
  const spans = new NodeSpans(source);
  const records: UrlRecord[] = [];
  const candidates: LinkCandidate[] = [];
  const notes: HtmlNodeNote[] = [];
  let definitions: Map<string, string> | undefined;

  walkBlock(tree);
  if (!inOrder(records)) records.sort(bySourceOrder);
  return { records, candidates, notes };

  /** A block: its phrasing content, or its children. */
  // rule: markdown-skipped-nodes
  function walkBlock(node: Nodes): void {
    if (skipped.has(node.type)) return;
    if (node.type === 'definition') {
      addNode(node.url, node);
    } else if (node.type === 'code') {
      if (settings.code) scanLiteral(node.value, node, 'code');
    } else if (node.type === 'html') {
      if (settings.html) addHtml(node.value, node);
    } else if ('children' in node) {
      if (phrasingParents.has(node.type) || holdsPhrasing(node)) {
        if (mayGiveRecords(node)) walkPhrasing(node, undefined);
      } else for (const child of node.children) walkBlock(child);
    }
  }

  /**
   * Can the phrasing content of `parent` give a record? Not when it is text
   * (in emphasis too) whose text joined holds no trigger, beside nothing
   * that gives one of itself: its runs are pieces of that text, and most
   * paragraphs of a document are such. Their walk is then left out (runs
   * made, nodes placed in the source), not only their scan.
   */
  function mayGiveRecords(parent: Parent): boolean {
    const text = quietText(parent);
    return text === undefined || mayHoldUrl(text);
  }

  /**
   * The text of the phrasing children of `parent` joined, or undefined when
   * one of them may give a record whatever the text. Joined only for
   * `www.` (`schemeless`), which emphasis may cut in pieces: the other
   * triggers are one character each, looked for in each text as it comes
   * (undefined when one holds one), and `''` is returned.
   */
  function quietText(parent: Parent): string | undefined {
    let text = '';
    const joined = settings.findOptions.schemeless;
    for (const child of parent.children as Nodes[]) {
      switch (child.type) {
        case 'text':
          if (joined) text += child.value;
          else if (mayHoldUrl(child.value)) return undefined;
          break;
        case 'break':
          if (joined) text += '\n';
          break;
        case 'inlineCode':
          if (settings.code) return undefined;
          break;
        case 'html':
          if (settings.html) return undefined;
          break;
        case 'emphasis':
        case 'strong':
        case 'delete': {
          const inner = quietText(child);
          if (inner === undefined) return undefined;
          text += inner;
          break;
        }
        default:
          return undefined;
      }
    }
    return text;
  }

  /** The phrasing children of `parent`, as runs. `linkTarget`: inside a link's text. */
  function walkPhrasing(parent: Parent, linkTarget: string | undefined): void {
    let run = new PhrasingRun(source, parent, linkTarget);
    visit(parent, [parent]);
    flush(false);

    function visit(node: Parent, parents: Parent[]): void {
      spans.prepare(node);
      for (const child of node.children as Nodes[]) {
        switch (child.type) {
          case 'text':
            run.addText(child, parents, spans.of(child));
            break;
          case 'break':
            run.addBreak(child, parents, spans.of(child));
            break;
          case 'link':
            if (linkTarget === undefined && syntaxOf(child) === 'literal') {
              run.enter(child);
              visit(child, [...parents, child]);
              run.exit(child);
            } else {
              flush();
              addLink(child);
            }
            break;
          case 'linkReference':
            flush();
            walkPhrasing(child, definitionUrl(child));
            break;
          case 'image':
            flush();
            addNode(child.url, child);
            break;
          case 'inlineCode':
            flush();
            if (settings.code) scanLiteral(child.value, child, 'inlineCode');
            break;
          case 'html':
            flush();
            if (settings.html) addHtml(child.value, child);
            break;
          default:
            if (transparent.has(child.type) && 'children' in child) {
              const markers = markerSpans(child as Parent);
              run.enter(child, markers?.opening);
              visit(child, [...parents, child]);
              run.exit(child, markers?.closing);
            } else {
              flush();
              if ('children' in child) walkBlock(child);
            }
        }
      }
    }

    /** Scan the run so far and start a new one (`more`: unless the parent's children are done). */
    // rule: markdown-link-text-once
    // rule: markdown-gfm-literals
    function flush(more = true): void {
      if (run.text.length === 0) return;
      // a link's text that is its target, broken across lines (as `link: true` leaves it)
      if (linkTarget !== undefined && run.text.replace(whitespace, '') === linkTarget) {
        if (more) run = new PhrasingRun(source, parent, linkTarget);
        return;
      }
      const found = scanText(run.text);
      if (found.length > 0) takeRecords(run, linkTarget, found);
      // GFM autolink literals not covered by a record are links all the same
      // (both in text order: one pass over the records)
      let next = 0;
      for (const link of run.literalLinks) {
        const range = run.ranges.get(link);
        if (range === undefined) continue;
        while (next < found.length && (found[next] as UrlRecord).end.offset <= range.from) next++;
        const record = found[next];
        const covered = record !== undefined && record.start.offset < range.to;
        if (!covered) addNode(link.url, link);
      }
      if (more) run = new PhrasingRun(source, parent, linkTarget);
    }
  }

  /** The records the scanner found in `run` (a link's text when `linkTarget` is set). */
  function takeRecords(run: PhrasingRun, linkTarget: string | undefined, found: UrlRecord[]): void {
    const firstCandidate = candidates.length;
    const asWritten = run.markers.length === 0 ? [] : found.filter((record) => run.hasMarkerInside(record.start.offset, record.end.offset));
    const readAgain = asWritten.length === 0 ? undefined : new Set(asWritten);
    for (const record of found) {
      if (readAgain?.has(record) === true) continue;
      // a URL that is both a link's text and its target is one record
      if (linkTarget !== undefined && (record.url === linkTarget || record.alternatives.includes(linkTarget))) continue;
      records.push(mapRecord(record, run));
      if (linkTarget === undefined) candidates.push({ run, found: record });
    }
    if (asWritten.length > 0) {
      addAsWritten(run, linkTarget, asWritten);
      const ours = candidates.splice(firstCandidate).sort((a, b) => a.found.start.offset - b.found.start.offset);
      for (const candidate of ours) candidates.push(candidate);
    }
  }

  /**
   * URLs with emphasis markers inside (`?job=*pull-e2e*` is emphasis to
   * CommonMark): read again from the text with its markers, as written in
   * the source, so that the URL is one the source holds.
   */
  // rule: markdown-as-written
  function addAsWritten(run: PhrasingRun, linkTarget: string | undefined, found: UrlRecord[]): void {
    const text = run.withMarkers();
    const spans = found.map((record) => ({ from: run.start(record.start.offset), to: run.end(record.end.offset) }));
    for (const record of scanText(text.text)) {
      const from = text.start(record.start.offset);
      const to = text.end(record.end.offset);
      const index = spans.findIndex((span) => span.from < to && span.to > from);
      if (index === -1) continue;
      if (linkTarget !== undefined && (record.url === linkTarget || record.alternatives.includes(linkTarget))) continue;
      records.push(mapRecord(record, text));
      // `link: true` wraps the nodes the first reading found, with this URL
      const first = found[index] as UrlRecord;
      if (linkTarget === undefined) candidates.push({ run, found: { ...first, url: record.url, alternatives: record.alternatives } });
    }
  }

  /** The opening and closing markers of emphasis, strong or delete, from its span and its children's. */
  function markerSpans(node: Parent): { opening: Span; closing: Span } | undefined {
    spans.prepare(node);
    const span = spans.of(node as Nodes);
    const first = node.children[0];
    const last = node.children[node.children.length - 1];
    if (span === undefined || first === undefined || last === undefined) return undefined;
    const firstSpan = spans.of(first as Nodes);
    const lastSpan = spans.of(last as Nodes);
    if (firstSpan === undefined || lastSpan === undefined) return undefined;
    return { opening: { from: span.from, to: firstSpan.from }, closing: { from: lastSpan.to, to: span.to } };
  }

  /** A resource link or an autolink: its URL, then (resource links) its text. */
  // rule: markdown-autolink-url-prefix
  function addLink(link: Link): void {
    const syntax = syntaxOf(link);
    if (syntax === 'autolink') {
      // CommonMark reads `<URL:http://x>` as an autolink to `URL:http://x`
      addNode(link.url.replace(autolinkPrefix, ''), link);
    } else {
      addNode(link.url, link);
      walkPhrasing(link, link.url);
    }
  }

  function addNode(url: string, node: Nodes): void {
    url = withoutParentheses(url);
    const span = spans.of(node) ?? { from: 0, to: 0 };
    const record = urlRecord(url, 'markdown-link', span.from, span.to);
    if (record !== undefined) records.push(record);
  }

  /**
   * The record of `url` found at `source[from, to)`, when it passes the
   * options and is absolute, or relative and resolved (options `url`, `root`).
   */
  // rule: markdown-links
  // rule: markdown-relative-links
  function urlRecord(url: string, form: Form, from: number, to: number): UrlRecord | undefined {
    const raw = source.slice(from, to);
    if (isAbsolute(url)) return createRecord(url, form, [], raw, lines.point(base + from), lines.point(base + to), settings.findOptions);
    const links = settings.links;
    if (links === undefined || url === '') return undefined;
    const resolved = resolveReference(url, links.url, links.root);
    const record = resolved === undefined ? undefined : createRecord(resolved, form, [], raw, lines.point(base + from), lines.point(base + to), settings.findOptions);
    return record === undefined ? undefined : markRelative(record);
  }

  /** A scanner record of `text.text` moved to the Markdown source. */
  function mapRecord(record: UrlRecord, text: MappedText): UrlRecord {
    const from = text.start(record.start.offset);
    const to = Math.max(from, text.end(record.end.offset));
    return moveRecord(record, source.slice(from, to), lines.point(base + from), lines.point(base + to));
  }

  function addHtml(value: string, node: Nodes): void {
    const span = spans.of(node);
    const text = new NodeText(source);
    if (span === undefined) text.appendUnmapped(value);
    else text.appendLiteral(value, span.from, span.to, 'html');
    const offset = base + (span?.from ?? 0);
    const onNote = (note: HtmlNote) => {
      const message = note.line === undefined ? note.message : note.message.slice(`line ${note.line}: `.length);
      notes.push({ code: note.code, message, offset, linesIn: (note.line ?? 1) - 1 });
    };
    for (const record of htmlNodes()(value, settings.findOptions, settings.links, onNote)) records.push(withoutEmptyAttribute(mapRecord(record, text)));
  }

  function scanLiteral(value: string, node: Nodes, kind: 'code' | 'inlineCode'): void {
    const span = spans.of(node);
    const text = new NodeText(source);
    if (span === undefined) text.appendUnmapped(value);
    else text.appendLiteral(value, span.from, span.to, kind);
    for (const record of scanText(value)) records.push(mapRecord(record, text));
  }

  function scanText(text: string): UrlRecord[] {
    if (!mayHoldUrl(text)) return [];
    return scanResolved(text, settings.findOptions);
  }

  /** Quick check before starting a scanner: every URL the scanner finds has one of these. */
  function mayHoldUrl(text: string): boolean {
    return (
      text.includes(':') ||
      (settings.findOptions.emails && text.includes('@')) ||
      (settings.findOptions.schemeless && text.includes('www.'))
    );
  }

  /** The URL of the definition a reference points to, to drop its text's duplicate. */
  function definitionUrl(reference: LinkReference): string | undefined {
    if (definitions === undefined) {
      definitions = new Map();
      collectDefinitions(tree, definitions);
    }
    return referenceUrl?.(reference.identifier) ?? definitions.get(reference.identifier.toLowerCase()) ?? '';
  }

  /** How a link was written: `[text](url)`, `<url>`, or a GFM autolink literal. */
  function syntaxOf(link: Link): 'resource' | 'autolink' | 'literal' {
    const offset = spans.of(link)?.from;
    if (offset === undefined) return 'resource';
    const first = source.charAt(offset);
    if (first === '[') return 'resource';
    if (first === '<') return 'autolink';
    return 'literal';
  }
}

/**
 * `scheme:` at the start: an absolute URL. Relative references (`./a.md`,
 * `#section`) are not URLs in RFC 1738's sense and are not reported. A
 * one-letter scheme is a drive letter (`C:\…`), not a scheme.
 */
const absolute = /^[A-Za-z][A-Za-z\d+.-]+:/;

function isAbsolute(url: string): boolean {
  return absolute.test(url);
}

/**
 * `(https://x/)` as a destination (`[a]: (https://x/)`, `[a]((https://x/))`):
 * CommonMark takes the parentheses as part of a relative URL, so a renderer
 * links to a file named `(https:`…; the author meant the URL inside, which
 * is what a reader and a link checker need.
 */
// rule: markdown-destination-in-parentheses
function withoutParentheses(url: string): string {
  if (url.charCodeAt(0) !== codes.leftParenthesis || url.charCodeAt(url.length - 1) !== codes.rightParenthesis) return url;
  const inside = url.slice(1, -1);
  return isAbsolute(inside) ? inside : url;
}

/** A record from an HTML node's text has no attribute: the key is left out, not set to `undefined`. */
function withoutEmptyAttribute(record: UrlRecord): UrlRecord {
  if (!('attribute' in record) || (record as { attribute?: unknown }).attribute !== undefined) return record;
  const { attribute: _, ...rest } = record as UrlRecord & { attribute?: unknown };
  return rest;
}

function isPhrasing(node: Nodes): boolean {
  return node.type === 'text' || node.type === 'break' || node.type === 'emphasis' || node.type === 'strong';
}

function holdsPhrasing(node: Parent): boolean {
  for (const child of node.children) if (isPhrasing(child as Nodes)) return true;
  return false;
}

function bySourceOrder(a: UrlRecord, b: UrlRecord): number {
  return a.start.offset - b.start.offset || a.end.offset - b.end.offset;
}

/** Are the records in source order already (most are: the sort is then not needed)? */
function inOrder(records: UrlRecord[]): boolean {
  for (let index = 1; index < records.length; index++) if (bySourceOrder(records[index - 1] as UrlRecord, records[index] as UrlRecord) > 0) return false;
  return true;
}

function collectDefinitions(node: Nodes, into: Map<string, string>): void {
  if (node.type === 'definition') {
    const identifier = (node as Definition).identifier.toLowerCase();
    // the first definition of an identifier wins (CommonMark)
    if (!into.has(identifier)) into.set(identifier, node.url);
  } else if ('children' in node) {
    for (const child of node.children) collectDefinitions(child, into);
  }
}
