/**
 * The snippet frame's own service worker (`web/embed/frame-sw.js` of the build, scope `web/embed/`): it keeps the kit's
 * files the frame loaded, so that where the browser lets a third-party frame keep storage (Firefox, WebKit: partitioned
 * by the page's site) a snippet runs with no network once its page was seen. Network first, so an online visit always
 * gets the host's current files; the kept copy answers only when the network fails. Only the kit's own files (this
 * origin's GETs) are kept, in one cache per build of the frame (`?build=` of the script), the older builds' dropped.
 */
import { withoutVary } from '../service-worker/without-vary.ts';
import { FRAME_CACHE_PREFIX, type FrameCacheMessage } from './frame-offline.ts';

/** The parts of the service worker global scope used here (the DOM lib does not describe it). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown; ports: readonly MessagePort[] }) => void): void;
  addEventListener(
    type: 'fetch',
    listener: (event: ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void }) => void,
  ): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

const worker = self as unknown as WorkerScope;
/** The frame's build (its main chunk's path): its files are kept in a cache of their own. */
const build = new URL(worker.location.href).searchParams.get('build') ?? '';
const CACHE = `${FRAME_CACHE_PREFIX}${build}`;
const origin = worker.location.origin;

worker.addEventListener('install', () => void worker.skipWaiting());

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(FRAME_CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      // The frame that registered it loads its later files through it from now on.
      await worker.clients.claim();
    })(),
  );
});

/** Keeps `response` to `request` when it is a whole file of the kit. */
async function keep(request: Request | string, response: Response): Promise<void> {
  if (response.status !== 200 || response.type !== 'basic') return;
  await (await caches.open(CACHE)).put(request, withoutVary(response));
}

/** The network's answer (kept), or the kept copy when the network fails. */
async function networkFirst(request: Request, waitUntil: (promise: Promise<unknown>) => void): Promise<Response> {
  try {
    const response = await fetch(request);
    waitUntil(keep(request, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== origin || request.headers.has('range')) return;
  event.respondWith(networkFirst(request, (promise) => event.waitUntil(promise)));
});

/**
 * A file of the build's assets as a page or chunk names another (`x-a1b2c3d4.js`, `new URL("esbuild-…wasm", …)`): the
 * build's names carry an 8-character hash, so other words that look like file names are not fetched.
 */
const FILE_NAME = /[\w.-]+-[\w-]{8}\.(?:js|mjs|css|wasm|json)\b/g;
/** Files kept only once a snippet uses them: PGlite's engine and data (tens of MB), which most snippets never load. */
const ON_USE_ONLY = /pglite|initdb/;
/** Files the frame reads as text, whose names of other files are followed. */
const TEXT = /\.(?:html|js|mjs|css)$/;

/** Keeps `url` unless kept already (the network's copy, mostly from the HTTP cache); its text, if followed. */
async function keepFile(cache: Cache, url: string): Promise<string | null> {
  const known = await cache.match(url, { ignoreVary: true });
  const response = known ?? (await fetch(url));
  if (!known) await keep(url, response.clone());
  return response.ok && TEXT.test(new URL(url).pathname) ? response.text() : null;
}

/** A large file through its `.gz` sibling (as fetch-compressed.ts asks for it), when the build wrote one. */
async function keepLarge(cache: Cache, url: string): Promise<void> {
  const sibling = `${url}.gz`;
  if (await cache.match(sibling, { ignoreVary: true })) return;
  const response = await fetch(sibling);
  if (response.status === 200) await keep(sibling, response);
  else await keepFile(cache, url);
}

/**
 * Keeps what the frame may load: from the files it loaded before this worker controlled it, every file of the build's
 * assets (beside its main chunk) they name, in turn (workers and their chunks, esbuild's wasm), but PGlite's. A name that is
 * not a file of the build is a 404 and kept nowhere.
 */
async function keepReachable(loaded: string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  const assets = new URL('./', new URL(build, origin));
  const seen = new Set<string>();
  let queue = loaded.filter((url) => new URL(url).origin === origin);
  while (queue.length > 0) {
    const next: string[] = [];
    await Promise.all(
      queue.map(async (url) => {
        if (seen.has(url) || ON_USE_ONLY.test(url)) return;
        seen.add(url);
        if (!TEXT.test(new URL(url).pathname)) return keepLarge(cache, url).catch(() => undefined);
        const text = await keepFile(cache, url).catch(() => null);
        for (const [name] of text?.matchAll(FILE_NAME) ?? []) next.push(new URL(name, assets).href);
      }),
    );
    queue = next;
  }
}

worker.addEventListener('message', (event) => {
  const message = event.data as FrameCacheMessage | null;
  if (message?.type !== 'keep-loaded' || !Array.isArray(message.urls)) return;
  const urls = message.urls.filter((url): url is string => typeof url === 'string');
  event.waitUntil(keepReachable(urls).then(() => event.ports[0]?.postMessage('kept')));
});
