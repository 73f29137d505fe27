import { OFFLINE_MESSAGES } from '../../runtime/contract/offline-manifest.ts';

/**
 * How long a new deployment's worker may wait before the page asks it to take over. It normally takes over
 * within a second (msw's script asks to skip waiting); past this, the browser's swap has stalled.
 */
const TAKE_OVER_AFTER_MS = 10_000;

/**
 * Watches `registration` for a new version left waiting, and asks it once to take over. Chromium stops the old
 * worker to swap versions; a message that lands meanwhile (msw's page sends one every 5 s) starts it again, and
 * the swap then waits for Chromium's 5-minute limit. A new `skipWaiting()` from the waiting worker makes it try
 * again. Returns a function that stops watching.
 */
export function askWaitingToTakeOver(registration: ServiceWorkerRegistration): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => registration.waiting?.postMessage({ type: OFFLINE_MESSAGES.takeOver }), TAKE_OVER_AFTER_MS);
  };
  const onUpdateFound = () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && later());
  };
  registration.addEventListener('updatefound', onUpdateFound);
  if (registration.waiting) later();
  return () => {
    clearTimeout(timer);
    registration.removeEventListener('updatefound', onUpdateFound);
  };
}
