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
 * V8 runs esbuild's wasm unoptimized at first and optimizes its hot functions as they run: the learner's
 * first edits paid for that, 40-90 ms more per compile than later ones.
 * Throwaway builds run while the worker is idle until this many builds, the learner's included, have run.
 */
const WARM_BUILDS = 6;

/** How long no compile was asked before throwaway builds run, back to back: typing starts none (a compile asked during one runs beside it). */
const WARM_BUILD_IDLE_MS = 1000;

let builds = 0;
let building = 0;
/** When a compile was last asked for or answered. */
let askedAt = 0;

/** Runs one esbuild build, counted for the warm-up. */
async function build(files: Record<string, string>, entry: string): Promise<CompileResult> {
  building++;
  try {
    return await compileProgram(esbuild, { files, entry, haloExports });
  } finally {
    building--;
    builds++;
  }
}

/** Runs throwaway builds once no compile was asked for a while, until esbuild is warm. */
async function warmUpWhileIdle(): Promise<void> {
  while (builds < WARM_BUILDS) {
    const idleFor = performance.now() - askedAt;
    if (building === 0 && idleFor >= WARM_BUILD_IDLE_MS) await build(WARM_UP_FILES, 'main.ts');
    // While a long build of the learner's runs, checked again a second later rather than at every turn.
    else await new Promise((resolve) => setTimeout(resolve, building > 0 ? WARM_BUILD_IDLE_MS : WARM_BUILD_IDLE_MS - idleFor));
  }
}

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
      if (compilesWaiting === 0) await build(WARM_UP_FILES, 'main.ts');
      // A failed throwaway build only leaves esbuild colder; the learner's own builds report their errors.
      warmUpWhileIdle().catch(() => undefined);
    });
  return initialized;
}

async function compile(files: Record<string, string>, entry: string): Promise<CompileResult> {
  const started = (askedAt = performance.now());
  const key = await inputHash(files, entry, cacheSalt);
  const hit = await cache.get(key);
  if (hit) return { ...hit, durationMs: performance.now() - started, cached: true };
  compilesWaiting++;
  try {
    await initialize();
  } finally {
    compilesWaiting--;
  }
  const result = await build(files, entry);
  askedAt = performance.now();
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
