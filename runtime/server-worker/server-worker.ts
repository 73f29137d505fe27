/// <reference lib="webworker" />
/**
 * The server worker: a dedicated module Worker holding the browser build of Halo and one compiled
 * program. The page sends it requests for the origins the program registered and terminates it when a
 * request takes too long, so nothing here has to defend against the program hanging.
 */
import * as halo from '../browser/index.ts';
import { setProgramHost } from '../browser/program-host.ts';
import type { App } from '../framework/app.ts';
import { HALO_GLOBAL } from '../compiler/halo-shim.ts';
import { ProgramConsole } from './program-console.ts';
import type { FromServerWorker, ToServerWorker, WireRequest } from './protocol.ts';
import { SourceMap } from './source-map.ts';
import { StackMapper } from './stack-mapper.ts';
import { warmUpFramework } from './warm-up.ts';
import { fromWireRequest, textResponse, toWireResponse } from './wire.ts';

declare const self: DedicatedWorkerGlobalScope;

const apps = new Map<string, App>();
const send = (message: FromServerWorker, transfer: Transferable[] = []): void => self.postMessage(message, transfer);
const programConsole = new ProgramConsole((entry) => send({ type: 'console', entry }));

Object.defineProperty(globalThis, HALO_GLOBAL, { value: halo });
setProgramHost({
  listen(origin, app) {
    apps.set(origin, app);
    send({ type: 'listen', origin });
  },
  unlisten(origin) {
    apps.delete(origin);
    send({ type: 'unlisten', origin });
  },
  busy(ms) {
    send({ type: 'busy', ms });
  },
});
programConsole.install(console);
self.addEventListener('error', (event) => {
  event.preventDefault();
  programConsole.reportUncaught('Uncaught', event.error ?? event.message);
});
self.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  programConsole.reportUncaught('Unhandled promise rejection:', event.reason);
});

/** The name the program's stack frames carry (its `//# sourceURL`), mapped back to the learner's files. */
const PROGRAM_URL = 'halo-program.js';

async function load(code: string): Promise<void> {
  const mapper = new StackMapper(PROGRAM_URL, () => SourceMap.fromInline(code));
  programConsole.mapper = mapper;
  // A data: URL, not a blob: URL: creating a blob URL in a worker costs a synchronous round trip to the
  // browser process, on the path of every edit. The sourceURL names the frames whatever the URL is.
  const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(`${code}\n//# sourceURL=${PROGRAM_URL}\n`)}`;
  try {
    await import(/* @vite-ignore */ url);
    send({ type: 'started' });
  } catch (error) {
    const stack = error instanceof Error && error.stack ? mapper.mapStack(error.stack) : undefined;
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error), stack });
  }
}

async function answer(id: number, wire: WireRequest): Promise<void> {
  const origin = new URL(wire.url).origin;
  const app = apps.get(origin);
  let response;
  try {
    response = app ? await toWireResponse(await app.fetch(fromWireRequest(wire))) : textResponse(503, `No program is listening on ${origin}.`);
  } catch (error) {
    programConsole.reportUncaught(`${wire.method} ${wire.url} failed:`, error);
    response = textResponse(500, '500 Internal Server Error');
  }
  send({ type: 'response', id, response }, [response.body]);
}

// Spare workers are spawned ahead of need; this runs while the worker waits for its program.
warmUpFramework().catch(() => {
  // Only a missed optimization.
});

self.onmessage = (event: MessageEvent<ToServerWorker>) => {
  const message = event.data;
  if (message.type === 'load') void load(message.code);
  else void answer(message.id, message.request);
};
