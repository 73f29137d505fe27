/**
 * The offline part of the playground's service worker, bundled into `service-worker.js` before msw's
 * worker script is imported. Its fetch listener runs first: requests for the site's own files are
 * answered from the versioned cache (network as fallback, and to fill it) and go no further; everything
 * else — requests to the learner's program — falls through to msw's listener.
 */
import { GZIP_SUFFIX, inflated } from '../assets/compressed-assets.ts';
import { OFFLINE_CACHE_PREFIX, OFFLINE_MESSAGES, type OfflineManifest } from '../contract/offline-manifest.ts';
import { withoutVary } from './without-vary.ts';

/** The parts of the service worker global scope used here (the DOM lib does not describe it). */
interface WorkerScope {
  skipWaiting(): Promise<void>;
  registration: { scope: string; active: unknown };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEvent & { data: unknown; source: { postMessage(message: unknown): void } | null }) => void,
  ): void;
  addEventListener(
    type: 'fetch',
    listener: (event: ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void }) => void,
  ): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

declare const HALO_OFFLINE: OfflineManifest;
const worker = self as unknown as WorkerScope;
const CACHE = `${OFFLINE_CACHE_PREFIX}${HALO_OFFLINE.version}`;
/** How many files download at once: enough to hide latency, few enough not to starve the page. */
const PARALLEL = 4;
/** The message msw's page script sends on `beforeunload` (see `mockServiceWorker.js`). */
const MSW_CLIENT_CLOSED = 'CLIENT_CLOSED';

const root = (): string => worker.registration.scope;
const absolute = (path: string): string => new URL(path, root()).href;
/** The manifest's paths as absolute URLs: the scope is fixed once the worker runs, so they are made once, on first use. */
interface ManifestUrls {
  /** SHA-256 of every file of this deployment. */
  known: Map<string, string>;
  /** The files served from their `.gz` sibling. */
  compressed: Set<string>;
  /** The files cached on their first use (as stored: a `.gz` sibling's own URL). */
  onDemand: Set<string>;
}
let manifestUrls: ManifestUrls | null = null;
const urls = (): ManifestUrls =>
  (manifestUrls ??= {
    known: new Map(Object.entries(HALO_OFFLINE.hashes).map(([path, hash]) => [absolute(path), hash])),
    compressed: new Set(HALO_OFFLINE.compressed.map(absolute)),
    onDemand: new Set(HALO_OFFLINE.onDemand.map(absolute)),
  });

/** Whether `response` holds exactly the build's file at `url`: anything else in the cache was tampered with. */
async function intact(url: string, response: Response): Promise<boolean> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  // A host that labels `.gz` files `Content-Encoding: gzip` (vite preview) hands over the file inflated:
  // the bytes of the file itself are just as much this build's.
  return hex === urls().known.get(url) || (url.endsWith(GZIP_SUFFIX) && hex === urls().known.get(url.slice(0, -GZIP_SUFFIX.length)));
}

/** This build's file at `url` from an older deployment's cache, when its bytes are unchanged. */
async function unchangedCopy(url: string, older: Cache[]): Promise<Response | undefined> {
  for (const cache of older) {
    const response = await cache.match(url);
    if (response && (await intact(url, response))) return response;
  }
  return undefined;
}

/**
 * Stores every precache file not stored yet; large files included (no size limit applies). Files an
 * older deployment already stored with the same bytes are copied, so an update downloads only what
 * changed (a classroom on one Wi-Fi fetches megabytes once, not per deployment).
 */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const older = await Promise.all(
    (await caches.keys()).filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX) && name !== CACHE).map((name) => caches.open(name)),
  );
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const missing = HALO_OFFLINE.precache.map(absolute).filter((url) => !stored.has(url));
  const next = async (): Promise<void> => {
    const url = missing.shift();
    if (!url) return;
    const copy = await unchangedCopy(url, older);
    // no-cache: revalidate with the server, so an HTTP cache never hands back another deployment's file.
    const response = copy ?? (await fetch(url, { cache: 'no-cache' }));
    if (!response.ok) throw new Error(`offline cache: ${url} answered ${response.status}`);
    await cache.put(url, withoutVary(response));
    return next();
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

/** The precache under way, if one is: every page (a reload, a second tab) that asks meanwhile waits for it. */
let precaching: Promise<void> | null = null;

/** Runs `precache` unless it runs already: a second run would download again every file still on its way. */
function precacheOnce(): Promise<void> {
  precaching ??= precache().finally(() => {
    precaching = null;
  });
  return precaching;
}

/** The cache key of a request: page addresses (`./`, `?lesson=…`, `?embed`) all mean their HTML file. */
function cacheKey(request: Request): string {
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode !== 'navigate') return url.href;
  url.search = '';
  if (url.href.endsWith('/')) url.href += 'index.html';
  return url.href;
}

async function respond(event: ExtendableEvent, request: Request): Promise<Response> {
  const key = cacheKey(request);
  // Stored and sent compressed (any host, python's http.server too): answered from the `.gz` sibling.
  if (urls().compressed.has(key)) return inflated(await respondFor(event, `${key}${GZIP_SUFFIX}`, `${key}${GZIP_SUFFIX}`), key);
  return respondFor(event, key, request);
}

async function respondFor(event: ExtendableEvent, key: string, request: Request | string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  if (cached && (await intact(key, cached))) return cached;
  // Not this build's file (someone with the origin's access rewrote it): drop it, the network has the real one.
  if (cached) await cache.delete(key);
  const response = await fetch(request);
  if (!response.ok) return response;
  if (urls().onDemand.has(key)) return storedThenServed(cache, key, response);
  // Stored while the page already reads the body: a file a page asks for before the precache stored it may be on its start path.
  event.waitUntil(cache.put(key, withoutVary(response.clone())));
  return response;
}

/**
 * `response` stored first, then served from the cache. A large file sent on to the page and into the cache at once
 * left both copies' buffers in this worker, which shares the page's process: 14 MB after leaving lesson 19, for PGlite's
 * files. These are fetched ahead of their use (while the learner reads), so waiting for the write costs no one.
 * A file that cannot be stored (no room) is fetched again.
 */
async function storedThenServed(cache: Cache, key: string, response: Response): Promise<Response> {
  try {
    await cache.put(key, withoutVary(response));
  } catch {
    return fetch(key);
  }
  return (await cache.match(key)) ?? fetch(key);
}

worker.addEventListener('install', (event) => {
  // An update (a version is active already) takes over only once it can serve everything offline.
  if (worker.registration.active) event.waitUntil(precacheOnce());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))),
      ),
  );
});

worker.addEventListener('message', (event) => {
  // msw's worker unregisters itself when its last page closes, and so on every reload of a single tab:
  // the next navigation then went to the network and failed offline. The playground's worker stays.
  if (event.data === MSW_CLIENT_CLOSED) return event.stopImmediatePropagation();
  // Asking again is what makes the browser retry a swap that stalled (msw asked once, while installing).
  if ((event.data as { type?: unknown } | null)?.type === OFFLINE_MESSAGES.takeOver) {
    event.stopImmediatePropagation();
    return void worker.skipWaiting();
  }
  if ((event.data as { type?: unknown } | null)?.type !== OFFLINE_MESSAGES.precache) return;
  event.waitUntil(precacheOnce().then(() => event.source?.postMessage({ type: OFFLINE_MESSAGES.ready, version: HALO_OFFLINE.version })));
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !urls().known.has(cacheKey(request))) return;
  // Ours alone: msw's listener would answer the same request from the network.
  event.stopImmediatePropagation();
  event.respondWith(respond(event, request));
});
