import { Suspense } from 'react';
import { useStore } from '../state/store.ts';
import { useWorkspace } from '../lessons/workspace-store.ts';
import { CheckList } from '../lessons/check-list.tsx';
import { LessonNav } from '../lessons/lesson-nav.tsx';
import { ChecksBar } from '../lessons/checks-bar.tsx';
import { LessonActions } from '../lessons/lesson-actions.tsx';
import { ExerciseText } from './exercise-text.tsx';
import { exerciseAsLesson } from './exercise-lesson.ts';
import { usePrepareDatabase } from '../engine/use-prepare-database.ts';
import type { Exercise } from '../../runtime/course/exercises/exercise.ts';

/**
 * A learner's view of an exercise, laid out as a lesson: its text (Markdown as lesson text renders it),
 * the checks with expected vs got after every build, "Show solution" when the teacher included one, and
 * the checks bar. Everything in it came from a link or a file, and is shown as text.
 */
export function ExercisePane({ id, exercise, checksBar = true }: { id: string; exercise: Exercise; checksBar?: boolean }) {
  const { workspaceStore } = useWorkspace();
  // Until the learner runs the shared code, nothing may choose code for them (a reset would run the starter).
  const held = useStore(workspaceStore, (s) => s.unchosen !== null);
  const lesson = exerciseAsLesson(id, exercise);
  usePrepareDatabase(lesson.solution, id);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-slot="lesson">
      <LessonNav />
      {/* relative: screen-reader-only spans stay inside the scroller (see lesson-pane.tsx). */}
      <div data-lesson-scroller className="relative min-h-0 flex-1 overflow-auto">
        <article aria-label={`Exercise: ${exercise.title}`} tabIndex={-1} data-lesson-start className="p-3 text-sm leading-relaxed">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Exercise</p>
          <h2 className="mb-2 text-lg font-bold" data-testid="exercise-title">
            {exercise.title}
          </h2>
          <Suspense fallback={<p>Loading the instructions…</p>}>
            <ExerciseText markdown={exercise.text} title={exercise.title} />
          </Suspense>
          <CheckList lesson={lesson} />
          <LessonActions lesson={lesson} kind="exercise" withSolution={Boolean(exercise.solution)} hidden={held} />
        </article>
      </div>
      {checksBar && <ChecksBar lesson={lesson} />}
    </div>
  );
}
