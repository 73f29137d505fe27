import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';
import { OFFLINE_MESSAGES } from '../../runtime/contract/offline-manifest.ts';

/** The offline cache as the page sees it. */
export interface OfflineState {
  /** Every file of this version is stored: the playground now works without a network. */
  ready: boolean;
  /** A new deployment's service worker took over: this page runs the old version until reloaded. */
  updated: boolean;
}

/** The offline part of the playground state. */
export type OfflinePart = ReturnType<typeof createOfflineState>;

/** Creates the offline readiness and pending updates. */
export function createOfflineState() {
  const offlineStore = createStore<OfflineState>({ ready: false, updated: false });

  /**
   * Asks the service worker to store every file once the playground is up (`ready`), notices when a new
   * deployment's worker takes control, and nudges one left waiting. Returns a function that disconnects.
   */
  function connectOffline(ready: Promise<void>): () => void {
    const container = navigator.serviceWorker;
    if (!container) return () => {};
    // A page loaded without a controller is a first visit: the first controller is no update.
    const hadController = container.controller !== null;
    const onControllerChange = () => hadController && offlineStore.set({ updated: true });
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OFFLINE_MESSAGES.ready) offlineStore.set({ ready: true });
    };
    container.addEventListener('controllerchange', onControllerChange);
    container.addEventListener('message', onMessage);
    let cancelled = false;
    let stopWatching = () => {};
    // Loaded when the page is up: it is needed only when a new deployment arrives, and stays out of the first load.
    void container.ready.then(async (registration) => {
      const { askWaitingToTakeOver } = await import('./take-over-waiting.ts');
      if (!cancelled) stopWatching = askWaitingToTakeOver(registration);
    });
    ready.then(
      () => !cancelled && container.controller?.postMessage({ type: OFFLINE_MESSAGES.precache }),
      () => undefined, // the engine reports its own failure
    );
    return () => {
      cancelled = true;
      stopWatching();
      container.removeEventListener('controllerchange', onControllerChange);
      container.removeEventListener('message', onMessage);
    };
  }

  return { offlineStore, connectOffline };
}

/** The offline part of the playground state, for components. */
export const useOffline = stateHook<OfflinePart>('offline');
