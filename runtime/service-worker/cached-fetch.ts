/**
 * Fetches a file of this deployment from the offline cache when it is there, else from the network.
 * For workers: Chromium does not always route a dedicated worker's fetches through the page's service
 * worker (the compiler's esbuild.wasm went to the network on a controlled reload, and failed offline).
 * File names are content-hashed, so a cached copy is never stale.
 */
export async function cachedFetch(url: string): Promise<Response> {
  const cached = await globalThis.caches?.match(url).catch(() => undefined);
  return cached ?? fetch(url);
}
