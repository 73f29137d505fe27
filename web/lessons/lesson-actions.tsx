import { lazy, Suspense, useState } from 'react';
import { useWorkspace } from './workspace-store.ts';
import { useConfirm } from '../layout/confirm-dialog.tsx';
import type { Lesson } from './course/catalog.ts';

// Shown on request: loaded then, not with the lesson.
const SolutionDialog = lazy(() => import('./solution-dialog.tsx').then((m) => ({ default: m.SolutionDialog })));

/**
 * A lesson's (or an exercise's) "Show solution" and "Reset to starter", with the solution dialog. `kind`
 * names it in the reset question; `withSolution` false hides "Show solution" (an exercise without one).
 */
export function LessonActions({
  lesson,
  kind,
  withSolution = true,
  hidden = false,
}: {
  lesson: Lesson;
  kind: 'lesson' | 'exercise';
  withSolution?: boolean;
  hidden?: boolean;
}) {
  const { resetWorkspace } = useWorkspace();
  const { askToConfirm } = useConfirm();
  const [showSolution, setShowSolution] = useState(false);
  const resetQuestion = {
    title: 'Reset to starter?',
    message: `Replace your code with the starter code of this ${kind}? Your changes are lost.`,
    confirmLabel: 'Replace my code',
  };
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2" hidden={hidden}>
        {withSolution && (
          <button type="button" className="btn-ghost" onClick={() => setShowSolution(true)}>
            Show solution
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={() => void askToConfirm(resetQuestion).then((ok) => ok && resetWorkspace())}>
          Reset to starter
        </button>
      </div>
      {showSolution && (
        <Suspense fallback={null}>
          <SolutionDialog lesson={lesson} onClose={() => setShowSolution(false)} />
        </Suspense>
      )}
    </>
  );
}
