import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
};

/**
 * Answers a GET or HEAD for a file of the built site in `root` (a folder's `index.html` for the folder),
 * as a plain static host does: its content type, revalidated on every visit (the playground's service worker
 * keeps the offline copy). Nothing outside `root` is ever read.
 */
export function serveSiteFile(root: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return void res.writeHead(400).end();
  }
  const file = normalize(join(root, path));
  if (path.includes('\0') || (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)))
    return void res.writeHead(404).end();
  let target = file;
  try {
    if (statSync(target).isDirectory()) target = join(target, 'index.html');
    const size = statSync(target).size;
    res.writeHead(200, {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'content-length': String(size),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(target).pipe(res);
  } catch {
    if (!res.headersSent) res.writeHead(404).end();
  }
}
