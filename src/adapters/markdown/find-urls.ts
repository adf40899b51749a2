/**
 * Walk an mdast tree and find its URLs:
 *
 * - `link`, `image`, `definition` and autolinks (`<http://x>`,
 *   `<URL:http://x>` with the `URL:` dropped): the node's URL, form
 *   `markdown-link`, spanning the node;
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
import { scan } from '../../scanner/create-scanner.js';
import type { UrlRecord } from '../../url-record.js';
import { htmlDefaults } from '../html/html-options.js';
import { scanHtml } from '../html/html-scanner.js';
import { LineIndex } from './line-index.js';
import { MappedText } from './mapped-text.js';
import type { ResolvedOptions } from './options.js';
import { PhrasingRun } from './phrasing-run.js';
import { mapRecord, urlRecord } from './records.js';

/** A URL found in text that `link: true` may turn into a link. */
export interface LinkCandidate {
  run: PhrasingRun;
  /** The scanner's record, offsets in `run.text`. */
  found: UrlRecord;
}

export interface FoundUrls {
  /** Every record, in source order. */
  records: UrlRecord[];
  /** URLs in text outside links, for `link: true`, in source order. */
  candidates: LinkCandidate[];
}

/** Parents whose children are phrasing content. */
const phrasingParents = new Set(['paragraph', 'heading', 'tableCell']);
/** Phrasing nodes whose text joins the run around them. */
const transparent = new Set(['emphasis', 'strong', 'delete']);
/** Nodes never scanned. */
const skipped = new Set(['yaml', 'toml']);

const autolinkPrefix = /^url:/i;
const whitespace = /\s+/g;

export function findUrls(tree: Root, source: string, settings: ResolvedOptions): FoundUrls {
  const lines = new LineIndex(source);
  const records: UrlRecord[] = [];
  const candidates: LinkCandidate[] = [];
  let definitions: Map<string, string> | undefined;

  walkBlock(tree);
  records.sort((a, b) => a.start.offset - b.start.offset || a.end.offset - b.end.offset);
  return { records, candidates };

  /** A block: its phrasing content, or its children. */
  function walkBlock(node: Nodes): void {
    if (skipped.has(node.type)) return;
    if (node.type === 'definition') {
      addNode(node.url, node);
    } else if (node.type === 'code') {
      if (settings.code) scanLiteral(node.value, node, 'code');
    } else if (node.type === 'html') {
      if (settings.html) addHtml(node.value, node);
    } else if ('children' in node) {
      if (phrasingParents.has(node.type) || node.children.some((child) => isPhrasing(child))) walkPhrasing(node, undefined);
      else for (const child of node.children) walkBlock(child);
    }
  }

  /** The phrasing children of `parent`, as runs. `linkTarget`: inside a link's text. */
  function walkPhrasing(parent: Parent, linkTarget: string | undefined): void {
    let run = new PhrasingRun(source, parent, linkTarget);
    visit(parent, [parent]);
    flush();

    function visit(node: Parent, parents: Parent[]): void {
      for (const child of node.children as Nodes[]) {
        switch (child.type) {
          case 'text':
            run.addText(child, parents);
            break;
          case 'break':
            run.addBreak(child, parents);
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
              run.enter(child);
              visit(child, [...parents, child]);
              run.exit(child);
            } else {
              flush();
              if ('children' in child) walkBlock(child);
            }
        }
      }
    }

    /** Scan the run so far and start a new one. */
    function flush(): void {
      if (run.text.length === 0) return;
      // a link's text that is its target, broken across lines (as `link: true` leaves it)
      if (linkTarget !== undefined && run.text.replace(whitespace, '') === linkTarget) {
        run = new PhrasingRun(source, parent, linkTarget);
        return;
      }
      const found = scanText(run.text);
      for (const record of found) {
        // a URL that is both a link's text and its target is one record
        if (linkTarget !== undefined && (record.url === linkTarget || record.alternatives.includes(linkTarget))) continue;
        records.push(mapRecord(record, run, lines));
        if (linkTarget === undefined) candidates.push({ run, found: record });
      }
      // GFM autolink literals not covered by a record are links all the same
      for (const link of run.literalLinks) {
        const range = run.ranges.get(link);
        if (range === undefined) continue;
        const covered = found.some((record) => record.start.offset < range.to && record.end.offset > range.from);
        if (!covered) addNode(link.url, link);
      }
      run = new PhrasingRun(source, parent, linkTarget);
    }
  }

  /** A resource link or an autolink: its URL, then (resource links) its text. */
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
    const span = spanOf(node) ?? { from: 0, to: 0 };
    const record = urlRecord(url, 'markdown-link', span.from, span.to, lines, settings.resolvedScan);
    if (record !== undefined) records.push(record);
  }

  function addHtml(value: string, node: Nodes): void {
    const span = spanOf(node);
    const text = new MappedText(source);
    if (span === undefined) text.appendUnmapped(value);
    else text.appendLiteral(value, span.from, span.to, 'html');
    for (const record of scanHtml(value, htmlDefaults(settings.resolvedScan))) records.push(mapRecord(record, text, lines));
  }

  function scanLiteral(value: string, node: Nodes, kind: 'code' | 'inlineCode'): void {
    const span = spanOf(node);
    const text = new MappedText(source);
    if (span === undefined) text.appendUnmapped(value);
    else text.appendLiteral(value, span.from, span.to, kind);
    for (const record of scanText(value)) records.push(mapRecord(record, text, lines));
  }

  function scanText(text: string): UrlRecord[] {
    if (!mayHoldUrl(text)) return [];
    return scan(text, settings.scan);
  }

  /** Quick check before starting a scanner: every URL the scanner finds has one of these. */
  function mayHoldUrl(text: string): boolean {
    return (
      text.includes(':') ||
      (settings.resolvedScan.emails && text.includes('@')) ||
      (settings.resolvedScan.schemeless && text.includes('www.'))
    );
  }

  /** The URL of the definition a reference points to, to drop its text's duplicate. */
  function definitionUrl(reference: LinkReference): string | undefined {
    if (definitions === undefined) {
      definitions = new Map();
      collectDefinitions(tree, definitions);
    }
    return definitions.get(reference.identifier.toLowerCase()) ?? '';
  }

  /** How a link was written: `[text](url)`, `<url>`, or a GFM autolink literal. */
  function syntaxOf(link: Link): 'resource' | 'autolink' | 'literal' {
    const offset = link.position?.start.offset;
    if (offset === undefined) return 'resource';
    const first = source.charAt(offset);
    if (first === '[') return 'resource';
    if (first === '<') return 'autolink';
    return 'literal';
  }
}

function spanOf(node: Nodes): { from: number; to: number } | undefined {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  if (from === undefined || to === undefined) return undefined;
  return { from, to };
}

function isPhrasing(node: Nodes): boolean {
  return node.type === 'text' || node.type === 'break' || node.type === 'emphasis' || node.type === 'strong';
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
