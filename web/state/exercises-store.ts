import { createStore, type Store } from './store.ts';
import { stateHook } from './state-context.tsx';
import { readStored, writeStored, type KeyValueStorage } from './stored.ts';
import { exerciseId, isExerciseId, type Exercise } from '../../runtime/course/exercises/exercise.ts';

/** How many exercises a learner's storage keeps (the newest): each one carries its texts and programs. */
const MAX_SAVED = 20;

/** Exercises opened from links and files. */
interface ExercisesState {
  /** Opened in this page and not chosen yet (its code waits for the learner's click): never stored. */
  opened: Record<string, Exercise>;
  /** Exercises the learner works on (they ran its code once), by id, oldest first; kept in storage. */
  saved: Record<string, Exercise>;
}

/** The exercises part of the playground state. */
export type ExercisesPart = ReturnType<typeof createExercisesState>;

/** Creates the exercises of this learner, saved in `storage`; an exercise is a workspace whose id is its content's hash. */
export function createExercisesState(storage: KeyValueStorage | undefined) {
  const exercisesStore = createStore<ExercisesState>({ opened: {}, saved: readStored(storage, 'halo.exercises.v1', {}) });
  exercisesStore.subscribe(() => writeStored(storage, 'halo.exercises.v1', exercisesStore.get().saved));

  /** The exercise with workspace id `id`, opened or saved. */
  function findExercise(id: string): Exercise | undefined {
    if (!isExerciseId(id)) return undefined;
    const { opened, saved } = exercisesStore.get();
    return Object.hasOwn(saved, id) ? saved[id] : Object.hasOwn(opened, id) ? opened[id] : undefined;
  }

  /** Whether the learner chose to work on exercise `id` (ran its code once): it opens without the consent step. */
  function isChosen(id: string): boolean {
    return Object.hasOwn(exercisesStore.get().saved, id);
  }

  /** Opens `exercise` in this page (not stored until {@link saveExercise}); returns its workspace id. */
  function openExercise(exercise: Exercise): string {
    const id = exerciseId(exercise);
    if (!findExercise(id)) exercisesStore.set((s) => ({ opened: { ...s.opened, [id]: exercise } }));
    return id;
  }

  /** Keeps the opened exercise `id` in storage: the learner chose to work on it. */
  function saveExercise(id: string): void {
    const { opened, saved } = exercisesStore.get();
    if (Object.hasOwn(saved, id) || !Object.hasOwn(opened, id)) return;
    const kept = Object.entries(saved).slice(-(MAX_SAVED - 1));
    exercisesStore.set({ saved: Object.fromEntries([...kept, [id, opened[id]]]) });
  }

  /** Saves the open exercise once its code is the learner's choice (no longer held behind the consent step). */
  function followWorkspace(workspaceStore: Pick<Store<{ active: string; unchosen: unknown }>, 'get' | 'subscribe'>): void {
    workspaceStore.subscribe(() => {
      const { active, unchosen } = workspaceStore.get();
      if (unchosen === null) saveExercise(active);
    });
  }

  return { exercisesStore, findExercise, isChosen, openExercise, saveExercise, followWorkspace };
}

/** The exercises part of the playground state, for components. */
export const useExercises = stateHook<ExercisesPart>('exercises');
