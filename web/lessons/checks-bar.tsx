import { useStore } from '../state/store.ts';
import { useCourse, type Lesson } from './course/catalog.ts';
import { useLessonChecksState } from './lesson-checks.ts';
import { useWorkspace } from './workspace-store.ts';
import { usePaneTabs } from '../state/pane-tabs-store.ts';
import { countChecks } from './check-counts.ts';

function showChecks(): void {
  const heading = document.getElementById('checks-heading');
  const scroller = heading?.closest('[data-lesson-scroller]');
  if (!heading || !scroller) return;
  // Only the lesson text scrolls: scrollIntoView would also shift the page when it is taller than the window.
  scroller.scrollTo({ top: heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop });
  heading.focus({ preventScroll: true });
}

/** A line pinned under the lesson text: how many checks pass, and a jump to the list (it sits below long text). */
export function ChecksBar({ lesson }: { lesson: Lesson }) {
  const { lessonChecksStore } = useLessonChecksState();
  const { revealPane } = usePaneTabs();
  const { lessonId, status, results } = useStore(lessonChecksStore, (s) => s);
  const current = lessonId === lesson.id;
  const { passed, total, taskPassed, taskTotal, observes } = countChecks(lesson.checks, current ? results : []);
  const allPassed = current && passed === total;
  const counted = `${passed} of ${total} checks pass`;
  // Checks that pass from the start (observe) are not progress: the task's count comes first, on its own.
  const done = observes ? `Your task: ${taskPassed} of ${taskTotal} · ${counted}` : counted;
  const label = !current || results.every((r) => r === null) ? 'Checks not run yet' : status === 'running' ? `Checking… ${passed} of ${total}` : done;
  return (
    <div data-testid="checks-bar" className="flex shrink-0 items-center gap-2 border-t border-slate-200 px-3 py-1.5 text-sm dark:border-slate-700">
      <span aria-hidden="true" className={allPassed ? 'text-green-700 dark:text-green-400' : 'text-slate-600 dark:text-slate-400'}>
        {allPassed ? '✓' : '●'}
      </span>
      <span>{label}</span>
      <button
        type="button"
        className="btn-ghost ml-auto"
        // On a narrow screen the lesson may be on another tab.
        onClick={() => revealPane('lesson', showChecks)}
      >
        See checks
      </button>
    </div>
  );
}

/** The checks bar of the open lesson (nothing in the free playground), for layouts that show it outside the lesson pane. */
export function ActiveChecksBar() {
  const { workspaceStore } = useWorkspace();
  const lesson = useCourse().findLesson(useStore(workspaceStore, (s) => s.active));
  return lesson ? <ChecksBar lesson={lesson} /> : null;
}
