import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';

/** The API-panel part of the playground state. */
export type ApiPanelPart = ReturnType<typeof createApiPanelState>;

/** Creates whether the API reference is open, and the entry it shows (null: the search and the list). */
export function createApiPanelState() {
  const apiPanelStore = createStore<{ open: boolean; entry: string | null }>({ open: false, entry: null });

  /** Opens the API reference, at the entry `id` (`App.use`) when given. */
  function openApiReference(entry: string | null = null): void {
    apiPanelStore.set({ open: true, entry });
  }

  /** Closes the API reference. */
  function closeApiReference(): void {
    apiPanelStore.set({ open: false });
  }

  return { apiPanelStore, openApiReference, closeApiReference };
}

/** The API-panel part of the playground state, for components. */
export const useApiPanel = stateHook<ApiPanelPart>('apiPanel');
