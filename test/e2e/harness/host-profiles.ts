import type { Stats } from 'node:fs';
import type { IncomingMessage } from 'node:http';

/**
 * How a static host answers, as the playground meets them in the wild:
 * - `production`: hashed assets cacheable for a year, everything else `no-cache` (a tuned host);
 * - `plain`: only type, length and `Last-Modified`, with 304s (python's `http.server`);
 * - `vary`: `Vary: Origin`, `Cache-Control: no-cache` and CORS headers on every file (as `vite preview` does);
 * - `vary-star`: the same with `Vary: *` (some frameworks' static handlers), which no stored request matches;
 * - `nginx`: nginx's defaults with `gzip on` — ETag and `Last-Modified` with 304s, text gzipped with
 *   `Vary: Accept-Encoding` and no length (Apache's defaults are the same without gzip).
 */
export type HostProfile = 'production' | 'plain' | 'vary' | 'vary-star' | 'nginx';

/** What a profile answers for one file. */
export interface HostAnswer {
  status: 200 | 304;
  headers: Record<string, string | number>;
  /** Send the body gzipped (chunked, as nginx streams it). */
  gzip: boolean;
}

/** Types nginx's default `gzip_types` plus the usual additions compress; wasm and fonts are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg)/;

/** The answer of `profile` for a file of `type` and `stat`, requested by `req` at `path`. */
export function hostAnswer(profile: HostProfile, req: IncomingMessage, path: string, type: string, stat: Stats): HostAnswer {
  const modified = stat.mtime.toUTCString();
  switch (profile) {
    case 'production':
      return ok({
        'content-type': type,
        'content-length': stat.size,
        'cache-control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    case 'plain': {
      const headers = { 'content-type': type, 'last-modified': modified };
      if (req.headers['if-modified-since'] === modified) return { status: 304, headers, gzip: false };
      return ok({ ...headers, 'content-length': stat.size });
    }
    case 'vary':
    case 'vary-star': {
      const origin = req.headers.origin;
      return ok({
        'content-type': type,
        'content-length': stat.size,
        vary: profile === 'vary' ? 'Origin' : '*',
        'cache-control': 'no-cache',
        'last-modified': modified,
        etag: `W/"${stat.size}-${stat.mtimeMs}"`,
        ...(origin ? { 'access-control-allow-origin': origin } : {}),
      });
    }
    case 'nginx': {
      const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const strong = `"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`;
      // nginx weakens the ETag of a body it compresses on the fly.
      const etag = gzip ? `W/${strong}` : strong;
      const headers: Record<string, string | number> = { 'content-type': type, 'last-modified': modified, etag, 'accept-ranges': 'bytes' };
      if (COMPRESSIBLE.test(type)) headers.vary = 'Accept-Encoding';
      const tags = (req.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (tags.includes(strong) || req.headers['if-modified-since'] === modified) return { status: 304, headers, gzip: false };
      if (gzip) headers['content-encoding'] = 'gzip';
      else headers['content-length'] = stat.size;
      return { status: 200, headers, gzip };
    }
  }
}

function ok(headers: Record<string, string | number>): HostAnswer {
  return { status: 200, headers, gzip: false };
}
