import type { Files } from '../state/files-store.ts';
import type { Exercise } from '../../runtime/course/exercises/exercise.ts';

/** What sharing needs from the lessons: which lesson is open, opening one, and the code it ships. */
export interface ShareTarget {
  /** The open lesson's id, or null in the free playground. */
  lesson(): string | null;
  /** Opens lesson `id` (null: the free playground) before the shared files are shown in it. */
  openLesson(id: string | null): void;
  /** Programs the playground itself ships for lesson `id` (starter, solution, templates): these run without a click. */
  knownPrograms(id: string | null): Files[];
  /** Makes `exercise` a workspace of this page; `chosen` when the learner already works on it (its code ran before). */
  openExercise(exercise: Exercise): { id: string; chosen: boolean };
}
