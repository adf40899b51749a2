/**
 * A web server for link-check tests, on 127.0.0.1 only (a port of the
 * system's choosing): each route is a function of the request and of how
 * many times its path was asked for. It counts requests by path, keeps
 * their methods, headers and times, the bytes each path's answers wrote,
 * and the most requests it ever had in flight.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export type Route = (request: http.IncomingMessage, response: http.ServerResponse, hit: number) => void;

export interface Seen {
  method: string;
  path: string;
  userAgent: string | undefined;
  at: number;
}

export class CheckServer {
  readonly seen: Seen[] = [];
  /** Bytes the answers to each path wrote (what reached the socket, not what the client read). */
  readonly bytes = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  private readonly hits = new Map<string, number>();

  private constructor(
    private readonly server: http.Server,
    readonly base: string,
  ) {}

  static async start(routes: Record<string, Route>): Promise<CheckServer> {
    let self: CheckServer | undefined;
    const server = http.createServer((request, response) => {
      const that = self as CheckServer;
      const path = (request.url ?? '/').replace(/\?.*$/, '');
      const hit = (that.hits.get(path) ?? 0) + 1;
      that.hits.set(path, hit);
      that.seen.push({ method: request.method ?? '', path, userAgent: request.headers['user-agent'], at: Date.now() });
      that.inFlight++;
      that.maxInFlight = Math.max(that.maxInFlight, that.inFlight);
      response.on('close', () => that.inFlight--);
      const route = routes[path];
      if (route === undefined) {
        response.writeHead(404).end();
        return;
      }
      route(request, response, hit);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new CheckServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  url(path: string): string {
    return this.base + path;
  }

  /** Requests for `path` (whatever their method). */
  count(path: string): number {
    return this.seen.filter((request) => request.path === path).length;
  }

  methods(path: string): string[] {
    return this.seen.filter((request) => request.path === path).map((request) => request.method);
  }

  addBytes(path: string, count: number): void {
    this.bytes.set(path, (this.bytes.get(path) ?? 0) + count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** An answer with `status`, optional headers and body. */
export function answer(status: number, headers: http.OutgoingHttpHeaders = {}, body = ''): Route {
  return (_request, response) => response.writeHead(status, headers).end(body);
}

/** An HTML page. */
export function page(html: string): Route {
  return answer(200, { 'content-type': 'text/html; charset=utf-8' }, html);
}

/**
 * `size` bytes of HTML written with back-pressure (never faster than the
 * socket takes them); what was written is counted under `path`.
 */
export function endlessBody(server: () => CheckServer, path: string, size: number, head: Route = answer(200)): Route {
  return (request, response, hit) => {
    if (request.method === 'HEAD') return head(request, response, hit);
    response.writeHead(200, { 'content-type': 'text/html', 'content-length': size });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let closed = false;
    response.on('close', () => (closed = true));
    const pump = () => {
      while (!closed && written < size) {
        written += chunk.byteLength;
        server().addBytes(path, chunk.byteLength);
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!closed) response.end();
    };
    response.write('<!DOCTYPE html><p id="start">');
    pump();
  };
}

/**
 * A gzip bomb: gzip members of 10 MiB of spaces each (about 10 KB
 * compressed), one after another without end, with back-pressure.
 */
export function gzipBomb(server: () => CheckServer, path: string): Route {
  const member = zlib.gzipSync(Buffer.concat([Buffer.from('<!DOCTYPE html><p id="start">'), Buffer.alloc(10 * 1024 * 1024, ' ')]));
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    let closed = false;
    response.on('close', () => (closed = true));
    const pump = () => {
      while (!closed) {
        server().addBytes(path, member.byteLength);
        if (!response.write(member)) {
          response.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}
