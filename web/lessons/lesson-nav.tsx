import { useState } from 'react';
import { useStore } from '../state/store.ts';
import { useProgress } from '../state/progress-store.ts';
import { SCRATCH, useWorkspace } from './workspace-store.ts';
import { useCourse } from './course/catalog.ts';
import { ChapterList } from './chapter-list.tsx';
import { useGoTo } from './use-go-to.ts';
import { useCourseEnd } from './course-end-store.ts';
import { focusWhenShown } from './lesson-focus.ts';

/** The lesson list by chapter (title and one-line introduction), with completion marks and overall progress, and previous/next. */
export function LessonNav() {
  const { progressStore } = useProgress();
  const { workspaceStore } = useWorkspace();
  const { lessons } = useCourse();
  const active = useStore(workspaceStore, (s) => s.active);
  const completed = useStore(progressStore, (s) => s.completed);
  const [open, setOpen] = useState(false);
  const goTo = useGoTo();
  const done = lessons.filter((l) => completed.includes(l.id)).length;
  const choose = (id: string) => {
    setOpen(false);
    // The chosen button disappears with the closed list: focus the opened lesson so screen readers announce it.
    if (id === active) document.querySelector<HTMLElement>('[data-lesson-start]')?.focus({ preventScroll: true });
    else focusWhenShown(id);
    goTo(id);
  };
  return (
    <nav aria-label="Lessons" className="shrink-0 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
      <details
        open={open}
        onToggle={(e) => setOpen(e.currentTarget.open)}
        onKeyDown={(e) => {
          // The element's own state: its toggle event (which updates `open`) may not have run yet, and
          // then `open` is already false and setting it would not close the element.
          if (e.key === 'Escape' && e.currentTarget.open) {
            e.currentTarget.open = false;
            setOpen(false);
            e.currentTarget.querySelector('summary')?.focus();
          }
        }}
      >
        <summary className="cursor-pointer font-semibold">
          All lessons <span className="font-normal">({done} of {lessons.length} complete)</span>
        </summary>
        <progress className="mt-1 h-1.5 w-full accent-green-700" max={lessons.length} value={done} aria-label="Lessons complete" />
        <ChapterList active={active} completed={completed} onChoose={choose} />
        <div className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
          <button
            type="button"
            className="lesson-link w-full rounded px-1 py-0.5 text-left hover:bg-slate-100 aria-[current=page]:font-semibold dark:hover:bg-slate-800"
            aria-current={active === SCRATCH ? 'page' : undefined}
            onClick={() => choose(SCRATCH)}
          >
            Free playground (your own program)
          </button>
        </div>
      </details>
      <LessonSteps active={active} onChoose={choose} />
    </nav>
  );
}

/** Previous and next under the list, "Finish the course" after the last lesson; outside the lessons, the way back to them. */
function LessonSteps({ active, onChoose }: { active: string; onChoose: (id: string) => void }) {
  const { lessons } = useCourse();
  const { finishCourse } = useCourseEnd();
  const goTo = useGoTo();
  const index = lessons.findIndex((l) => l.id === active);
  const step = (delta: number) => {
    const target = lessons[index + delta];
    if (target) goTo(target.id);
  };
  if (index < 0) {
    return (
      <button type="button" className="btn-ghost mt-1.5" onClick={() => onChoose(lessons[0].id)}>
        Back to the lessons
      </button>
    );
  }
  return (
    <div className="mt-1.5 flex items-center gap-2">
      <button type="button" className="btn-ghost disabled:opacity-50" disabled={index === 0} onClick={() => step(-1)}>
        ← Previous
      </button>
      <span className="text-xs text-slate-700 dark:text-slate-300">
        Lesson {index + 1} of {lessons.length}
      </span>
      {index < lessons.length - 1 ? (
        <button type="button" className="btn-ghost ml-auto" onClick={() => step(1)}>
          Next →
        </button>
      ) : (
        <button type="button" className="btn-ghost ml-auto" onClick={finishCourse}>
          Finish the course →
        </button>
      )}
    </div>
  );
}
