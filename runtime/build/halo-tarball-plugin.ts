import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { outputOfChild } from './child-output.ts';
import { haloTarball, haloVersion } from './halo-package.ts';
import { tarballName } from '../contract/tarball-name.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Writes `halo-<version>.tgz` (the Node build of halo, installable offline) to the build's root, where
 * "Download as Node project" fetches it to put in the zip; the dev server builds it on first request.
 */
export function haloTarballPlugin(): Plugin {
  const fileName = tarballName(haloVersion(root));
  let packing: Promise<Uint8Array> | null = null;
  let building = false;
  return {
    name: 'halo-tarball',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      // In a child process, so its type bundling (seconds of CPU) overlaps Vite's own work.
      if (building) packing ??= outputOfChild(resolve(root, 'runtime/build/pack-cli.ts'));
    },
    configureServer(server) {
      let cached: Promise<Uint8Array> | null = null;
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0].endsWith(`/${fileName}`)) return next();
        cached ??= haloTarball(root);
        cached.then(
          (bytes) => res.setHeader('content-type', 'application/gzip').end(bytes),
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      if (!packing) return;
      this.emitFile({ type: 'asset', fileName, source: await packing });
    },
  };
}
