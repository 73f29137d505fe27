import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { SERVICE_WORKER_FILE } from './service-worker-file.ts';

/** msw's worker script from the installed msw, read at build (or dev-serve) time so it never goes stale. */
function serviceWorkerSource(): string {
  return readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
}

/**
 * Serves msw's service worker at `<base>mockServiceWorker.js` in dev and writes it to the root of the
 * build output, so the installed msw version and its worker script always match.
 */
export function serviceWorkerPlugin(): Plugin {
  let base = '/';
  return {
    name: 'halo-service-worker',
    configResolved(config) {
      base = config.base.startsWith('/') ? config.base : '/';
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}${SERVICE_WORKER_FILE}`) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(serviceWorkerSource());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource() });
    },
  };
}
