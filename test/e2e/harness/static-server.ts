import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { hostAnswer, type HostProfile } from './host-profiles.ts';
import type { AddressInfo, Socket } from 'node:net';
import { extname, normalize, resolve, sep } from 'node:path';
import { throttledLink, type Link } from './throttled-link.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A running static file server. */
export interface StaticServer {
  /** URL of the site's root, ending in `/`, e.g. `http://127.0.0.1:41234/halo/`. */
  url: string;
  /** Requests served so far, by path (for asserting what was fetched). */
  requests: string[];
  /** Paths asked for while the host was down (each got a dropped connection). */
  refused: string[];
  /** Bytes written to every connection so far, headers included: what the host sent over the network. */
  bytesSent(): number;
  /** Every request: its path, when it arrived (`Date.now()`), and once `finished`, the bytes of its response, headers included. */
  transfers: { path: string; at: number; bytes: number; finished: boolean }[];
  /** Takes the host away (every connection is dropped, as when a school server goes off) or brings it back. */
  setDown(down: boolean): void;
  /** Holds back the answers to requests whose path matches `path` (a stalled download) until `release()`. */
  hold(path: RegExp): { release(): void };
  /** Answers the next request whose path matches `path` with a 503, as a host that stumbles once. */
  failNext(path: RegExp): void;
  close(): Promise<void>;
}

/** How a static server behaves: its headers, and the network between it and the browser. */
export interface StaticServerOptions {
  /** The caching and compression headers of a kind of host (default `production`, which never compresses). */
  profile?: HostProfile;
  /** A slow link (bandwidth and latency) for every response. */
  link?: Link;
}

/**
 * Serves `dir` on 127.0.0.1 under the sub-path `prefix` (like a static host would), with the right
 * content types (`application/wasm` included) and the caching headers of the options' `profile` (by
 * default hashed assets cacheable for a long time, everything else revalidated, and nothing compressed,
 * like `python3 -m http.server` and many school servers: what a file weighs on disk it weighs on the wire).
 */
export function serveStatic(
  dir: string,
  prefix = '/halo/',
  { profile = 'production', link }: StaticServerOptions = {},
): Promise<StaticServer> {
  const slow = link ? throttledLink(link) : null;
  const root = resolve(dir);
  const requests: string[] = [];
  const refused: string[] = [];
  const transfers: StaticServer['transfers'] = [];
  let down = false;
  const holds: { path: RegExp; waiting: (() => void)[] | null }[] = [];
  const failing: RegExp[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (down) {
      refused.push(path);
      req.socket.destroy();
      return;
    }
    requests.push(path);
    const failure = failing.findIndex((pattern) => pattern.test(path));
    if (failure >= 0) {
      failing.splice(failure, 1);
      res.writeHead(503).end();
      return;
    }
    const transfer = { path, at: Date.now(), bytes: 0, finished: false };
    transfers.push(transfer);
    const before = req.socket.bytesWritten;
    // One request at a time per connection (HTTP/1.1, no pipelining): the difference is this response.
    res.once('close', () => Object.assign(transfer, { bytes: req.socket.bytesWritten - before, finished: true }));
    const held = holds.find((hold) => hold.waiting && hold.path.test(path));
    if (held) held.waiting?.push(() => serve(req, res, path));
    else serve(req, res, path);
  });
  const serve = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(resolve(root, `.${sep}${path.slice(prefix.length)}`));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = resolve(file, 'index.html');
      const answer = hostAnswer(profile, req, path, TYPES[extname(file)] ?? 'application/octet-stream', statSync(file));
      res.writeHead(answer.status, answer.headers);
      if (answer.status === 304) return void res.end();
      const body = answer.gzip ? createReadStream(file).pipe(createGzip()) : createReadStream(file);
      if (!slow) body.pipe(res);
      else void slow.delay().then(() => body.pipe(slow.pace()).pipe(res));
    } catch {
      res.writeHead(404).end();
    }
  };
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => sockets.add(socket));
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}${prefix}`,
        requests,
        refused,
        transfers,
        bytesSent: () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
        hold(path) {
          const hold: (typeof holds)[number] = { path, waiting: [] };
          holds.push(hold);
          return {
            release() {
              const waiting = hold.waiting ?? [];
              hold.waiting = null;
              for (const answer of waiting) answer();
            },
          };
        },
        failNext(path) {
          failing.push(path);
        },
        setDown(value) {
          down = value;
          // Kept-alive connections would otherwise still reach the host.
          if (value) server.closeAllConnections();
        },
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
