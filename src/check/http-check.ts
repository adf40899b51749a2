/**
 * Check one HTTP(S) document: HEAD, or GET when its body is needed for a
 * fragment; GET where HEAD is refused or unreliable (any error status, or a
 * connection closed without an answer: the GET decides); redirects followed
 * (each hop reported), a loop or a chain longer than `maxRedirects` broken;
 * a 5xx, a timeout or a connection error tried again after `retryDelay`,
 * doubled each time, `retries` times; `Retry-After` honoured for 429 and
 * 503 (no new request to that host meanwhile), and a wait longer than
 * `maxRetryAfter` is `rate-limited` at once. A body is read only for a
 * fragment, only from an HTML or Markdown answer, and only until every
 * fragment asked for is found, or `maxBodyBytes`.
 */
import { checkError, type CheckError } from './check-error-codes.js';
import type { RedirectHop } from './check-result.js';
import { anchorKind, hasAnchor, type AnchorSet } from './fragment.js';
import { HtmlAnchors } from './html-anchors.js';
import { isFailure, type HttpAnswer, type HttpClient, type Method } from './http-client.js';
import { markdownAnchorsOf } from './markdown-anchors.js';
import { readBody } from './read-body.js';
import { retryAfterMs } from './retry-after.js';

export interface HttpOutcome {
  ok: boolean;
  /** The last status seen. */
  code?: number;
  redirects: RedirectHop[];
  error?: CheckError;
  /** The anchors read from the body, when a fragment asked for them. */
  anchors?: AnchorSet;
  /** Why the anchors could not be read (not HTML or Markdown, the body failed). */
  anchorsUnread?: string;
}

export interface HttpCheckContext {
  client: HttpClient;
  retries: number;
  retryDelay: number;
  maxRetryAfter: number;
  maxRedirects: number;
  maxBodyBytes: number;
  /** No new request to `host` during `ms` (`Retry-After`). */
  pauseHost(host: string, ms: number): void;
  /**
   * Hosts found unreachable (no such host, connection refused, a TLS
   * failure, no connection within the time limit), after retries: their
   * other URLs get the same error without a request, so a dead host named a
   * thousand times costs a few requests.
   */
  downHosts: Map<string, CheckError>;
  signal: AbortSignal | undefined;
}


/** Redirect statuses that carry a `Location`. */
const redirectCodes = new Set([301, 302, 303, 307, 308]);

/** Wait `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0 || signal?.aborted === true) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The host a request goes to, as `pauseHost` and the scheduler name it. */
export function hostKey(url: URL): string {
  return url.host.toLowerCase();
}

/** The media type and charset of a `Content-Type`. */
function contentType(value: string | undefined): { type: string | undefined; charset: string | undefined } {
  if (value === undefined) return { type: undefined, charset: undefined };
  const [type, ...parameters] = value.split(';');
  const charset = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.toLowerCase().startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  return { type: type?.trim().toLowerCase() || undefined, charset };
}

/**
 * Check `url` (no fragment). `wanted` is the live set of anchors asked of
 * this document: when it holds any as the check starts, the body is read for
 * them (and for any added while it is read).
 */
export async function checkHttp(url: URL, wanted: ReadonlySet<string>, context: HttpCheckContext): Promise<HttpOutcome> {
  const redirects: RedirectHop[] = [];
  const seen = new Set([url.href]);
  let current = url;
  const readsBody = wanted.size > 0;
  let method: Method = readsBody ? 'GET' : 'HEAD';
  let tries = 0;
  const retry = async (afterMs?: number): Promise<boolean> => {
    if (tries >= context.retries || context.signal?.aborted === true) return false;
    tries++;
    await sleep(afterMs ?? context.retryDelay * 2 ** (tries - 1) * (1 + Math.random() / 4), context.signal);
    return true;
  };
  for (;;) {
    const down = context.downHosts.get(hostKey(current));
    if (down !== undefined) return { ok: false, redirects, error: { code: down.code, message: `${down.message} (as for an earlier URL of this host; not asked again)` } };
    const answer = await context.client.request(current, method, readsBody);
    if (isFailure(answer)) {
      // a connection closed on HEAD: the server may not take HEAD; GET decides, without waiting
      if (method === 'HEAD' && answer.reset) {
        method = 'GET';
        continue;
      }
      if (answer.retryable && (await retry())) continue;
      if (answer.hostWide && context.signal?.aborted !== true) context.downHosts.set(hostKey(current), answer.error);
      return { ok: false, redirects, error: answer.error };
    }
    const status = answer.status;
    if (redirectCodes.has(status)) {
      answer.close();
      const location = answer.headers.location;
      let next: URL | undefined;
      try {
        next = location === undefined ? undefined : new URL(location, current);
      } catch {
        next = undefined;
      }
      if (next === undefined || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
        const why = location === undefined ? `${status} without a Location` : `${status} to ${JSON.stringify(location)}`;
        return { ok: false, code: status, redirects, error: checkError('bad-redirect', why) };
      }
      next.hash = '';
      redirects.push({ url: current.href, code: status, location: next.href });
      if (seen.has(next.href)) return { ok: false, code: status, redirects, error: checkError('redirect-loop', next.href) };
      if (redirects.length > context.maxRedirects) {
        return { ok: false, code: status, redirects, error: checkError('too-many-redirects', `more than ${context.maxRedirects}`) };
      }
      seen.add(next.href);
      current = next;
      tries = 0;
      continue;
    }
    if (status >= 200 && status < 300) {
      if (!readsBody || method !== 'GET') {
        answer.close();
        return { ok: true, code: status, redirects };
      }
      return { ok: true, code: status, redirects, ...(await readAnchors(answer, current, wanted, context.maxBodyBytes)) };
    }
    answer.close();
    if (status === 429 || status === 503) {
      const wait = retryAfterMs(answer.headers['retry-after']);
      if (wait !== undefined) {
        if (wait > context.maxRetryAfter) {
          return { ok: false, code: status, redirects, error: checkError('rate-limited', `Retry-After of ${Math.ceil(wait / 1000)} s`) };
        }
        context.pauseHost(hostKey(current), wait);
        if (await retry(wait)) continue;
        return { ok: false, code: status, redirects, error: checkError(status === 429 ? 'rate-limited' : 'http-status', String(status)) };
      }
    }
    // HEAD is refused (405, 501) or unreliable on many servers: GET decides
    if (method === 'HEAD' && status >= 400 && status !== 429) {
      method = 'GET';
      continue;
    }
    if ((status >= 500 || status === 429) && (await retry())) continue;
    return { ok: false, code: status, redirects, error: checkError(status === 429 ? 'rate-limited' : 'http-status', String(status)) };
  }
}

/** Read the anchors of a page for the fragments in `wanted`: as far as needed, never past `limit` bytes. */
async function readAnchors(answer: HttpAnswer, url: URL, wanted: ReadonlySet<string>, limit: number): Promise<Pick<HttpOutcome, 'anchors' | 'anchorsUnread'>> {
  const { type, charset } = contentType(answer.headers['content-type']);
  const kind = anchorKind(url.pathname, type);
  if (kind === undefined) {
    answer.close();
    return { anchorsUnread: `the fragment is not checked: the page is ${type ?? 'of no stated type'}, not HTML or Markdown` };
  }
  const anchors = new Set<string>();
  const encoding = answer.headers['content-encoding'];
  try {
    if (kind === 'html') {
      const reader = new HtmlAnchors((anchor) => anchors.add(anchor));
      const reading = await readBody(answer.body, encoding, charset, limit, (text) => {
        reader.write(text);
        // enough once every fragment asked for is found (so far: the set may grow while the body is read)
        return allFound(wanted, anchors);
      });
      if (reading.complete) reader.end();
      return { anchors: anchorSet(anchors, 'html', reading, limit) };
    }
    let text = '';
    const reading = await readBody(answer.body, encoding, charset, limit, (piece) => {
      text += piece;
      return false;
    });
    if (reading.error === undefined) for (const anchor of await markdownAnchorsOf(text)) anchors.add(anchor);
    return { anchors: anchorSet(anchors, 'markdown', reading, limit) };
  } finally {
    answer.close();
  }
}

function allFound(wanted: ReadonlySet<string>, anchors: Set<string>): boolean {
  const set: AnchorSet = { anchors, kind: 'html', complete: false };
  for (const anchor of wanted) if (!hasAnchor(set, anchor)) return false;
  return true;
}

function anchorSet(anchors: Set<string>, kind: 'html' | 'markdown', reading: { complete: boolean; truncated: boolean; error?: string }, limit: number): AnchorSet {
  const set: AnchorSet = { anchors, kind, complete: reading.complete };
  if (reading.truncated) set.unreadable = `only the first ${limit} bytes of the page were read`;
  else if (reading.error !== undefined) set.unreadable = `reading the page failed: ${reading.error}`;
  return set;
}
