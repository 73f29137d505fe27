import { createStore } from '../state/store.ts';

/** Whether the API reference is open, and the entry it shows (null: the search and the list). */
export const apiPanelStore = createStore<{ open: boolean; entry: string | null }>({ open: false, entry: null });

/** Opens the API reference, at the entry `id` (`App.use`) when given. */
export function openApiReference(entry: string | null = null): void {
  apiPanelStore.set({ open: true, entry });
}

/** Closes the API reference. */
export function closeApiReference(): void {
  apiPanelStore.set({ open: false });
}
