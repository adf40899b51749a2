/**
 * The host a record names, as the reports and `--hosts` count it: the
 * record's `host` part, lower-cased (a `mailto:` URL's is its address's
 * domain, without a `?subject=…` query); URLs with no host (`news:`, `file:///x`) count under "(none)".
 */
import type { UrlRecord } from '../records/url-record.js';

/** The name URLs without a host are counted under. */
export const noHost = '(none)';

export function hostOf(record: Pick<UrlRecord, 'scheme' | 'parts'>): string {
  const parts = record.parts as { host?: string; address?: string };
  if (typeof parts.host === 'string' && parts.host !== '') return parts.host.toLowerCase();
  if (record.scheme === 'mailto' && typeof parts.address === 'string') {
    // the domain ends where RFC 6068's query (`?subject=…`) or a fragment starts
    const address = parts.address.replace(/[?#].*$/s, '');
    const at = address.lastIndexOf('@');
    if (at !== -1 && at < address.length - 1) return address.slice(at + 1).toLowerCase();
  }
  return noHost;
}
