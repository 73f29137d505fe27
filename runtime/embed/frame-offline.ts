/**
 * The snippet frame's offline copy (frame-service-worker.ts): registered by the frame where the browser lets a
 * third-party frame keep storage, so the frame and what it loads come from its own cache when the network is gone.
 */

/** The names of the frame's caches of the kit's files (one per build of the frame). */
export const FRAME_CACHE_PREFIX = 'halo-embed-files-';

/** The frame's service worker, next to frame.html in the build (embed-script-plugin.ts writes it). */
const FRAME_SERVICE_WORKER = 'frame-sw.js';

/** What the frame asks its service worker: keep the files it loaded before the worker controlled it. */
export interface FrameCacheMessage {
  type: 'keep-loaded';
  urls: string[];
}

/** Resolves once the frame's service worker controls it (it claims the frame when it activates). */
function controlled(): Promise<ServiceWorker> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve(serviceWorker.controller);
  return new Promise((resolve) =>
    serviceWorker.addEventListener('controllerchange', () => serviceWorker.controller && resolve(serviceWorker.controller)),
  );
}

/**
 * Registers the frame's service worker for this `build` and has it keep every file the frame loaded so far (what it
 * loads later goes through it): true once a next visit can run offline, false where the browser refuses (no service
 * worker in a third-party frame, storage denied).
 */
export async function keepFrameOffline(build: string): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    await navigator.serviceWorker.register(`${FRAME_SERVICE_WORKER}?build=${encodeURIComponent(build)}`, { scope: './' });
    const worker = await controlled();
    const urls = [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
    const channel = new MessageChannel();
    const kept = new Promise<void>((resolve) => (channel.port1.onmessage = () => resolve()));
    worker.postMessage({ type: 'keep-loaded', urls } satisfies FrameCacheMessage, [channel.port2]);
    await kept;
    return true;
  } catch {
    return false;
  }
}
