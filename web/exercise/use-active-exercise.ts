import { useStore } from '../state/store.ts';
import { useWorkspace } from '../lessons/workspace-store.ts';
import { useExercises } from '../state/exercises-store.ts';
import type { Exercise } from '../../runtime/course/exercises/exercise.ts';

/** The open exercise, if the active workspace is one. */
export function useActiveExercise(): { id: string; exercise: Exercise } | null {
  const { workspaceStore } = useWorkspace();
  const { exercisesStore, findExercise } = useExercises();
  const active = useStore(workspaceStore, (s) => s.active);
  // Subscribed so an exercise opened after the first render shows.
  useStore(exercisesStore, (s) => s);
  const exercise = findExercise(active);
  return exercise ? { id: active, exercise } : null;
}
