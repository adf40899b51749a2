/**
 * One HTTP(S) request at a time, as the check needs it: a time limit for
 * the whole exchange (from sending to the end of what is read), keep-alive
 * connections shared within a run (at most `perHost` to one origin), the
 * run's `User-Agent`, and failures as data (`CheckError`) saying whether
 * trying again may help. Node's own `http` and `https`: the body is read
 * only when asked, and never decompressed behind our back.
 */
import http from 'node:http';
import https from 'node:https';
import { checkError, type CheckError } from './check-error-codes.js';

export type Method = 'HEAD' | 'GET';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body; read it (`read-body.ts`) or leave it, then call `close`. */
  body: http.IncomingMessage;
  /** Ends the exchange: the time limit is lifted and what is left of the body discarded. */
  close(): void;
}

export interface HttpFailure {
  error: CheckError;
  /** Trying again may help (a reset, a timeout, a refused connection). */
  retryable: boolean;
  /** The connection was closed without an answer (a server may do that to HEAD). */
  reset: boolean;
  /**
   * The failure concerns the host, not this URL: no such host, a refused
   * connection, a TLS failure, no connection within the time limit.
   */
  hostWide: boolean;
}

export interface HttpClientOptions {
  userAgent: string;
  /** Milliseconds for one exchange. */
  timeout: number;
  perHost: number;
  signal: AbortSignal | undefined;
}

/** Node's error codes for a certificate or TLS failure (no retry helps). */
const tlsCode = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

export class HttpClient {
  private readonly agents: { http: http.Agent; https: https.Agent };
  /** Requests in flight: the run's signal ends them all (one listener, not one per request). */
  private readonly active = new Set<http.ClientRequest>();
  private stopped = false;

  constructor(private readonly options: HttpClientOptions) {
    // no `maxTotalSockets`: idle keep-alive connections to one host would hold back requests to another
    // until the server closed them (the scheduler keeps the overall limit)
    const agentOptions = { keepAlive: true, maxSockets: options.perHost };
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
    const signal = options.signal;
    const stop = () => {
      this.stopped = true;
      for (const request of this.active) request.destroy();
    };
    if (signal?.aborted === true) this.stopped = true;
    else signal?.addEventListener('abort', stop, { once: true });
  }

  /** Send `method` to `url`; resolves with the answer's head, or a failure. */
  request(url: URL, method: Method, readsBody: boolean): Promise<HttpAnswer | HttpFailure> {
    if (this.stopped) return Promise.resolve(failureOf(new Error('stopped'), false, true, false));
    const secure = url.protocol === 'https:';
    const headers: http.OutgoingHttpHeaders = {
      'user-agent': this.options.userAgent,
      accept: 'text/html,application/xhtml+xml,text/markdown;q=0.9,*/*;q=0.8',
      'accept-encoding': readsBody ? 'gzip, deflate, br' : 'identity',
    };
    return new Promise((resolve) => {
      let settled = false;
      let timedOut = false;
      /** A connection was made (a reused one counts): a time-out after it is this URL's, before it the host's. */
      let connected = false;
      let request: http.ClientRequest;
      const done = () => {
        clearTimeout(timer);
        this.active.delete(request);
      };
      const fail = (error: unknown) => {
        done();
        if (settled) return;
        settled = true;
        resolve(failureOf(error, timedOut, this.stopped, connected));
      };
      // the time limit covers the whole exchange: the answer's head, and what is read of its body
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy();
      }, this.options.timeout);
      try {
        request = (secure ? https : http).request(url, { method, headers, agent: secure ? this.agents.https : this.agents.http });
      } catch (error) {
        fail(error);
        return;
      }
      this.active.add(request);
      request.on('error', fail);
      request.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      request.on('response', (body) => {
        if (settled) {
          body.destroy();
          return;
        }
        settled = true;
        // an error while the body is read (a timeout, a reset) ends the read, not the process
        body.on('error', () => {});
        resolve({
          status: body.statusCode ?? 0,
          headers: body.headers,
          body,
          close() {
            done();
            // an answer read to its end (HEAD has no body) gives its connection back to the pool
            // once consumed; any other is closed
            if (method === 'HEAD' || body.complete) body.resume();
            else body.destroy();
          },
        });
      });
      request.end();
    });
  }

  /** Close every connection. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** Is `answer` a failure? */
export function isFailure(answer: HttpAnswer | HttpFailure): answer is HttpFailure {
  return 'error' in answer;
}

/** What a failed request means for the check. */
export function failureOf(error: unknown, timedOut: boolean, stopped: boolean, connected: boolean): HttpFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = (error as Error | undefined)?.message ?? String(error);
  const failure = (checkError: CheckError, retryable: boolean, hostWide = false, reset = false): HttpFailure => ({ error: checkError, retryable, reset, hostWide });
  if (timedOut) return connected ? failure(checkError('timeout'), true) : failure(checkError('timeout', 'no connection'), true, true);
  if (stopped) return failure(checkError('connection-failed', 'the run was stopped'), false);
  if (code === 'ECONNRESET' || code === 'EPIPE') return failure(checkError('connection-reset', message), true, false, true);
  if (code === 'ECONNREFUSED') return failure(checkError('connection-refused', message), true, true);
  if (code === 'ENOTFOUND') return failure(checkError('host-not-found', message), false, true);
  if (code === 'EAI_AGAIN') return failure(checkError('host-not-found', message), true, true);
  if (tlsCode.test(code)) return failure(checkError('tls', `${code}: ${message}`), false, true);
  if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_CHAR' || code === 'ERR_UNESCAPED_CHARACTERS' || error instanceof TypeError) {
    return failure(checkError('invalid-url', message), false);
  }
  return failure(checkError('connection-failed', code === '' ? message : `${code}: ${message}`), true);
}
