/// <reference lib="webworker" />
/**
 * The server worker: a dedicated module Worker holding the browser build of Halo and one compiled
 * program. It runs inside the sandbox frame (an opaque origin with no storage and no network, see
 * host/sandbox-frame.ts). The page sends it requests for the origins the program registered and terminates
 * it when a request takes too long, so nothing here has to defend against the program hanging.
 *
 * The page talks to it only through the MessagePort of the first `connect` message, kept in this
 * module's scope before the program loads: the program can reach neither the port nor the page;
 * what it posts with `self.postMessage` goes to the sandbox frame, which ignores it.
 */
import * as halo from '../browser/index.ts';
import { databasesAhead, useRemoteDefaultDatabase } from '../browser/pg-defaults.ts';
import { DatabaseServer } from './database-server.ts';
import { setProgramHost } from '../browser/program-host.ts';
import { setOptionalModuleLoader, type OptionalModules } from '../framework/optional-modules.ts';
import { runHandedIn } from './handed-in/hand-in.ts';
import { loadedOnce } from './handed-in/loaded-once.ts';
import type { App } from '../framework/app.ts';
import { HALO_GLOBAL } from '../contract/halo-global.ts';
import { ProgramConsole } from './program-console.ts';
import type { PgAssets, PgCall, PgFile, PgReply } from '../contract/pg-broker-protocol.ts';
import { WORKER_READY, type FromServerWorker, type ToServerWorker } from '../contract/server-worker-protocol.ts';
import { SourceMap } from './source-map.ts';
import { StackMapper } from './stack-mapper.ts';
import { warmUpFramework } from './warm-up.ts';
import { WorkerSockets } from './worker-sockets.ts';
import { PAGE_ADDRESS } from '../contract/program-origin.ts';
import { supplyNodeGlobals } from './node-globals.ts';
import { shiftedClock } from './shifted-clock.ts';
import type { ClockShift } from '../contract/engine-api.ts';
import { fromWireRequest, textResponse, toWireResponse, type WireRequest } from '../contract/wire.ts';
import { Tracer } from '../framework/tracing/tracer.ts';
import { TRACE_HEADER, encodeTraceHeader } from '../framework/tracing/trace-header.ts';

declare const self: DedicatedWorkerGlobalScope;

const apps = new Map<string, App>();
/** Posts to the page; set once the private port arrives (bound then, so the program cannot redirect it). */
let post: ((message: FromServerWorker, transfer: Transferable[]) => void) | null = null;
const send = (message: FromServerWorker, transfer: Transferable[] = []): void => post?.(message, transfer);
const replies = new Map<number, (reply: PgReply) => void>();
let nextCall = 1;

/** Asks the page something on the program's behalf (PGlite's assets and storage, the optional packages' modules). */
function call(request: PgCall, transfer: Transferable[] = []): Promise<PgAssets | PgFile[] | Blob | string | null> {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    replies.set(id, (reply) => (reply.ok ? resolve(reply.value) : reject(new Error(reply.message))));
    send({ type: 'call', id, call: request }, transfer);
  });
}

// This worker's build leaves PGlite and graphql-js out (see runtime/build/handed-in-plugin.ts): the page hands in their
// module files when a program first needs them.
const handedIn = loadedOnce((name: keyof OptionalModules) =>
  (call({ method: 'module', name }) as Promise<string>).then((source) => runHandedIn(name, source)),
);
setOptionalModuleLoader(<Name extends keyof OptionalModules>(name: Name) => handedIn(name) as Promise<OptionalModules[Name]>);

const sockets = new WorkerSockets(apps, (message) => send(message), locateInProgram);

/** The learner's file and line in a stack: frames of the loaded program, mapped through its source map. */
function locateInProgram(stack: string): ReturnType<StackMapper['firstLocation']> {
  return programConsole.mapper?.firstLocation(stack);
}
const programConsole = new ProgramConsole((entry) => send({ type: 'console', entry }));

Object.defineProperty(globalThis, HALO_GLOBAL, { value: halo });
supplyNodeGlobals(globalThis);
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
  pg: {
    assets: () => call({ method: 'assets' }) as Promise<PgAssets>,
    seed: () => call({ method: 'seed' }) as Promise<Blob>,
    load: (name) => call({ method: 'load', name }) as Promise<PgFile[]>,
    // Write-behind: the page has the change (messages keep their order) before any answer the query leads to, and
    // stores it in order; the query does not wait for IndexedDB. A change the page could not store is said here.
    save: (name, put, remove) => {
      call(
        { method: 'save', name, put, remove },
        put.flatMap((file) => (file.data ? [file.data] : [])),
      ).catch((error: unknown) => programConsole.reportUncaught('The database change was not stored:', error));
      return Promise.resolve();
    },
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

/** The name the program's module carries in stack frames where its URL is left out (one program per worker). */
const PROGRAM_SOURCE_URL = 'halo-program.js';

/** The program's default database, served to the checks' copies of it (one PGlite per lesson). */
const databaseServer = new DatabaseServer();

/** Whether a program was loaded: from then on nothing is opened ahead (a worker runs one program). */
let loaded = false;

async function load(code: string, clock?: ClockShift, keepDatabases = false, database?: MessagePort): Promise<void> {
  loaded = true;
  if (!keepDatabases) databasesAhead.drop();
  if (database) useRemoteDefaultDatabase(database);
  send({ type: 'loading' });
  if (clock) Object.assign(globalThis, shiftedClock(globalThis, clock));
  // A blob: URL named by a `//# sourceURL` too: WebKit ignores sourceURL in Error.stack and names the module's own URL
  // (`f@url:l:c`), while Firefox 140.12 leaves a `blob:null/…` module's URL out of its frames (`f@:l:c`) and names its
  // sourceURL instead; V8 names one or the other (`at f (name:l:c)`). Frames naming either are the program's.
  const url = URL.createObjectURL(new Blob([code, `\n//# sourceURL=${PROGRAM_SOURCE_URL}\n`], { type: 'text/javascript' }));
  const mapper = new StackMapper([url, PROGRAM_SOURCE_URL], () => SourceMap.fromInline(code));
  programConsole.mapper = mapper;
  try {
    await import(/* @vite-ignore */ url);
    send({ type: 'started' });
  } catch (error) {
    const stack = error instanceof Error && error.stack ? mapper.mapStack(error.stack) : undefined;
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error), stack });
  }
  // The URL is never revoked: a worker runs one program (a new program gets a new worker), and the URL goes
  // with the worker when it is terminated. WebKit reports an error thrown later by the program (a handler,
  // a timer) only while its script's URL still resolves: with the URL revoked, its `error` event carries
  // "Script error." with no message, no error and no line, as for a script of another origin.
}

async function answer(id: number, wire: WireRequest): Promise<void> {
  const { origin, pathname } = new URL(wire.url);
  const app = apps.get(origin);
  let response;
  try {
    if (app) {
      // The page asks for a trace with a header the program never sees; the trace goes back in the same header.
      const traced = wire.headers.some(([name]) => name.toLowerCase() === TRACE_HEADER);
      const tracer = traced ? new Tracer(wire.method.toUpperCase(), pathname) : undefined;
      const request = traced ? { ...wire, headers: wire.headers.filter(([name]) => name.toLowerCase() !== TRACE_HEADER) } : wire;
      response = await toWireResponse(await app.fetch(fromWireRequest(request), { tracer, remoteAddress: PAGE_ADDRESS }));
      if (tracer) response.headers.push([TRACE_HEADER, encodeTraceHeader(tracer.toTrace(locateInProgram))]);
    } else {
      response = textResponse(503, `No program is listening on ${origin}.`);
    }
  } catch (error) {
    programConsole.reportUncaught(`${wire.method} ${wire.url} failed:`, error);
    response = textResponse(500, '500 Internal Server Error');
  }
  send({ type: 'response', id, response }, [response.body]);
}

// Spare workers are spawned ahead of need; this runs while the worker waits for its program.
const warmedUp = warmUpFramework().catch(() => {
  // Only a missed optimization.
});

/** Passes a socket message to the program; `socket-done` follows however it ended, as a response would. */
async function handleSocketMessage(id: number, seq: number, text: string): Promise<void> {
  try {
    await sockets.message(id, text);
  } catch (error) {
    programConsole.reportUncaught('A WebSocket message failed:', error);
  }
  send({ type: 'socket-done', seq });
}

function receive(message: ToServerWorker): void {
  switch (message.type) {
    case 'load':
      return void load(message.code, message.clock, message.keepDatabases, message.database);
    case 'serve-database':
      return databaseServer.serve(message.port, message.fresh);
    case 'drop-served-database':
      return databaseServer.drop();
    case 'open-database':
      if (loaded) return;
      return void databasesAhead.open(message.url).then((ok) => send({ type: 'database-open', url: message.url, ok }));
    case 'request':
      return void answer(message.id, message.request);
    case 'socket-open':
      return sockets.open(message.id, message.url, message.headers);
    case 'socket-message':
      return void handleSocketMessage(message.id, message.seq, message.text);
    case 'socket-closed':
      return sockets.closed(message.id);
    case 'reply':
      replies.get(message.id)?.(message.reply);
      replies.delete(message.id);
  }
}

// Taken before any program loads: a program that redefines MessageEvent's `data` getter (or
// Reflect.apply) would otherwise be called with the port's events, and reach the port through them.
const apply = Reflect.apply;
// eslint-disable-next-line @typescript-eslint/unbound-method -- the getter is kept to be called with Reflect.apply on each event
const readData = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')?.get as (this: MessageEvent) => ToServerWorker;

self.onmessage = (event: MessageEvent<{ type?: unknown }>) => {
  const port = event.ports[0];
  if (post || event.data?.type !== 'connect' || !port) return;
  const postMessage = port.postMessage.bind(port);
  post = (message, transfer) => postMessage(message, transfer);
  port.onmessage = (message: MessageEvent<ToServerWorker>) => receive(apply(readData, message, []));
  self.onmessage = null;
  void warmedUp.then(() => send({ type: 'booted' }));
};
self.postMessage({ type: WORKER_READY });
