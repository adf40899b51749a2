/**
 * The host a record names, as the reports and `--hosts` count it: the
 * record's `host` part, lower-cased (a `mailto:` URL's is its address's
 * domain); URLs with no host (`news:`, `file:///x`) count under "(none)".
 */
import type { UrlRecord } from '../records/url-record.js';

/** The name URLs without a host are counted under. */
export const noHost = '(none)';

export function hostOf(record: Pick<UrlRecord, 'scheme' | 'parts'>): string {
  const parts = record.parts as { host?: string; address?: string };
  if (typeof parts.host === 'string' && parts.host !== '') return parts.host.toLowerCase();
  if (record.scheme === 'mailto' && typeof parts.address === 'string') {
    const at = parts.address.lastIndexOf('@');
    if (at !== -1 && at < parts.address.length - 1) return parts.address.slice(at + 1).toLowerCase();
  }
  return noHost;
}
