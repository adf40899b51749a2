/**
 * The HTML adapter as the mdast walk uses it (option `html`: `html` nodes
 * read for URL attributes and text), loaded only when a reading asks for it:
 * reading Markdown without `html` loads no HTML parser (htmlparser2, the
 * charset decoders).
 *
 * The plugin (`urlsift/remark`) loads it with itself, so that `runSync`
 * works with `html: true`. `scanMarkdown` loads it the first time `html`
 * is asked for: with `loadHtmlNodes()` (async) beforehand, or else at once,
 * as Node loads an ES module with `require` (Node 20.19 and later).
 */
import { createRequire } from 'node:module';
import type { UrlRecord } from '../../../records/url-record.js';
import type { ResolvedScanOptions } from '../../../scanner/scan-options.js';
import type { DocumentLinks } from '../plugin/options.js';
import type { HtmlNoteSink } from '../../html/html-notes.js';

/** The records of one `html` node's value, offsets in it (relative links resolved with `links`); the HTML adapter's notes to `onNote`, lines in the value. */
export type HtmlNodeReader = (value: string, options: ResolvedScanOptions, links: DocumentLinks | undefined, onNote: HtmlNoteSink) => UrlRecord[];

let loaded: HtmlNodeReader | undefined;

/** Keep `reader` for every later reading. */
export function useHtmlNodes(reader: HtmlNodeReader): void {
  loaded = reader;
}

/** Load the HTML adapter for the walk, once. */
export async function loadHtmlNodes(): Promise<HtmlNodeReader> {
  loaded ??= (await import('./html-node-reader.js')).readHtmlNode;
  return loaded;
}

/** The HTML adapter for the walk, loaded now if it is not yet. */
export function htmlNodes(): HtmlNodeReader {
  loaded ??= (createRequire(import.meta.url)('./html-node-reader.js') as typeof import('./html-node-reader.js')).readHtmlNode;
  return loaded;
}
