/**
 * The link summary, built record by record: counts by host, scheme, kind and
 * input for every URL, and a list of distinct URLs with their places, up to
 * a limit. Memory follows the distinct URLs (their strings, as `--unique`
 * keeps them) and the hosts and inputs; the list, which holds places and
 * context, stops growing at `maxUrls` distinct URLs or `maxListCharacters`
 * characters, and the URLs past it are counted (`leftOut`), not kept.
 */
import type { MailRecord, UrlRecord } from '../records/url-record.js';
import { cutAtLineEnd, foundKindOf, foundKinds, isRejoined, type FoundKind } from './found-kind.js';
import { hostOf } from './host-of.js';
import type { LinkSummary, SummaryCount, SummaryHost, SummaryPlace, SummaryRun, SummaryUrl } from './link-summary.js';

export interface SummaryOptions {
  /**
   * Most distinct URLs listed with their places; the rest are counted in the
   * totals and charts, not listed.
   * @default 100_000
   */
  maxUrls?: number;
  /**
   * Most characters the list holds (URLs, context, file names of places,
   * other readings, error messages): a run of very long URLs stops listing
   * sooner.
   * @default 40_000_000
   */
  maxListCharacters?: number;
  /**
   * Most places kept for one URL (its `count` says how many there are).
   * @default 5
   */
  maxPlaces?: number;
  /**
   * Most inputs in `byFile` (those with the most URLs).
   * @default 1000
   */
  maxFiles?: number;
  /**
   * URLs worth a look (not valid, hyphen-ambiguous, rejoined) are listed
   * past `maxUrls`, up to this many of each; each `lookAt` list holds at
   * most this many items.
   * @default 1000
   */
  maxLookAt?: number;
}

/** Where a record was found, beside the record (the CLI's rows keep these apart). */
export interface SummaryWhere {
  /** The input's name; a record's own `file` (a maildir message) wins. */
  file?: string;
  /** Text around the URL. */
  context?: string;
  /**
   * Occurrences this record stands for (a row of `--unique`).
   * @default 1
   */
  count?: number;
}

export interface SummaryBuilder {
  /** Count one record. Records are expected input by input (an input's records together): inputs per URL and per host count changes of input. */
  add(record: UrlRecord, where?: SummaryWhere): void;
  /** The summary so far; `run`: the run's own figures (inputs read, bytes, skipped inputs), shown beside it. */
  summary(run?: SummaryRun): LinkSummary;
}

const defaults = { maxUrls: 100_000, maxListCharacters: 40_000_000, maxPlaces: 5, maxFiles: 1000, maxLookAt: 1000 } as const;

type ResolvedOptions = { -readonly [Key in keyof typeof defaults]: number };

function resolveOptions(options: SummaryOptions | undefined): ResolvedOptions {
  if (options === undefined) return { ...defaults };
  if (typeof options !== 'object' || options === null) throw new TypeError(`summary options must be an object, got ${String(options)}`);
  const resolved: ResolvedOptions = { ...defaults };
  for (const key of Object.keys(options)) {
    if (!(key in defaults)) throw new TypeError(`unknown summary option ${JSON.stringify(key)} (known: ${Object.keys(defaults).join(', ')})`);
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new TypeError(`summary option ${key} must be a whole number from 0, got ${String(value)}`);
    }
    resolved[key as keyof ResolvedOptions] = value;
  }
  return resolved;
}

interface Entry extends SummaryUrl {
  lastFile: string;
}

interface HostCount extends SummaryHost {
  lastFile: string | undefined;
  /** The first URL naming it (for hosts named once). */
  firstUrl: string;
  /** Distinct `http:` URLs naming it. */
  httpUrls: number;
  https: boolean;
}

class Summary implements SummaryBuilder {
  private readonly options: ResolvedOptions;
  private urls = 0;
  private mail = false;
  private listCharacters = 0;
  /** Distinct URLs listed, by URL. */
  private readonly listed = new Map<string, Entry>();
  /** Distinct URLs counted but not listed, with their occurrences. */
  private readonly unlisted = new Map<string, number>();
  private readonly hosts = new Map<string, HostCount>();
  private readonly schemes = new Map<string, number>();
  private readonly kinds = new Map<FoundKind, number>();
  private readonly files = new Map<string, number>();
  private readonly totals = { invalid: 0, hyphenAmbiguous: 0, rejoined: 0 };
  /** URLs worth a look listed past `maxUrls`. */
  private readonly extra = { invalid: 0, hyphenAmbiguous: 0, rejoined: 0 };

  constructor(options: SummaryOptions | undefined) {
    this.options = resolveOptions(options);
  }

  add(record: UrlRecord, where: SummaryWhere = {}): void {
    if (typeof record !== 'object' || record === null || typeof record.url !== 'string') throw new TypeError('add() takes a record (an object with a url)');
    const loose = record as UrlRecord & { file?: string; context?: string; count?: number };
    const count = where.count ?? loose.count ?? 1;
    const file = loose.file ?? where.file ?? '';
    const message = (record as Partial<MailRecord>).message;
    if (message !== undefined) this.mail = true;
    this.urls += count;
    this.files.set(file, (this.files.get(file) ?? 0) + count);
    this.schemes.set(record.scheme, (this.schemes.get(record.scheme) ?? 0) + count);
    const kind = foundKindOf(record);
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + count);

    const host = hostOf(record);
    let hostCount = this.hosts.get(host);
    if (hostCount === undefined) {
      hostCount = { host, urls: 0, distinctUrls: 0, files: 0, lastFile: undefined, firstUrl: record.url, httpUrls: 0, https: false };
      this.hosts.set(host, hostCount);
    }
    hostCount.urls += count;
    if (hostCount.lastFile !== file) {
      hostCount.files++;
      hostCount.lastFile = file;
    }
    if (record.scheme === 'https') hostCount.https = true;

    const entry = this.listed.get(record.url);
    if (entry !== undefined) {
      this.again(entry, record, file, count, where, loose.context);
      return;
    }
    const unlisted = this.unlisted.get(record.url);
    if (unlisted !== undefined) {
      this.unlisted.set(record.url, unlisted + count);
      return;
    }
    // a URL seen for the first time
    hostCount.distinctUrls++;
    if (record.scheme === 'http') hostCount.httpUrls++;
    if (!record.valid) this.totals.invalid++;
    if (kind === 'hyphen-ambiguous') this.totals.hyphenAmbiguous++;
    if (isRejoined(record)) this.totals.rejoined++;
    if (this.listsNew(record, kind)) {
      const first: Entry = {
        url: record.url,
        host,
        scheme: record.scheme,
        kind,
        valid: record.valid,
        errors: record.errors.map(({ code, message: text }) => ({ code, message: text })),
        alternatives: [...record.alternatives],
        count,
        files: 1,
        places: [],
        lastFile: file,
      };
      const context = where.context ?? loose.context;
      if (context !== undefined) first.context = context;
      if (isRejoined(record)) first.cut = cutAtLineEnd(record.raw);
      this.place(first, record, file);
      this.listed.set(record.url, first);
      this.listCharacters += record.url.length + (context?.length ?? 0) + first.alternatives.join('').length + first.errors.reduce((sum, error) => sum + error.message.length, 0);
    } else this.unlisted.set(record.url, count);
  }

  /** Is a URL seen for the first time listed? Under the limits, or worth a look and under `maxLookAt`. */
  private listsNew(record: UrlRecord, kind: FoundKind): boolean {
    const { maxUrls, maxListCharacters, maxLookAt } = this.options;
    if (this.listed.size - this.extra.invalid - this.extra.hyphenAmbiguous - this.extra.rejoined < maxUrls && this.listCharacters < maxListCharacters) return true;
    const worth = !record.valid ? 'invalid' : kind === 'hyphen-ambiguous' ? 'hyphenAmbiguous' : isRejoined(record) ? 'rejoined' : undefined;
    if (worth === undefined || this.extra[worth] >= maxLookAt) return false;
    this.extra[worth]++;
    return true;
  }

  /** Another occurrence of a listed URL. */
  private again(entry: Entry, record: UrlRecord, file: string, count: number, where: SummaryWhere, looseContext: string | undefined): void {
    entry.count += count;
    if (entry.lastFile !== file) {
      entry.files++;
      entry.lastFile = file;
    }
    this.place(entry, record, file);
    // an occurrence worth a look makes the URL worth a look
    if (entry.alternatives.length === 0 && record.alternatives.length > 0) {
      entry.alternatives = [...record.alternatives];
      this.totals.hyphenAmbiguous++;
    }
    if (entry.cut === undefined && isRejoined(record)) {
      entry.cut = cutAtLineEnd(record.raw);
      this.totals.rejoined++;
    }
    if (entry.context === undefined) {
      const context = where.context ?? looseContext;
      if (context !== undefined) entry.context = context;
    }
  }

  private place(entry: Entry, record: UrlRecord, file: string): void {
    if (entry.places.length >= this.options.maxPlaces) return;
    const place: SummaryPlace = { file, line: record.start.line, column: record.start.column };
    const mail = record as Partial<MailRecord>;
    if (mail.message !== undefined) place.message = mail.message.subject === undefined ? { index: mail.message.index } : { index: mail.message.index, subject: mail.message.subject };
    if (mail.position !== undefined) place.position = mail.position;
    entry.places.push(place);
    this.listCharacters += file.length + 16;
  }

  summary(run?: SummaryRun): LinkSummary {
    const { maxFiles, maxLookAt } = this.options;
    const byName = (a: { name: string; urls: number }, b: { name: string; urls: number }) => b.urls - a.urls || compare(a.name, b.name);
    const byHost: SummaryHost[] = [...this.hosts.values()]
      .map(({ host, urls, distinctUrls, files }) => ({ host, urls, distinctUrls, files }))
      .sort((a, b) => b.urls - a.urls || compare(a.host, b.host));
    const allFiles = [...this.files].map(([name, urls]) => ({ name, urls })).sort(byName);
    const byFile = allFiles.slice(0, maxFiles);
    const list: SummaryUrl[] = [];
    for (const entry of this.listed.values()) {
      const { lastFile: _, ...url } = entry;
      list.push(url);
    }
    const httpsHosts = new Set([...this.hosts.values()].filter((host) => host.https).map((host) => host.host));
    const upTo = <Item>(items: Item[]) => items.slice(0, maxLookAt);
    const singles = [...this.hosts.values()].filter((host) => host.urls === 1);
    const summary: LinkSummary = {
      urls: this.urls,
      distinctUrls: this.listed.size + this.unlisted.size,
      hosts: this.hosts.size,
      filesWithUrls: this.files.size,
      invalidUrls: this.totals.invalid,
      mail: this.mail,
      byHost,
      byScheme: [...this.schemes].map(([name, urls]) => ({ name, urls })).sort(byName),
      byKind: (Object.keys(foundKinds) as FoundKind[]).filter((kind) => this.kinds.has(kind)).map((kind) => ({ name: kind, urls: this.kinds.get(kind) as number })),
      byFile,
      list,
      lookAt: {
        invalid: { total: this.totals.invalid, items: upTo(list.filter((url) => !url.valid)) },
        hyphenAmbiguous: { total: this.totals.hyphenAmbiguous, items: upTo(list.filter((url) => url.alternatives.length > 0)) },
        rejoined: { total: this.totals.rejoined, items: upTo(list.filter((url) => url.cut !== undefined)) },
        httpAlsoHttps: {
          total: [...this.hosts.values()].reduce((sum, host) => sum + (host.https ? host.httpUrls : 0), 0),
          items: upTo(list.filter((url) => url.scheme === 'http' && httpsHosts.has(url.host))),
        },
        singleHosts: {
          total: singles.length,
          items: upTo(singles.map((host) => ({ host: host.host, url: host.firstUrl })).sort((a, b) => compare(a.host, b.host))),
        },
      },
      leftOut: {
        distinctUrls: this.unlisted.size,
        urls: [...this.unlisted.values()].reduce((sum, count) => sum + count, 0),
        files: allFiles.length - byFile.length,
        fileUrls: allFiles.slice(maxFiles).reduce((sum, file) => sum + file.urls, 0),
      },
    };
    if (run !== undefined) summary.run = run;
    return summary;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A summary fed record by record, for records that come as a stream (the
 * CLI's rows, `scanMail`, `scanStream`): `add` each, then `summary()`.
 */
export function createSummary(options?: SummaryOptions): SummaryBuilder {
  return new Summary(options);
}

/**
 * The link summary of `records`: totals, counts by host, scheme, kind and
 * input, distinct URLs with their places, and the URLs worth a look. Records
 * may carry `file` (a maildir message's, or a CLI row's), `context` and
 * `count` (a `--unique` row). An async iterable gives a promise.
 */
export function summarize(records: Iterable<UrlRecord>, options?: SummaryOptions): LinkSummary;
export function summarize(records: AsyncIterable<UrlRecord>, options?: SummaryOptions): Promise<LinkSummary>;
export function summarize(records: Iterable<UrlRecord> | AsyncIterable<UrlRecord>, options?: SummaryOptions): LinkSummary | Promise<LinkSummary> {
  const summary = new Summary(options);
  if (records !== null && typeof records === 'object' && Symbol.asyncIterator in records) {
    return (async () => {
      for await (const record of records) summary.add(record);
      return summary.summary();
    })();
  }
  if (records === null || typeof records !== 'object' || !(Symbol.iterator in records)) {
    throw new TypeError(`summarize() takes records (an iterable or async iterable), got ${records === null ? 'null' : typeof records}`);
  }
  for (const record of records) summary.add(record);
  return summary.summary();
}
