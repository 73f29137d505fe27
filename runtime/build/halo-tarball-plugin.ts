import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { haloTarball, haloVersion } from './halo-package.ts';
import { tarballName } from '../contract/tarball-name.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Packs halo in a child process, so its type bundling (seconds of CPU) overlaps Vite's own work. */
function packInChild(): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'halo-pack-'));
  const out = join(dir, 'halo.tgz');
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return new Promise<Uint8Array>((done, fail) => {
    const child = spawn(process.execPath, [tsx, resolve(root, 'runtime/build/pack-cli.ts'), out], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done(readFileSync(out)) : fail(new Error(`packing halo failed (exit ${code}):\n${errors}`)),
    );
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

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
      if (building) packing ??= packInChild();
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
