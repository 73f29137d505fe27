import { OFFLINE_CACHE_PREFIX } from '../contract/offline-manifest.ts';

/**
 * Fetches a file of this deployment from the offline cache when it is there, else from the network.
 * For workers: Chromium does not always route a dedicated worker's fetches through the page's service
 * worker (the compiler's esbuild.wasm went to the network on a controlled reload, and failed offline).
 * File names are content-hashed, so a cached copy is never stale. Only the service worker's own caches
 * are read (`caches.match` would search every cache of the origin): they are versioned by the build
 * and deleted with it, so a copy planted under another name by older code is never used.
 */
export async function cachedFetch(url: string): Promise<Response> {
  const cached = await offlineMatch(url).catch(() => undefined);
  return cached ?? fetch(url);
}

async function offlineMatch(url: string): Promise<Response | undefined> {
  const storage = globalThis.caches;
  if (!storage) return undefined;
  for (const name of await storage.keys()) {
    if (!name.startsWith(OFFLINE_CACHE_PREFIX)) continue;
    const response = await (await storage.open(name)).match(url);
    if (response) return response;
  }
  return undefined;
}
