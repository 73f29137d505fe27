import { serviceWorkerControl } from '../../runtime/assets/service-worker-control.ts';

/**
 * Longest a first visit waits for the service worker before loading Monaco anyway: registering it takes
 * a few hundred milliseconds; a browser without service workers should not wait long.
 */
const WAIT_MS = 4000;

/**
 * Resolves when Monaco's chunks (3 MB of JavaScript, 10 MB with its TypeScript worker) may be loaded:
 * once the service worker controls the page, which serves them from their `.gz` siblings, so they
 * travel compressed on a first visit even from a host that compresses nothing.
 */
export function monacoMayLoad(): Promise<void> {
  return serviceWorkerControl(WAIT_MS);
}
