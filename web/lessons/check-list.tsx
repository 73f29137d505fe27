import { lazy, Suspense } from 'react';
import { useStore } from '../state/store.ts';
import { useProgress } from '../state/progress-store.ts';
import { useSession } from '../engine/engine-context.tsx';
import { useCourse, type Lesson } from './course/catalog.ts';
import type { LessonChecksState } from './check-results.ts';
import { useLessonChecksState } from './lesson-checks.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import { useGoTo } from './use-go-to.ts';
import { useCourseEnd } from './course-end-store.ts';
import { countChecks } from './check-counts.ts';
import { kindOf, type Check } from '../../runtime/course/format/check-format.ts';

// What a failing check expected and got (with its diff), loaded when a check first fails.
const CheckDetails = lazy(() => import('./check-details.tsx').then((m) => ({ default: m.CheckDetails })));

type Status = 'passed' | 'failed' | 'pending';

const ICON: Record<Status, { mark: string; label: string; className: string }> = {
  passed: { mark: '✓', label: 'Passed', className: 'text-green-700 dark:text-green-400' },
  failed: { mark: '✗', label: 'Failed', className: 'text-red-700 dark:text-red-400' },
  pending: { mark: '…', label: 'Not run yet', className: 'text-slate-600 dark:text-slate-400' },
};

function statusOf(result: CheckResult | null): Status {
  return result === null ? 'pending' : result.passed ? 'passed' : 'failed';
}

/** What the checks are doing, in a sentence (announced to screen readers as it changes). */
function useSummary(lesson: Lesson, results: (CheckResult | null)[], status: LessonChecksState['status']): string {
  const phase = useStore(useSession().store, (s) => s.phase);
  const { passed, total, taskPassed, taskTotal, observes } = countChecks(lesson.checks, results);
  if (phase === 'error') return 'Your code does not compile: fix the errors (Problems tab) and the checks run again.';
  if (status === 'running') return `Checking… ${passed} of ${total} passed so far.`;
  if (results.every((r) => r === null)) return 'The checks run when your program has started.';
  if (status === 'waiting') return 'Your code changed: the checks run again once it is compiled. These results are of the previous code.';
  if (passed === total) return 'All checks passed: lesson complete!';
  return observes ? `${passed} of ${total} checks passed; your task: ${taskPassed} of ${taskTotal}.` : `${passed} of ${total} checks passed.`;
}

/** Some of a lesson's checks (each with its place in the lesson's list) and their latest results. */
function CheckItems({ checks, results }: { checks: { check: Check; index: number }[]; results: (CheckResult | null)[] }) {
  return (
    <ol className="flex flex-col gap-1.5">
      {checks.map(({ check, index }) => {
        const result = results[index] ?? null;
        const checkStatus = statusOf(result);
        const icon = ICON[checkStatus];
        const failedStep = result && !result.passed ? result.steps[result.steps.length - 1] : undefined;
        return (
          <li key={index} data-check-status={checkStatus} data-check-kind={kindOf(check)}>
            <div className="flex gap-1">
              <span className={`w-4 shrink-0 text-center font-bold ${icon.className}`} aria-hidden="true">
                {icon.mark}
              </span>
              <span>
                <span className="sr-only">{icon.label}: </span>
                {check.title}
              </span>
            </div>
            {failedStep && (
              <Suspense fallback={null}>
                <CheckDetails step={failedStep} />
              </Suspense>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The lesson's checks with their latest results, the task's apart from those to observe; failed ones explain expected vs actual. */
export function CheckList({ lesson }: { lesson: Lesson }) {
  const { progressStore } = useProgress();
  const { lessonChecksStore, runLessonChecksNow } = useLessonChecksState();
  const { finishCourse } = useCourseEnd();
  const { lessons } = useCourse();
  const state = useStore(lessonChecksStore, (s) => s);
  const complete = useStore(progressStore, (s) => s.completed.includes(lesson.id));
  const current = state.lessonId === lesson.id;
  const results = current ? state.results : lesson.checks.map(() => null);
  const status = current ? state.status : 'waiting';
  const summary = useSummary(lesson, results, status);
  const goTo = useGoTo();
  const numbered = lesson.checks.map((check, index) => ({ check, index }));
  const tasks = numbered.filter(({ check }) => kindOf(check) === 'task');
  const observed = numbered.filter(({ check }) => kindOf(check) === 'observe');
  const observes = observed.length > 0;
  // An exercise is no lesson of the course: no next lesson, no course to finish.
  const place = lessons.indexOf(lesson);
  const next = place === -1 ? undefined : lessons[place + 1];
  return (
    <section aria-labelledby="checks-heading" className="mt-4 border-t border-slate-300 pt-3 dark:border-slate-700" data-testid="lesson-checks" data-state={status}>
      <div className="flex items-center gap-2">
        <h3 id="checks-heading" tabIndex={-1} className="text-base font-semibold">
          Checks
        </h3>
        {complete && (
          <span className="rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200" data-testid="lesson-complete">
            ✓ {place === -1 ? 'Exercise' : 'Lesson'} complete
          </span>
        )}
        <button type="button" className="btn-ghost ml-auto disabled:opacity-50" onClick={runLessonChecksNow} disabled={status === 'running'}>
          Run checks
        </button>
      </div>
      <p role="status" className="my-1 text-xs text-slate-700 dark:text-slate-300">
        {summary}
      </p>
      {status === 'done' && results.every((r) => r?.passed) && place !== -1 && (
        <button type="button" className="btn my-1" onClick={() => (next ? goTo(next.id) : finishCourse())}>
          {next ? `Next lesson: ${next.number}. ${next.title} →` : 'Finish the course →'}
        </button>
      )}
      {observes ? (
        <>
          <h4 className="mt-2 text-sm font-semibold">Your task</h4>
          <CheckItems checks={tasks} results={results} />
          <h4 className="mt-3 text-sm font-semibold">To observe</h4>
          <p className="mb-1 text-xs text-slate-700 dark:text-slate-300">True from the start: look at what they show, and keep them passing.</p>
          <CheckItems checks={observed} results={results} />
        </>
      ) : (
        <CheckItems checks={tasks} results={results} />
      )}
    </section>
  );
}
