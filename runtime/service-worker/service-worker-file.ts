/** File name of the service worker in the build output, at the site's root so its scope covers every page. */
export const SERVICE_WORKER_FILE = 'mockServiceWorker.js';
