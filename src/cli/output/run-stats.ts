/**
 * What a run did, for `--stats` and the progress line: inputs, bytes, URLs by
 * scheme and by form, skipped inputs with their reasons, time, MB/s.
 */
import type { CliRow } from './cli-row.js';
import { escapeControls, safeJsonText } from './terminal-safe.js';
import type { ScanResult } from '../scan/scan-result.js';
import type { FilterCount } from '../url-filter.js';

/** What `urlsift check` found: distinct URLs by status, how many came from the cache, and the time the check took. */
export interface CheckCounts {
  checked: number;
  cached: number;
  ok: number;
  broken: number;
  excluded: number;
  skipped: number;
  seconds: number;
}

export class RunStats {
  readonly started = performance.now();
  inputs = 0;
  bytes = 0;
  /** gzip inputs: their bytes, and what they inflated to (scanned). */
  readonly gzip = { bytes: 0, inflated: 0 };
  urls = 0;
  failed = 0;
  readonly bySchemes = new Map<string, number>();
  readonly byForms = new Map<string, number>();
  /** HTML attribute records by element and attribute (`a href`, `img srcset`). */
  readonly byAttributes = new Map<string, number>();
  /** Inputs skipped on purpose (binary, compressed by a method not read), with why. */
  readonly skipped: Array<{ file: string; reason: string }> = [];
  /** Folders and paths that could not be read at all (not listable, too deep, missing). */
  readonly unread: string[] = [];
  /** Markdown read, and the part of it remark-parse read (the rest could hold no URL). */
  readonly markdown = { files: 0, bytes: 0, remarkBytes: 0 };
  /** Problems in the input, read past (mail: broken base64, an unknown charset…). */
  readonly problems: string[] = [];
  /** What each URL filter left out (set at the end of the run). */
  filters: FilterCount[] = [];
  /** `urlsift check`: what the check found (set at the end of the run). */
  check: CheckCounts | undefined;
  /** `urlsift check`, while it runs: distinct URLs checked, of those found so far (for the progress line). */
  checking: { checked: number; found: number } | undefined;

  /** @param byKind Count URLs by scheme, form and attribute (only `--stats` prints them). */
  constructor(private readonly byKind = true) {}

  add(result: ScanResult): void {
    this.inputs++;
    this.bytes += result.bytes;
    if (result.inflated !== undefined) {
      this.gzip.bytes += result.bytes;
      this.gzip.inflated += result.inflated;
    }
    this.urls += result.found;
    if (result.error !== undefined) this.failed++;
    if (result.skipped !== undefined) this.skipped.push({ file: result.name, reason: result.skipped });
    for (const note of result.notes) this.problems.push(note);
    if (result.markdown !== undefined) {
      this.markdown.files++;
      this.markdown.bytes += result.markdown.bytes;
      this.markdown.remarkBytes += result.markdown.remarkBytes;
    }
    this.count(result.rows);
  }

  /** Count rows by scheme and form (rows written as they came are counted as they pass). */
  count(rows: readonly CliRow[]): void {
    if (!this.byKind) return;
    for (const { record } of rows) {
      this.bySchemes.set(record.scheme, (this.bySchemes.get(record.scheme) ?? 0) + 1);
      this.byForms.set(record.form, (this.byForms.get(record.form) ?? 0) + 1);
      const attribute = (record as { attribute?: string }).attribute;
      if (attribute !== undefined) this.byAttributes.set(attribute, (this.byAttributes.get(attribute) ?? 0) + 1);
    }
  }

  /** Seconds since the run started. */
  get seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** Megabytes (10^6 bytes) per second so far: of the bytes scanned (what gzip inputs inflated to, not their compressed bytes). */
  get megabytesPerSecond(): number {
    const seconds = this.seconds;
    return seconds > 0 ? (this.bytes - this.gzip.bytes + this.gzip.inflated) / 1e6 / seconds : 0;
  }

  /** The `--stats` summary, lines for standard error. */
  summary(): string {
    const list = (counts: Map<string, number>) =>
      [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name, count]) => `${name} ${count}`).join(', ') ||
      'none';
    const lines = [
      `urlsift: ${this.inputs} files, ${this.bytes} bytes${this.gzip.bytes > 0 ? ` (${this.gzip.bytes} of gzip, inflated to ${this.gzip.inflated})` : ''}, ${this.urls} URLs in ${this.seconds.toFixed(2)} s (${this.megabytesPerSecond.toFixed(1)} MB/s)`,
      `urlsift: by scheme: ${list(this.bySchemes)}`,
      `urlsift: by form: ${list(this.byForms)}`,
      ...(this.byAttributes.size > 0 ? [`urlsift: by HTML attribute: ${list(this.byAttributes)}`] : []),
      ...(this.markdown.files > 0 ? [markdownLine(this.markdown)] : []),
      ...this.filterLines(),
      `urlsift: skipped: ${this.skipped.length}${this.failed > 0 ? `, failed: ${this.failed}` : ''}`,
      ...this.skipped.map(({ file, reason }) => `urlsift:   ${escapeControls(`${file}: ${reason}`)}`),
    ];
    if (this.unread.length > 0) {
      lines.push(`urlsift: not read: ${this.unread.length}`, ...this.unread.map((reason) => `urlsift:   ${escapeControls(reason)}`));
    }
    if (this.check !== undefined) lines.push(checkLine(this.check));
    return `${lines.join('\n')}\n`;
  }

  private filterLines(): string[] {
    if (this.filters.length === 0) return [];
    const total = this.filters.reduce((sum, filter) => sum + filter.count, 0);
    return [
      `urlsift: left out by URL filters: ${total}`,
      ...this.filters.map((filter) =>
        escapeControls(
          filter.kind === 'include'
            ? `urlsift:   ${filter.count} matched no --include-url pattern (${filter.pattern})`
            : `urlsift:   ${filter.count} by ${filter.origin} ${JSON.stringify(filter.pattern)}`,
        ),
      ),
    ];
  }

  /** The `--stats=json` summary: one JSON object on one line. */
  json(): string {
    const record = (counts: Map<string, number>) => Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
    const named = (lines: readonly string[]) =>
      lines.map((line) => {
        const at = line.indexOf(': ');
        return at === -1 ? { reason: line } : { file: line.slice(0, at), reason: line.slice(at + 2) };
      });
    const summary = {
      files: this.inputs,
      bytes: this.bytes,
      urls: this.urls,
      seconds: Number(this.seconds.toFixed(3)),
      megabytesPerSecond: Number(this.megabytesPerSecond.toFixed(2)),
      bySchemes: record(this.bySchemes),
      byForms: record(this.byForms),
      byAttributes: record(this.byAttributes),
      markdown: this.markdown,
      filters: this.filters.map(({ origin, pattern, kind, count }) => ({ origin, pattern, kind, leftOut: count })),
      leftOutByFilters: this.filters.reduce((sum, filter) => sum + filter.count, 0),
      skipped: this.skipped,
      failed: this.failed,
      notRead: named(this.unread),
      problems: named(this.problems),
      ...(this.check === undefined ? {} : { check: { ...this.check, seconds: Number(this.check.seconds.toFixed(3)) } }),
    };
    return `${safeJsonText(JSON.stringify(summary))}\n`;
  }
}

/** `--stats`: how much of the Markdown remark-parse read (the rest was passed over or read by the unit reader). */
function markdownLine({ files, bytes, remarkBytes }: { files: number; bytes: number; remarkBytes: number }): string {
  const share = bytes > 0 ? ((remarkBytes / bytes) * 100).toFixed(1) : '0.0';
  return `urlsift: Markdown: ${files} files, ${bytes} bytes, ${remarkBytes} bytes (${share}%) handed to remark, the rest could hold no URL or was read by urlsift's own Markdown reader`;
}

/** `--stats` of `urlsift check`: the distinct URLs checked, by status. */
function checkLine({ checked, cached, ok, broken, excluded, skipped, seconds }: CheckCounts): string {
  return `urlsift: checked ${checked} distinct URLs in ${seconds.toFixed(2)} s: ${ok} ok, ${broken} broken, ${excluded} excluded, ${skipped} skipped; ${cached} from the cache`;
}
