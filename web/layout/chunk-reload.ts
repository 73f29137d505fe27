import { tabStorage } from '../state/tab-storage.ts';

/**
 * How each browser words a failed `import()` of one of the site's own chunks: Chromium, Firefox, Safari, and
 * Vite's preload of a chunk's CSS.
 */
const CHUNK_FAILURES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/**
 * The tab's last automatic reload (sessionStorage survives a reload, not the tab). Not one of stored.ts's schemas,
 * which are the learner's localStorage: a time only this file reads, and anything else there reads as "never".
 */
const RELOADED_AT = 'halo.chunk-reload';

/** An automatic reload at most once in this long: a chunk that fails twice in a row is missing, not unlucky. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether `error` is a chunk of the site that failed to load, rather than a fault in a pane's code. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return CHUNK_FAILURES.some((failure) => message.includes(failure));
}

/**
 * Reloads the page once to load a failed chunk again, and tells whether it did. A browser keeps a module that
 * failed to load as failed for the page's lifetime — importing it again fails at once, without a request — so a
 * new page is the only retry. Chromium fails one now and then even when the service worker answers from its
 * cache (about once in 50–120 offline reloads under CPU load). The learner loses nothing: the page saves every
 * edit as it happens (an embed, whose edits live in memory only, does not call this). Not twice within a minute.
 */
export function reloadForChunk(): boolean {
  const tab = tabStorage();
  try {
    // No session storage (blocked, full): nothing would stop a reload loop, so none starts.
    if (!tab || Date.now() - Number(tab.getItem(RELOADED_AT)) < RELOAD_AGAIN_AFTER_MS) return false;
    tab.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  location.reload();
  return true;
}
