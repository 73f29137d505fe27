/** File name of the service worker in the build output, at the site's root so its scope covers every page. */
export const SERVICE_WORKER_FILE = 'service-worker.js';

/** msw's worker script, copied verbatim from the installed msw; the service worker imports it. */
export const MSW_WORKER_FILE = 'mockServiceWorker.js';
