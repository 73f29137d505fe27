/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The compiler's Web Worker: esbuild-wasm runs here (not in a nested worker), so compiling never blocks
 * the page. The wasm binary is an asset of the build, fetched from the playground's own origin.
 */
import * as esbuild from 'esbuild-wasm/esm/browser.js';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import { fetchCompressed } from '../assets/fetch-compressed.ts';
import haloExports from 'virtual:halo-exports';
import { CompileCache } from './compile-cache.ts';
import { compileProgram, inputHash } from './compile.ts';
import type { CompileResult } from '../contract/engine-api.ts';
import type { FromCompiler, ToCompiler } from '../contract/compiler-protocol.ts';
import { WARM_UP_FILES } from './warm-up.ts';

declare const self: DedicatedWorkerGlobalScope;

// A bundle depends on the sources, on esbuild and on what `halo` exports: all of them key the cache.
const cacheSalt = `${esbuild.version}|${haloExports.join(',')}`;
const cache = new CompileCache('halo-compile-v1');
let initialized: Promise<void> | null = null;
let compilesWaiting = 0;

/**
 * Starts esbuild once (it throws on a second initialize), then runs one throwaway build unless a real
 * compile is already waiting: the first build of a fresh esbuild is many times slower than the next,
 * and a learner who compiles later should not pay for it.
 */
function initialize(): Promise<void> {
  // Compressed (3.7 MB, not 14) from any host, the offline cache first: this worker's fetches may
  // bypass the service worker (see cachedFetch), and on a first visit there is none yet.
  initialized ??= fetchCompressed(new URL(wasmURL, location.href).href)
    .then((response) => WebAssembly.compileStreaming(response))
    .then((wasmModule) => esbuild.initialize({ wasmModule, worker: false }))
    .then(async () => {
      if (compilesWaiting === 0) await compileProgram(esbuild, { files: WARM_UP_FILES, entry: 'main.ts', haloExports });
    });
  return initialized;
}

async function compile(files: Record<string, string>, entry: string): Promise<CompileResult> {
  const started = performance.now();
  const key = await inputHash(files, entry, cacheSalt);
  const hit = await cache.get(key);
  if (hit) return { ...hit, durationMs: performance.now() - started, cached: true };
  compilesWaiting++;
  try {
    await initialize();
  } finally {
    compilesWaiting--;
  }
  const result = await compileProgram(esbuild, { files, entry, haloExports });
  if (result.ok) void cache.put(key, result);
  return result;
}

self.onmessage = async (event: MessageEvent<ToCompiler>) => {
  const message = event.data;
  const reply = (answer: FromCompiler): void => self.postMessage(answer);
  try {
    if (message.type === 'init') {
      await initialize();
      return reply({ id: message.id, type: 'ready' });
    }
    reply({ id: message.id, type: 'compiled', result: await compile(message.files, message.entry) });
  } catch (error) {
    reply({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
