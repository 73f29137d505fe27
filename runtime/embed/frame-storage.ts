/**
 * What the browser lets the snippet frame keep. A third-party frame's storage is partitioned by the page's site;
 * where the browser denies it storage altogether (Chromium blocking third-party cookies, private windows), the
 * Cache API and IndexedDB throw, and nothing the frame keeps outlives the page.
 */

/** Whether the frame's Cache API works (its compile cache keeps programs between visits). */
export function cacheWorks(): Promise<boolean> {
  if (typeof caches === 'undefined') return Promise.resolve(false);
  return caches.keys().then(
    () => true,
    () => false,
  );
}

/** Whether the frame's IndexedDB opens (its programs' databases are kept between visits). */
function indexedDbWorks(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open('halo-storage-probe');
      request.onsuccess = () => (request.result.close(), resolve(true));
      request.onerror = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/** Whether the frame keeps anything between visits: its compile cache and its programs' databases. */
export async function storageKept(): Promise<boolean> {
  const [cache, database] = await Promise.all([cacheWorks(), indexedDbWorks()]);
  return cache && database;
}
