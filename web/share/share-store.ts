import { createStore } from '../state/store.ts';
import type { Files } from '../state/files-store.ts';

/** State of the shared-link flow. */
export interface ShareState {
  /** True while shared code is shown but must not run until the learner clicks "Run shared code" (see gated-engine.ts). */
  held: boolean;
  /** The learner's code before a shared link replaced it, to go back to. */
  previous: Files | null;
  /** Why the last link could not be opened. */
  error: string | null;
  /** The link last made by Share, with its length warning. */
  made: { url: string; copied: boolean; warning: string | null } | null;
}

/** The shared-link flow's state; not persisted: a reload re-reads the link. */
export const shareStore = createStore<ShareState>({ held: false, previous: null, error: null, made: null });

/** Lets shared code run (the learner clicked "Run shared code"). */
export function releaseSharedCode(): void {
  shareStore.set({ held: false, previous: null });
}
