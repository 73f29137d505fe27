import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { outputOfChild } from './child-output.ts';
import { PGLITE_SEED_FILE } from '../contract/pglite-seed-file.ts';

const SEED_CLI = resolve(dirname(fileURLToPath(import.meta.url)), 'pglite-seed-cli.ts');

/** A fresh PGlite data directory as a tar (PGLITE_SEED_FILE), made by initdb in a child process: the same bytes every time. */
export function makePgliteSeed(): Promise<Uint8Array> {
  return outputOfChild(SEED_CLI);
}

/**
 * Writes PGLITE_SEED_FILE (a fresh data directory, made by initdb in Node) to the build's root, where the
 * page fetches it for a program's new database (runtime/server-worker/host/pg-store.ts); the dev server
 * makes it on first request.
 */
export function pgliteSeedPlugin(): Plugin {
  let seeding: Promise<Uint8Array> | null = null;
  let building = false;
  return {
    name: 'halo-pglite-seed',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) seeding ??= makePgliteSeed();
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0].endsWith(`/${PGLITE_SEED_FILE}`)) return next();
        seeding ??= makePgliteSeed();
        seeding.then(
          (bytes) => res.setHeader('content-type', 'application/x-tar').end(bytes),
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      if (!seeding) return;
      this.emitFile({ type: 'asset', fileName: PGLITE_SEED_FILE, source: await seeding });
    },
  };
}
