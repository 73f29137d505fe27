import { serviceWorkerControl } from '../../runtime/assets/service-worker-control.ts';
import type { Store } from '../state/store.ts';
import { whenQuiet, type PendingWork } from '../state/when-quiet.ts';
import type { SessionState } from '../engine/program-session.ts';

/**
 * Longest a first visit waits for the service worker before loading Monaco anyway: registering it takes
 * a few hundred milliseconds; a browser without service workers should not wait long.
 */
const WAIT_MS = 4000;

/**
 * Longest the editor waits for the first program before loading anyway (the engine starts the compiler
 * after as long): a shared program held for the learner's consent never runs by itself.
 */
const FIRST_RUN_WAIT_MS = 10_000;

/** Longest the editor then waits for the page to be idle (the lesson checks' and a Send's answers shown). */
const IDLE_WAIT_MS = 1000;

/**
 * How long no request may be in flight before Monaco loads: a learner who presses Send as soon as the program runs
 * (a reload, a lesson opened) gets the answer first, not after Monaco's parse holds the main thread.
 */
const EXCHANGE_QUIET_MS = 300;

/**
 * Resolves when Monaco's chunks (3 MB of JavaScript, 10 MB with its TypeScript worker) may be loaded:
 * once the service worker controls the page, which serves them from their `.gz` siblings, so they
 * travel compressed on a first visit even from a host that compresses nothing.
 */
export function monacoMayLoad(): Promise<void> {
  return serviceWorkerControl(WAIT_MS);
}

/** Resolves once the first program ran, or failed to (compile errors, a crash), or FIRST_RUN_WAIT_MS passed. */
function firstRunSettled(session: Store<SessionState>): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => {
      if (!['ok', 'error', 'held', 'failed'].includes(session.get().phase)) return;
      stop();
      resolve();
    };
    const stop = session.subscribe(settled);
    setTimeout(resolve, FIRST_RUN_WAIT_MS);
    settled();
  });
}

/** Resolves once nothing of `work` was in flight for EXCHANGE_QUIET_MS. */
function exchangesQuiet(work: PendingWork): Promise<void> {
  return new Promise((resolve) => void whenQuiet(work, EXCHANGE_QUIET_MS, resolve));
}

/** Resolves when the main thread is idle, or after IDLE_WAIT_MS. */
function idle(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}

/** The wait of each page's session: the editor shown again (another tab, another layout) does not wait again. */
const waits = new WeakMap<Store<SessionState>, Promise<void>>();

/**
 * Resolves when the program editor may load Monaco: as {@link monacoMayLoad}, after the first program ran, once no
 * request of `work` was in flight for a moment, and when the page is idle. Parsing and starting Monaco takes the
 * main thread for seconds on a slow laptop; until then the code is shown (and edited) without it
 * (code-placeholder.tsx), so the first answer a learner asks for is not shown behind it.
 */
export function editorMayLoad(session: Store<SessionState>, work: PendingWork): Promise<void> {
  let wait = waits.get(session);
  if (!wait) {
    wait = Promise.all([monacoMayLoad(), firstRunSettled(session)])
      .then(() => exchangesQuiet(work))
      .then(idle);
    waits.set(session, wait);
  }
  return wait;
}
