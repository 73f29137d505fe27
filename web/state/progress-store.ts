import { createStore } from './store.ts';
import { readStored, writeStored, type KeyValueStorage } from './stored.ts';
import { stateHook } from './state-context.tsx';

/** Lessons the learner completed (every check passed once), by lesson id. */
export interface ProgressState {
  completed: string[];
}

/** The progress part of the playground state. */
export type ProgressPart = ReturnType<typeof createProgressState>;

/** Creates the completion per lesson, saved in `storage`; keyed by lesson id so it survives new deployments. */
export function createProgressState(storage: KeyValueStorage | undefined) {
  const progressStore = createStore<ProgressState>({ completed: readStored(storage, 'halo.progress.v1', []) });
  progressStore.subscribe(() => writeStored(storage, 'halo.progress.v1', progressStore.get().completed));

  /** Marks a lesson complete; completion stays when later edits break it again. */
  function markComplete(id: string): void {
    if (!progressStore.get().completed.includes(id)) progressStore.set((s) => ({ completed: [...s.completed, id] }));
  }

  /** Takes a lesson's completion back (author mode: its checks changed and now fail). */
  function markIncomplete(id: string): void {
    if (progressStore.get().completed.includes(id)) progressStore.set((s) => ({ completed: s.completed.filter((done) => done !== id) }));
  }

  return { progressStore, markComplete, markIncomplete };
}

/** The progress part of the playground state, for components. */
export const useProgress = stateHook<ProgressPart>('progress');
