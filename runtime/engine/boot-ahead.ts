/**
 * The engine's boot entry: what a page runs before the engine itself has loaded (web/boot-sandbox.ts). A file of its
 * own, not part of index.ts, so that script stays a few kilobytes and never pulls in the engine's module graph.
 */
export { spawnServerWorkerAhead } from '../server-worker/host/spawn-server-worker.ts';
export { loadRequestBridge } from './request-bridge.ts';
