/**
 * Relative links resolved to URLs, the one rule for the HTML and Markdown
 * adapters: a reference is resolved against the document's URL (WHATWG URL
 * parsing), except that one starting with a single `/` is read against the
 * root's URL when there is one (`--root`: the folder a site is served
 * from), not against the document's origin. The record says it was
 * relative (`relative: true`); its `raw` stays what was written.
 */
import type { UrlRecord } from './url-record.js';

/**
 * `reference` resolved against `document`, or against `root` when it starts
 * with one `/` and `root` is given; undefined when it cannot be resolved.
 */
export function resolveReference(reference: string, document: string | URL, root?: string | URL): string | undefined {
  try {
    if (root !== undefined && reference.startsWith('/') && !reference.startsWith('//')) return new URL(`.${reference}`, root).href;
    return new URL(reference, document).href;
  } catch {
    return undefined;
  }
}

/** Mark `record` as found relative (its `url` resolved from what `raw` holds). */
export function markRelative<T extends UrlRecord>(record: T): T {
  record.relative = true;
  return record;
}
