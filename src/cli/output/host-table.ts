/**
 * `--hosts`: each host with how many URLs name it and in how many files,
 * most first. The host is the record's `host` part, lower-cased (a
 * `mailto:` URL's is its address's domain); URLs with no host (`news:`,
 * `file:///x`) count under "(none)". Memory follows the number of hosts,
 * not of URLs: rows come in input order, so a host's files are counted
 * without a set of them. With `--unique`, each distinct URL counts once (the
 * files are still every file that names the host).
 */
import { hostOf, noHost } from '../../report/host-of.js';
import type { CliRow } from './cli-row.js';
import { csvCell } from './output-format.js';
import { escapeControls, safeJsonText } from './terminal-safe.js';

/** How a record's host is told: the reports' rule (`src/report/host-of.ts`). */
export { hostOf, noHost };

interface HostCount {
  urls: number;
  files: number;
  lastFile: string | undefined;
}

export interface HostRow {
  host: string;
  urls: number;
  files: number;
}

export class HostTable {
  private readonly hosts = new Map<string, HostCount>();

  /** Count `row`: `urls` is how many URLs it counts for (0 for a URL seen before, with `--unique`). */
  add(row: CliRow, urls = 1): void {
    const host = hostOf(row.record);
    let count = this.hosts.get(host);
    if (count === undefined) {
      count = { urls: 0, files: 0, lastFile: undefined };
      this.hosts.set(host, count);
    }
    count.urls += urls;
    if (count.lastFile !== row.file) {
      count.files++;
      count.lastFile = row.file;
    }
  }

  /** Hosts, most URLs first, then by name. */
  rows(): HostRow[] {
    return [...this.hosts]
      .map(([host, count]) => ({ host, urls: count.urls, files: count.files }))
      .sort((a, b) => b.urls - a.urls || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  }
}

/** The table as text: a header, then `URLS  FILES  HOST` lines, numbers right-aligned. */
export function hostTableText(rows: readonly HostRow[]): string {
  const urlsWidth = Math.max(4, ...rows.map((row) => String(row.urls).length));
  const filesWidth = Math.max(5, ...rows.map((row) => String(row.files).length));
  const lines = [`${'URLS'.padStart(urlsWidth)}  ${'FILES'.padStart(filesWidth)}  HOST`];
  for (const row of rows) lines.push(`${String(row.urls).padStart(urlsWidth)}  ${String(row.files).padStart(filesWidth)}  ${escapeControls(row.host)}`);
  return `${lines.join('\n')}\n`;
}

/** The table in `format`: text, JSON Lines (a row a host), one JSON array, or CSV. */
export function hostTableIn(format: string, rows: readonly HostRow[]): string {
  if (format === 'text') return hostTableText(rows);
  const json = rows.map((row) => safeJsonText(JSON.stringify(row)));
  if (format === 'jsonl') return json.map((line) => `${line}\n`).join('');
  if (format === 'json') return rows.length === 0 ? '[]\n' : `[\n${json.join(',\n')}\n]\n`;
  return `host,urls,files\n${rows.map((row) => `${csvCell(row.host)},${row.urls},${row.files}\n`).join('')}`;
}
