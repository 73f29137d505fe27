import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createGzip } from 'node:zlib';
import { hostAnswer, type HostProfile } from './host-profiles.ts';
import type { AddressInfo } from 'node:net';
import { extname, normalize, resolve, sep } from 'node:path';

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
  /** Takes the host away (every connection is dropped, as when a school server goes off) or brings it back. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 under the sub-path `prefix` (like a static host would), with the right
 * content types (`application/wasm` included) and the caching headers of `profile` (by default hashed
 * assets cacheable for a long time, everything else revalidated, as a production host would configure it).
 */
export function serveStatic(dir: string, prefix = '/halo/', profile: HostProfile = 'production'): Promise<StaticServer> {
  const root = resolve(dir);
  const requests: string[] = [];
  const refused: string[] = [];
  let down = false;
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (down) {
      refused.push(path);
      req.socket.destroy();
      return;
    }
    requests.push(path);
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
      if (answer.status === 304) res.end();
      else if (answer.gzip) createReadStream(file).pipe(createGzip()).pipe(res);
      else createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}${prefix}`,
        requests,
        refused,
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
