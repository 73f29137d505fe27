/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The compiler's Web Worker: esbuild-wasm runs here (not in a nested worker), so compiling never blocks
 * the page. The wasm binary is an asset of the build, fetched from the playground's own origin.
 */
import * as esbuild from 'esbuild-wasm/esm/browser.js';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import * as halo from '../browser/index.ts';
import { compileProgram } from './compile.ts';
import type { FromCompiler, ToCompiler } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const haloExports = Object.keys(halo);
let initialized: Promise<void> | null = null;

/** Starts esbuild once; later calls share the same promise (esbuild throws on a second initialize). */
function initialize(): Promise<void> {
  initialized ??= esbuild.initialize({ wasmURL, worker: false });
  return initialized;
}

initialize().catch(() => {
  // Reported to the page by the 'init' message that awaits the same promise.
});

self.onmessage = async (event: MessageEvent<ToCompiler>) => {
  const message = event.data;
  const reply = (answer: FromCompiler): void => self.postMessage(answer);
  try {
    await initialize();
    if (message.type === 'init') return reply({ id: message.id, type: 'ready' });
    const result = await compileProgram(esbuild, { files: message.files, entry: message.entry, haloExports });
    reply({ id: message.id, type: 'compiled', result });
  } catch (error) {
    reply({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
