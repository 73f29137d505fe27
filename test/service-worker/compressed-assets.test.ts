import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { compressedSiblings } from '../../runtime/build/compress-build.ts';
import { inflated } from '../../runtime/assets/compressed-assets.ts';
import { offlineManifest } from '../../runtime/build/offline-worker-build.ts';

const large = new TextEncoder().encode('export const answer = 42;\n'.repeat(10_000));

test('a gzip body is inflated, with the content type of the file it stands for', async () => {
  const response = await inflated(new Response(gzipSync(large)), 'http://x/assets/esbuild-1.wasm');
  expect(response.headers.get('content-type')).toBe('application/wasm');
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(large);
});

test('a host that inflated the .gz itself (Content-Encoding: gzip) hands plain bytes: passed through', async () => {
  const response = await inflated(new Response(large), 'http://x/assets/a.js');
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(large);
});

test('large files that compress well get a .gz sibling; small, incompressible and service worker files do not', () => {
  const random = new Uint8Array(200_000).map(() => Math.floor(Math.random() * 256));
  const siblings = compressedSiblings({
    'assets/big.js': large,
    'assets/small.js': 'x',
    'assets/font.woff2': random,
    'service-worker.js': large,
  });
  expect(Object.keys(siblings)).toEqual(['assets/big.js.gz']);
});

test('the manifest stores the .gz sibling in place of the file, and PGlite (initdb too) on demand', () => {
  const files = { 'index.html': '<!doctype html>', 'assets/big.js': large, 'assets/initdb-1.wasm': large, 'assets/pglite-1.wasm': large };
  const manifest = offlineManifest({ ...files, ...compressedSiblings(files) });
  expect(manifest.precache).toEqual(['assets/big.js.gz', 'index.html']);
  expect(manifest.onDemand).toEqual(['assets/initdb-1.wasm.gz', 'assets/pglite-1.wasm.gz']);
  expect(manifest.compressed).toEqual(['assets/big.js', 'assets/initdb-1.wasm', 'assets/pglite-1.wasm']);
  // The service worker checks what it stores (the .gz) and knows the plain names it answers for.
  expect(Object.keys(manifest.hashes)).toEqual(expect.arrayContaining(['assets/big.js', 'assets/big.js.gz']));
});
