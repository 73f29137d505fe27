/**
 * The offline precache of the build the e2e tests use: at most 20 MB stored (compressed files count as
 * stored, compressed), no file stored twice (a `.gz` sibling replaces its file), PGlite on demand only.
 * The manifest is recomputed from the build's files by the build's own function and must be the one
 * inlined in its service worker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { distDir } from './harness/paths.ts';
import { siteFiles } from './harness/site-files.ts';
import { offlineManifest } from '../../runtime/build/offline-worker-build.ts';

/** The budget for what a first visit stores for offline use. */
const PRECACHE_BYTES = 20 * 1024 * 1024;

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
