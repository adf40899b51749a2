/**
 * The records of a tree remark read from a whole text: what `urlsift/remark`
 * puts in `file.data.urls`, and what `scanMarkdown` takes from a part it
 * hands to remark. micromark drops a leading byte order mark and counts
 * positions without it; records count it, as every adapter's do. With
 * `strict`, only URLs valid by RFC 1738 are kept (every URL is still found
 * and told).
 */
import type { Root } from 'mdast';
import type { UrlRecord } from '../../../records/url-record.js';
import type { ResolvedOptions } from '../plugin/options.js';
import { shiftedPastByteOrderMark, withoutByteOrderMark } from './byte-order-mark.js';
import { findUrls, type FoundUrls } from './find-urls.js';

export interface TreeRecords {
  /** The walk's finds, placed in `source`. */
  found: FoundUrls;
  /** The text without its byte order mark, as micromark read it. */
  source: string;
  /** The records, placed in the text as given. */
  records: UrlRecord[];
}

export function treeRecords(tree: Root, text: string, settings: ResolvedOptions): TreeRecords {
  const source = withoutByteOrderMark(text);
  const found = findUrls(tree, source, settings);
  const records = shiftedPastByteOrderMark(found.records, text);
  return { found, source, records: settings.strict ? records.filter((record) => record.valid) : records };
}
