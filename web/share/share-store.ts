import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';
import type { ShareTarget } from './share-target.ts';

/** State of the shared-link flow (whether shared code is held lives in the workspace store: see `unchosen`). */
export interface ShareState {
  /** Why the last link could not be opened, in plain words for the learner. */
  error: string | null;
  /** The link last made by Share, with its length warning. */
  made: { url: string; copied: boolean; warning: string | null } | null;
}

/** The share part of the playground state. */
export type SharePart = ReturnType<typeof createShareState>;

/** Creates the shared-link flow's state (not persisted: a reload re-reads the link) around `target`, what links open. */
export function createShareState(target: ShareTarget) {
  return { shareStore: createStore<ShareState>({ error: null, made: null }), target };
}

/** The share part of the playground state, for components. */
export const useShare = stateHook<SharePart>('share');
