import { createStore } from '../state/store.ts';

/** State of the shared-link flow (whether shared code is held lives in the workspace store: see `unchosen`). */
export interface ShareState {
  /** Why the last link could not be opened, in plain words for the learner. */
  error: string | null;
  /** The link last made by Share, with its length warning. */
  made: { url: string; copied: boolean; warning: string | null } | null;
}

/** The shared-link flow's state; not persisted: a reload re-reads the link. */
export const shareStore = createStore<ShareState>({ error: null, made: null });
