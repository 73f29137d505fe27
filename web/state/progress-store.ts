import { createStore } from './store.ts';
import { readStored, writeStored } from './stored.ts';

/** Lessons the learner completed (every check passed once), by lesson id. */
export interface ProgressState {
  completed: string[];
}

/** Completion per lesson, saved in localStorage; keyed by lesson id so it survives new deployments. */
export const progressStore = createStore<ProgressState>({
  completed: readStored('halo.progress.v1', []),
});

progressStore.subscribe(() => writeStored('halo.progress.v1', progressStore.get().completed));

/** Marks a lesson complete; completion stays when later edits break it again. */
export function markComplete(id: string): void {
  if (!progressStore.get().completed.includes(id)) progressStore.set((s) => ({ completed: [...s.completed, id] }));
}
