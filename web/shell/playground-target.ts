import type { Files } from '../state/files-store.ts';
import { SCRATCH, type WorkspacePart } from '../lessons/workspace-store.ts';
import type { Course } from '../lessons/course/catalog.ts';
import { templates } from '../templates/template-catalog.ts';
import type { ShareTarget } from '../share/share-target.ts';
import type { ExercisesPart } from '../state/exercises-store.ts';

/** Sharing wired to the playground: lessons are workspaces, the free playground is the scratch workspace. */
export function playgroundTarget(
  { findLesson, example }: Pick<Course, 'findLesson' | 'example'>,
  { workspaceStore, openWorkspace }: WorkspacePart,
  { isChosen, openExercise }: Pick<ExercisesPart, 'isChosen' | 'openExercise'>,
): ShareTarget {
  return {
    lesson() {
      const { active } = workspaceStore.get();
      return active === SCRATCH ? null : active;
    },
    openLesson(id) {
      // A lesson this build does not have opens in the free playground, with the shared code.
      openWorkspace(id !== null && findLesson(id) ? id : SCRATCH);
    },
    knownPrograms(id): Files[] {
      const lesson = id === null ? undefined : findLesson(id);
      if (lesson) return [lesson.starter, lesson.solution];
      return [example, ...templates.map((t) => t.files)];
    },
    openExercise(exercise) {
      const id = openExercise(exercise);
      return { id, chosen: isChosen(id) };
    },
  };
}
