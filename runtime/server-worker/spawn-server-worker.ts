/** Starts a server worker (a module Worker that Vite bundles with the browser build of Halo). */
export function spawnServerWorker(): Worker {
  return new Worker(new URL('./server-worker.ts', import.meta.url), { type: 'module', name: 'halo-server' });
}
