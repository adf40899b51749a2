/**
 * `checkUrls` as the package exports it: arguments are checked at once, and
 * the checker (node:http, node:https, the HTML and Markdown readers) is
 * loaded only when it is first iterated, so `import { scan } from 'urlsift'`
 * stays light.
 */
import { resolveCheckOptions, type CheckOptions } from './check-options.js';
import type { CheckResult } from './check-result.js';
import type { CheckTarget } from './check-run.js';

/**
 * Check each distinct URL of `records` once: HTTP(S) by request (HEAD, GET
 * when needed; redirects followed, retries with backoff, `Retry-After`
 * honoured), fragments against the target's anchors, `file:` URLs on disk,
 * `mailto:` as an address; other schemes are `skipped`. `records` are URL
 * strings or records (`url`, and `start`, `file` for their places), as
 * `scan`, `scanMail`, `scanHtml` and the remark plugin give them, in an
 * iterable or an async iterable. Results come once the input is over, one
 * per distinct URL, in the order first found. Misuse throws `TypeError` at
 * once; what a server does never throws.
 */
export function checkUrls(
  records: Iterable<CheckTarget> | AsyncIterable<CheckTarget>,
  options?: CheckOptions,
): AsyncIterable<CheckResult> {
  const resolved = resolveCheckOptions(options);
  if (records === null || typeof records !== 'object' || !(Symbol.iterator in records || Symbol.asyncIterator in records)) {
    throw new TypeError('Expected records to be an iterable or an async iterable of URL strings or records');
  }
  return (async function* () {
    const { CheckRun } = await import('./check-run.js');
    yield* new CheckRun(resolved).resultsOf(records);
  })();
}
