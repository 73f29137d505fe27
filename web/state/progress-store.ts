import { createStore } from './store.ts';
import { loadJson, saveJson } from './persisted.ts';

/** Lessons the learner completed (every check passed once), by lesson id. */
export interface ProgressState {
  completed: string[];
}

const KEY = 'halo.progress.v1';

const saved = loadJson<unknown>(KEY, []);

/** Completion per lesson, saved in localStorage; keyed by lesson id so it survives new deployments. */
export const progressStore = createStore<ProgressState>({
  completed: Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [],
});

progressStore.subscribe(() => saveJson(KEY, progressStore.get().completed));

/** Marks a lesson complete; completion stays when later edits break it again. */
export function markComplete(id: string): void {
  if (!progressStore.get().completed.includes(id)) progressStore.set((s) => ({ completed: [...s.completed, id] }));
}
