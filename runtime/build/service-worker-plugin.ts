import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { compressedSiblings } from './compress-build.ts';
import { offlineManifest, serviceWorkerScript } from './offline-worker-build.ts';
import { MSW_WORKER_FILE, SERVICE_WORKER_FILE } from '../contract/service-worker-file.ts';

/** msw's worker script from the installed msw, read at build (or dev-serve) time so it never goes stale. */
function mswWorkerSource(): string {
  return readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
}

/**
 * Writes the service worker to the root of the build output: `service-worker.js` (the offline cache of
 * this build's files, versioned by their content) importing `mockServiceWorker.js` (msw's script from
 * the installed msw, so the two always match), and a `.gz` sibling of every large file (compress-build.ts),
 * which the browser fetches in its place and inflates. The dev server serves both, with nothing to cache.
 */
export function serviceWorkerPlugin(): Plugin {
  let base = '/';
  return {
    name: 'halo-service-worker',
    configResolved(config) {
      base = config.base.startsWith('/') ? config.base : '/';
    },
    configureServer(server) {
      const devWorker = serviceWorkerScript({ version: 'dev', precache: [], onDemand: [], compressed: [], hashes: {} });
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        if (path !== `${base}${SERVICE_WORKER_FILE}` && path !== `${base}${MSW_WORKER_FILE}`) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        if (path.endsWith(MSW_WORKER_FILE)) return void res.end(mswWorkerSource());
        devWorker.then((source) => res.end(source), next);
      });
    },
    generateBundle: {
      // After every other plugin emitted its files (the halo tarball), so the manifest lists them all.
      order: 'post',
      async handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: MSW_WORKER_FILE, source: mswWorkerSource() });
        const built = Object.fromEntries(
          Object.values(bundle).map((file) => [file.fileName, file.type === 'chunk' ? file.code : file.source]),
        );
        const siblings = compressedSiblings(built);
        for (const [fileName, source] of Object.entries(siblings)) this.emitFile({ type: 'asset', fileName, source });
        const files = { ...built, ...siblings };
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await serviceWorkerScript(offlineManifest(files)) });
      },
    },
  };
}
