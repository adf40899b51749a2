/**
 * The HTML adapter, read for the walk (`html-nodes.ts` loads this module
 * when `html` is asked for).
 */
import type { UrlRecord } from '../../../records/url-record.js';
import type { HtmlNoteSink } from '../../html/html-notes.js';
import type { ResolvedScanOptions } from '../../../scanner/scan-options.js';
import { htmlDefaults } from '../../html/html-options.js';
import { scanHtmlWhole } from '../../html/html-scanner.js';
import type { DocumentLinks } from '../plugin/options.js';

/** The records of one `html` node's value, offsets in it (relative links resolved with `links`); the HTML adapter's notes to `onNote`, lines in the value. */
export function readHtmlNode(value: string, options: ResolvedScanOptions, links: DocumentLinks | undefined, onNote: HtmlNoteSink): UrlRecord[] {
  return scanHtmlWhole(value, htmlDefaults(options, links, onNote));
}
