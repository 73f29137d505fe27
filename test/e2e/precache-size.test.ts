/**
 * The offline precache of the build the e2e tests use: at most 20 MB stored (compressed files count as
 * stored, compressed), no file stored twice (a `.gz` sibling replaces its file), PGlite on demand only.
 * The manifest is recomputed from the build's files by the build's own function and must be the one
 * inlined in its service worker. And what a first visit loads before anything lazy: at most 150 KiB gzip.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { distDir } from './harness/paths.ts';
import { siteFiles } from './harness/site-files.ts';
import { offlineManifest } from '../../runtime/build/offline-worker-build.ts';
import { eagerGzipBytes } from './bench-site-figures.ts';

/** The budget for what a first visit stores for offline use. */
const PRECACHE_BYTES = 20 * 1024 * 1024;

/** Issue 23's budget for what `index.html` loads eagerly (gzip, 150 KiB): what a first visit waits for before its first answer. */
const EAGER_GZIP_BYTES = 150 * 1024;

test('the precache stores at most 20 MB, each file once, PGlite only on demand', () => {
  const files = siteFiles(distDir());
  const manifest = offlineManifest(files);
  expect(readFileSync(join(distDir(), 'service-worker.js'), 'utf8')).toContain(`version ${manifest.version}`);
  const stored = manifest.precache.reduce((sum, path) => sum + files[path].byteLength, 0);
  console.log(`precache: ${manifest.precache.length} files, ${(stored / 2 ** 20).toFixed(2)} MB stored`);
  expect(stored).toBeLessThanOrEqual(PRECACHE_BYTES);
  expect(manifest.precache.filter((path) => manifest.compressed.includes(path))).toEqual([]);
  expect(manifest.precache.filter((path) => /(pglite|initdb)/.test(path))).toEqual([]);
  expect(manifest.compressed).toEqual(
    expect.arrayContaining([expect.stringMatching(/esbuild-.*\.wasm$/), expect.stringMatching(/ts\.worker-.*\.js$/)]),
  );
});

test('index.html loads at most 150 KiB gzip eagerly', () => {
  const { bytes, files } = eagerGzipBytes(distDir());
  console.log(`eager: ${files.length} files, ${bytes} bytes gzip`);
  expect(bytes).toBeLessThanOrEqual(EAGER_GZIP_BYTES);
});
