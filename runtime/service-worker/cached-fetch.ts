/**
 * Fetches a file of this deployment from the offline cache when it is there, else from the network.
 * For workers: Chromium does not route a dedicated worker's own fetches through the page's service
 * worker, so without this a worker (the compiler loading esbuild.wasm) would fail offline. File names
 * are content-hashed, so a cached copy is never stale.
 */
export async function cachedFetch(url: string): Promise<Response> {
  const cached = await globalThis.caches?.match(url).catch(() => undefined);
  return cached ?? fetch(url);
}
