/**
 * A run of `checkUrls`: URLs are taken as they come, each distinct URL once
 * (however many places hold it), and its check starts at once, within the
 * limits (`host-scheduler.ts`); results are given once the input is over
 * (only then are a URL's places all known), in the order the URLs were
 * first found. What is kept per distinct URL: the URL, its places (at most
 * `maxPlaces`), its count and its verdict; per document (a URL without
 * its fragment): its outcome, and the anchors read when a fragment asked.
 */
import { setMaxListeners } from 'node:events';
import type { Point } from '../records/url-record.js';
import { CheckCache, type CachedResult } from './check-cache.js';
import { checkError } from './check-error-codes.js';
import type { ResolvedCheckOptions } from './check-options.js';
import type { CheckResult, Place } from './check-result.js';
import { DocumentCheck, type DocumentSource, type Verdict } from './document-check.js';
import { checkFile } from './file-check.js';
import { anchorOf } from './fragment.js';
import { checkHttp, hostKey, type HttpCheckContext } from './http-check.js';
import { HttpClient } from './http-client.js';
import { mailtoProblem } from './mailto-check.js';
import { isPrivateHost } from './private-address.js';
import { HostScheduler } from './host-scheduler.js';
import { defaultUserAgent } from './user-agent.js';

/** What `checkUrls` takes: a URL, or a record (`url`, and `start` and `file` for its place). */
export type CheckTarget = string | { url: string; start?: Point; file?: string };

interface Entry {
  url: string;
  count: number;
  places: Place[];
  verdict: Promise<Verdict>;
}

/** The scheduler's name for local files: they share the limits with hosts. */
const localFiles = 'file:';

const schemeOf = /^([A-Za-z][A-Za-z\d+.-]*):/;

export class CheckRun {
  private readonly entries = new Map<string, Entry>();
  private order: Entry[] = [];
  private readonly documents = new Map<string, DocumentCheck>();
  private readonly hostNames = new Map<string, string>();
  /** Pages, read over HTTP(S); the URL is parsed again when its turn comes (a URL object per waiting page would cost more than its string). */
  private readonly pages: DocumentSource = {
    schedule: (document) => this.scheduler.add(document.host, document),
    fetch: (document, wanted) => checkHttp(new URL(document.key), wanted, this.http),
  };
  /** Local files. */
  private readonly files: DocumentSource = {
    schedule: (document) => this.scheduler.add(document.host, document),
    fetch: (document, wanted) => checkFile(new URL(document.key), wanted, this.options.maxBodyBytes),
  };
  private readonly scheduler: HostScheduler;
  private readonly client: HttpClient;
  private readonly http: HttpCheckContext;
  private readonly stop = new AbortController();
  private cache: CheckCache | undefined;
  private closed = false;
  /** Distinct URLs found, and of them checked. */
  private found = 0;
  private checked = 0;
  /** Why the cache could not be used, when that happened. */
  cacheProblem: string | undefined;

  constructor(private readonly options: ResolvedCheckOptions) {
    const signal = options.signal === undefined ? this.stop.signal : AbortSignal.any([options.signal, this.stop.signal]);
    // every wait between retries listens to it: as many as checks run at once
    setMaxListeners(0, signal);
    this.scheduler = new HostScheduler(options.maxConcurrency, options.perHost);
    this.client = new HttpClient({
      userAgent: options.userAgent ?? defaultUserAgent(),
      timeout: options.timeout,
      perHost: options.perHost,
      signal,
    });
    this.http = {
      client: this.client,
      retries: options.retries,
      retryDelay: options.retryDelay,
      maxRetryAfter: options.maxRetryAfter,
      maxRedirects: options.maxRedirects,
      maxBodyBytes: options.maxBodyBytes,
      pauseHost: (host, ms) => this.scheduler.pause(host, ms),
      downHosts: new Map(),
      signal,
    };
  }

  /** The results of `input`, in the order its URLs were first found, once it is over. */
  async *resultsOf(input: Iterable<CheckTarget> | AsyncIterable<CheckTarget>): AsyncGenerator<CheckResult> {
    try {
      await this.open();
      for await (const target of input as AsyncIterable<CheckTarget>) {
        if (this.options.signal?.aborted === true) return;
        this.add(target);
      }
      yield* this.results();
    } finally {
      await this.close();
    }
  }

  /** Read the cache, when there is one: before the first `add`. */
  async open(): Promise<void> {
    if (this.options.cache === undefined || this.cache !== undefined) return;
    this.cache = await CheckCache.open(this.options.cache, this.options.cacheMaxAge);
    this.cacheProblem = this.cache.problem;
  }

  /**
   * The results of what was added, in the order first found, once each is
   * checked; call once every URL is added. Ends early when the run's signal
   * aborts.
   */
  async *results(): AsyncGenerator<CheckResult> {
    const signal = this.options.signal;
    const stopped = new Promise<undefined>((resolve) => {
      if (signal?.aborted === true) resolve(undefined);
      signal?.addEventListener('abort', () => resolve(undefined), { once: true });
    });
    const order = this.order;
    this.order = [];
    for (let i = 0; i < order.length; i++) {
      const entry = order[i] as Entry;
      const verdict = await Promise.race([entry.verdict, stopped]);
      if (verdict === undefined) return;
      // given: nothing more of it is kept here
      order[i] = undefined as unknown as Entry;
      this.entries.delete(entry.url);
      yield resultOf(entry, verdict);
    }
  }

  /** Stop what runs, close connections, write the cache. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stop.abort();
    this.scheduler.stop();
    this.client.close();
    if (this.cache !== undefined) {
      await this.cache.save();
      this.cacheProblem = this.cache.problem;
    }
  }

  /** Take one URL found: a new one is checked at once, one seen before counts one more place. */
  add(target: CheckTarget): void {
    const record = typeof target === 'string' ? { url: target } : target;
    if (typeof record !== 'object' || record === null || typeof record.url !== 'string') {
      throw new TypeError('Expected each item to check to be a URL string or a record with a `url` string');
    }
    let entry = this.entries.get(record.url);
    if (entry === undefined) {
      entry = { url: record.url, count: 0, places: [], verdict: this.check(record.url) };
      this.entries.set(record.url, entry);
      this.order.push(entry);
      this.found++;
      const onProgress = this.options.onProgress;
      if (onProgress !== undefined) {
        void entry.verdict.then(() => {
          this.checked++;
          onProgress(this.checked, this.found);
        });
      }
    }
    entry.count++;
    if (record.start !== undefined && entry.places.length < this.options.maxPlaces) {
      const place: Place = { line: record.start.line, column: record.start.column };
      if (record.file !== undefined) place.file = record.file;
      entry.places.push(place);
    }
  }

  private check(url: string): Promise<Verdict> {
    const scheme = schemeOf.exec(url)?.[1]?.toLowerCase();
    if (scheme === 'http' || scheme === 'https') return this.checkHttp(url);
    if (scheme === 'file') return this.checkFile(url);
    if (scheme === 'mailto') {
      const error = mailtoProblem(url);
      return Promise.resolve(error === undefined ? { status: 'ok', redirects: [] } : { status: 'broken', redirects: [], error });
    }
    const reason = scheme === undefined ? 'not an absolute URL' : `${scheme}: URLs are not checked (HTTP, HTTPS, file: and mailto: are)`;
    return Promise.resolve({ status: 'skipped', redirects: [], reason });
  }

  private checkHttp(url: string): Promise<Verdict> {
    const parsed = parsedUrl(url);
    if (!(parsed instanceof URL)) return Promise.resolve(parsed);
    if (this.options.excludePrivate && isPrivateHost(parsed.hostname)) {
      return Promise.resolve({ status: 'excluded', redirects: [], reason: `${parsed.hostname} is a private or loopback address (exclude-private)` });
    }
    const fragments = this.options.fragments;
    const cache = this.cache;
    const cached = cache?.get(url, fragments);
    if (cached !== undefined) return Promise.resolve({ status: 'ok', ...cached, cached: true });
    const anchor = fragments ? anchorOf(parsed.hash) : undefined;
    parsed.hash = '';
    // the URL as found is the key when it is already the document's (one string, not two)
    const document = this.document(parsed.href === url ? url : parsed.href, this.hostName(parsed), this.pages);
    const verdict = document.verdict(anchor);
    if (cache === undefined) return verdict;
    return verdict.then((found) => {
      if (found.status === 'ok') {
        const kept: CachedResult = { redirects: found.redirects };
        if (found.code !== undefined) kept.code = found.code;
        if (found.note !== undefined) kept.note = found.note;
        cache.set(url, fragments, kept);
      }
      return found;
    });
  }

  private checkFile(url: string): Promise<Verdict> {
    const parsed = parsedUrl(url);
    if (!(parsed instanceof URL)) return Promise.resolve(parsed);
    const anchor = this.options.fragments ? anchorOf(parsed.hash) : undefined;
    parsed.hash = '';
    parsed.search = '';
    const document = this.document(parsed.href, localFiles, this.files);
    return document.verdict(anchor);
  }

  /** The document at `key` (a URL without its fragment), read by `source` in `host`'s turn. */
  private document(key: string, host: string, source: DocumentSource): DocumentCheck {
    let document = this.documents.get(key);
    if (document === undefined) {
      document = new DocumentCheck(key, host, source);
      this.documents.set(key, document);
    }
    return document;
  }

  /** The scheduler's name of `url`'s host, one string per host. */
  private hostName(url: URL): string {
    const key = hostKey(url);
    let name = this.hostNames.get(key);
    if (name === undefined) {
      name = key;
      this.hostNames.set(key, name);
    }
    return name;
  }
}

/** `url` parsed by the URL standard, or the verdict of a URL it cannot read. */
function parsedUrl(url: string): URL | Verdict {
  try {
    return new URL(url);
  } catch (error) {
    return { status: 'broken', redirects: [], error: checkError('invalid-url', (error as Error).message) };
  }
}

/** The result of `entry`, its fields always in one order (a JSON Lines row reads the same every time). */
function resultOf(entry: Entry, verdict: Verdict): CheckResult {
  const result = { url: entry.url, status: verdict.status } as CheckResult;
  if (verdict.code !== undefined) result.code = verdict.code;
  result.redirects = verdict.redirects;
  if (verdict.error !== undefined) result.error = verdict.error;
  if (verdict.reason !== undefined) result.reason = verdict.reason;
  if (verdict.note !== undefined) result.note = verdict.note;
  if (verdict.cached === true) result.cached = true;
  result.count = entry.count;
  result.places = entry.places;
  return result;
}
