/**
 * The HTML adapter, read for the walk (`html-nodes.ts` loads this module
 * when `html` is asked for).
 */
import type { UrlRecord } from '../../../records/url-record.js';
import type { ResolvedScanOptions } from '../../../scanner/scan-options.js';
import { htmlDefaults } from '../../html/html-options.js';
import { scanHtmlWhole } from '../../html/html-scanner.js';

/** The records of one `html` node's value, offsets in it. */
export function readHtmlNode(value: string, options: ResolvedScanOptions): UrlRecord[] {
  return scanHtmlWhole(value, htmlDefaults(options));
}
