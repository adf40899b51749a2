/**
 * What `checkUrls` gives: one result per distinct URL, with where it was
 * found. Plain data: a result is one JSON Lines row of `urlsift check`.
 */
import type { CheckError } from './check-error-codes.js';

/**
 * - `ok`: the URL leads somewhere (after its redirects), and its fragment,
 *   when checked, is there;
 * - `broken`: it does not (`error` says why);
 * - `excluded`: left out on purpose (`--exclude-private`); `reason` says why;
 * - `skipped`: a scheme with no check (`ftp:`, `news:`…); `reason` says why.
 */
export const checkStatuses = ['ok', 'broken', 'excluded', 'skipped'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** One place a URL was found. */
export interface Place {
  /** The input's name, when the record came with one. */
  file?: string;
  line: number;
  column: number;
}

/** One hop of a redirect chain: the URL that answered, its status, and where it sent the check. */
export interface RedirectHop {
  url: string;
  code: number;
  location: string;
}

export interface CheckResult {
  /** The URL as found (the first spelling seen). */
  url: string;
  status: CheckStatus;
  /** The last HTTP status seen, when the check asked a server. */
  code?: number;
  /** The redirects followed, in order: each URL that redirected and its status. */
  redirects: RedirectHop[];
  /** Why it is broken. */
  error?: CheckError;
  /** Why it was skipped or excluded. */
  reason?: string;
  /** Something to know about an `ok` result (a fragment that could not be checked, and why). */
  note?: string;
  /** The result came from the cache (`cache` option), not from a request of this run. */
  cached?: true;
  /** How many times the URL was found. */
  count: number;
  /** Where it was found, in the order found (at most `maxPlaces` of them; `count` says how many in all). */
  places: Place[];
}
