/**
 * Options of `checkUrls`, checked up front: misuse throws a precise
 * `TypeError` at once; what the network or the disk answers never does.
 * Times are in milliseconds, as elsewhere in JavaScript (the CLI takes
 * seconds and converts).
 */
import { booleanOption, checkOptionsObject } from '../scanner/scan-options.js';

export interface CheckOptions {
  /**
   * How long one request may take, from sending it to the end of what is
   * read of its answer, in milliseconds.
   * @default 10000
   */
  timeout?: number;
  /**
   * Requests in flight at once, over all hosts.
   * @default 64
   */
  maxConcurrency?: number;
  /**
   * Requests in flight at once to one host (a run stays polite to each).
   * @default 16
   */
  perHost?: number;
  /**
   * Retries of a request that failed in a way that may pass: a 5xx status,
   * a connection error, a timeout, a 429. Each waits twice as long as the
   * one before, from `retryDelay`; `Retry-After` is honoured for 429 and 503.
   * @default 2
   */
  retries?: number;
  /**
   * The wait before the first retry, in milliseconds (doubled each time).
   * @default 1000
   */
  retryDelay?: number;
  /**
   * The longest `Retry-After` waited for, in milliseconds; a server asking
   * for more makes the URL broken (`rate-limited`) at once.
   * @default 60000
   */
  maxRetryAfter?: number;
  /**
   * Redirects followed in a row; one more is `too-many-redirects`.
   * @default 10
   */
  maxRedirects?: number;
  /**
   * Check fragments: `#name` against the `id` and `name` attributes of an
   * HTML page, and against the heading slugs (GitHub's rules) of a Markdown
   * file.
   * @default true
   */
  fragments?: boolean;
  /**
   * The most bytes of a body read (after decompression), and only when a
   * fragment is to be found in it; past this the fragment is not checked
   * (a `note` says so).
   * @default 8388608 (8 MiB)
   */
  maxBodyBytes?: number;
  /**
   * Mark URLs whose host is a private, loopback or link-local address (or
   * `localhost`) `excluded` instead of checking them.
   * @default false
   */
  excludePrivate?: boolean;
  /**
   * The `User-Agent` header.
   * @default 'urlsift/VERSION (link check)'
   */
  userAgent?: string;
  /**
   * A file to keep results in between runs: `ok` results of HTTP(S) URLs
   * younger than `cacheMaxAge` are taken from it, not asked again, and the
   * file is written back at the end. Broken URLs are always asked again.
   * @default undefined (no cache)
   */
  cache?: string;
  /**
   * How long a cached result stays good, in milliseconds.
   * @default 86400000 (a day)
   */
  cacheMaxAge?: number;
  /**
   * Places kept per URL (`count` still counts them all).
   * @default 100
   */
  maxPlaces?: number;
  /**
   * Stops the run: requests in flight are aborted, and what is not checked
   * yet is not.
   */
  signal?: AbortSignal;
  /** Told how many distinct URLs are checked so far, and of how many found so far. */
  onProgress?: (checked: number, found: number) => void;
}

/** Options after validation, with defaults filled in. */
export interface ResolvedCheckOptions {
  timeout: number;
  maxConcurrency: number;
  perHost: number;
  retries: number;
  retryDelay: number;
  maxRetryAfter: number;
  maxRedirects: number;
  fragments: boolean;
  maxBodyBytes: number;
  excludePrivate: boolean;
  userAgent: string | undefined;
  cache: string | undefined;
  cacheMaxAge: number;
  maxPlaces: number;
  signal: AbortSignal | undefined;
  onProgress: ((checked: number, found: number) => void) | undefined;
}

export const checkDefaults = {
  timeout: 10_000,
  maxConcurrency: 64,
  perHost: 16,
  retries: 2,
  retryDelay: 1000,
  maxRetryAfter: 60_000,
  maxRedirects: 10,
  maxBodyBytes: 8 * 1024 * 1024,
  cacheMaxAge: 24 * 60 * 60 * 1000,
  maxPlaces: 100,
} as const;

const keys = new Set([
  'timeout',
  'maxConcurrency',
  'perHost',
  'retries',
  'retryDelay',
  'maxRetryAfter',
  'maxRedirects',
  'fragments',
  'maxBodyBytes',
  'excludePrivate',
  'userAgent',
  'cache',
  'cacheMaxAge',
  'maxPlaces',
  'signal',
  'onProgress',
]);

/** A number option from `min` (whole when `whole`); `fallback` when undefined. */
function numberOption(value: unknown, name: string, fallback: number, min: number, whole: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < min || (whole ? !Number.isInteger(value) : !Number.isFinite(value))) {
    throw new TypeError(`Expected option \`${name}\` to be ${whole ? 'a whole number' : 'a finite number'} of at least ${min}, got ${JSON.stringify(value) ?? typeof value}`);
  }
  return value;
}

function stringOption(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new TypeError(`Expected option \`${name}\` to be a string that is not empty`);
  return value;
}

/** Check options and fill in defaults. Throws `TypeError` on misuse. */
export function resolveCheckOptions(options: CheckOptions | undefined = {}): ResolvedCheckOptions {
  checkOptionsObject(options);
  for (const key of Object.keys(options)) {
    if (!keys.has(key)) throw new TypeError(`Unknown option \`${key}\`, expected one of: ${[...keys].map((k) => `\`${k}\``).join(', ')}`);
  }
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('Expected option `signal` to be an AbortSignal');
  const onProgress = options.onProgress;
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('Expected option `onProgress` to be a function');
  return {
    timeout: numberOption(options.timeout, 'timeout', checkDefaults.timeout, 1, false),
    maxConcurrency: numberOption(options.maxConcurrency, 'maxConcurrency', checkDefaults.maxConcurrency, 1, true),
    perHost: numberOption(options.perHost, 'perHost', checkDefaults.perHost, 1, true),
    retries: numberOption(options.retries, 'retries', checkDefaults.retries, 0, true),
    retryDelay: numberOption(options.retryDelay, 'retryDelay', checkDefaults.retryDelay, 0, false),
    maxRetryAfter: numberOption(options.maxRetryAfter, 'maxRetryAfter', checkDefaults.maxRetryAfter, 0, false),
    maxRedirects: numberOption(options.maxRedirects, 'maxRedirects', checkDefaults.maxRedirects, 0, true),
    fragments: booleanOption(options.fragments, 'fragments', true),
    maxBodyBytes: numberOption(options.maxBodyBytes, 'maxBodyBytes', checkDefaults.maxBodyBytes, 1, true),
    excludePrivate: booleanOption(options.excludePrivate, 'excludePrivate'),
    userAgent: stringOption(options.userAgent, 'userAgent'),
    cache: stringOption(options.cache, 'cache'),
    cacheMaxAge: numberOption(options.cacheMaxAge, 'cacheMaxAge', checkDefaults.cacheMaxAge, 0, false),
    maxPlaces: numberOption(options.maxPlaces, 'maxPlaces', checkDefaults.maxPlaces, 0, true),
    signal,
    onProgress,
  };
}
