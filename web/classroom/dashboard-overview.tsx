import { memo } from 'react';
import { useStore } from '../state/store.ts';
import type { ClassLesson, LearnerRecord } from '../../runtime/classroom/class-protocol.ts';
import { formatDuration, lessonStatus, stuckLearners, type LessonStatus } from './dashboard-progress.ts';
import { LearnerName, ROW_HEIGHT, sameContext, type RowContext } from './dashboard-lesson-grid.tsx';
import { ROW_CLASS, rowStyle, WindowedGrid } from './dashboard-window.tsx';

/** How each status looks in a cell, and what a screen reader says. */
const STATUS_CELL: Record<LessonStatus, { mark: string; words: string; className: string }> = {
  done: { mark: '✓', words: 'done', className: 'bg-green-100 dark:bg-green-900' },
  working: { mark: '…', words: 'working', className: 'bg-amber-50 dark:bg-amber-950' },
  stuck: { mark: '!', words: 'stuck', className: 'bg-red-200 font-bold dark:bg-red-800' },
  '': { mark: '', words: 'not started', className: '' },
};

/** A lesson's short name in a column head: its number, or "Ex" for an exercise. */
function lessonShortName(lesson: ClassLesson): string {
  return lesson.id.startsWith('exercise-') ? 'Ex' : (/^\d+/.exec(lesson.id)?.[0] ?? lesson.id);
}

/** Every learner stuck on a check, across lessons, longest first: who, which check, for how long. */
export function StuckList({ context, onLesson }: { context: RowContext; onLesson: (lessonId: string) => void }) {
  const { store, now, onPick } = context;
  const failing = useStore(store, (s) => s.failing);
  const learners = useStore(store, (s) => s.learners);
  const info = useStore(store, (s) => s.info);
  const stuck = stuckLearners({ failing, learners, info }, now);
  return (
    <section aria-label="Stuck learners" className="flex flex-col gap-1">
      <h2 className="font-bold">Stuck ({stuck.length})</h2>
      {stuck.length === 0 ? (
        <p className="text-sm">Nobody is stuck.</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {stuck.map((entry) => (
            <li
              key={`${entry.learner.id}:${entry.lessonId}:${entry.check}`}
              data-learner={entry.learner.name}
              className="flex flex-wrap items-baseline gap-2"
            >
              <button type="button" className="font-semibold hover:underline" onClick={() => onPick(entry.learner.id)}>
                {entry.learner.name}
              </button>
              <span>
                {entry.lesson?.title ?? entry.lessonId}: #{entry.check + 1} {entry.lesson?.checks[entry.check]?.title}
              </span>
              <span data-stuck-for>for {formatDuration(entry.forMs)}</span>
              <button type="button" className="btn-ghost" onClick={() => onLesson(entry.lessonId)}>
                Open the lesson
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The overview's columns: the name, one per lesson. */
const overviewColumns = (lessons: number) => `12rem repeat(${lessons}, minmax(1.75rem, 2.5rem))`;

/** One learner's row of the overview: it renders again only when that learner's results change. */
const OverviewRow = memo(
  function OverviewRow({
    index,
    learner,
    lessons,
    context,
  }: {
    index: number;
    learner: LearnerRecord;
    lessons: ClassLesson[];
    context: RowContext;
  }) {
    const { store, stuckMinutes, now, onPick } = context;
    const results = useStore(store, (s) => s.results[learner.id]);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        data-learner={learner.name}
        style={rowStyle(index, ROW_HEIGHT, overviewColumns(lessons.length))}
        className={ROW_CLASS}
      >
        <LearnerName learner={learner} onPick={onPick} />
        {lessons.map((lesson) => {
          const status = lessonStatus(results?.[lesson.id], lesson, stuckMinutes, now);
          const cell = STATUS_CELL[status];
          return (
            <div
              role="gridcell"
              key={lesson.id}
              data-lesson={lesson.id}
              data-state={status}
              title={`${lesson.title}: ${cell.words}`}
              className={`p-1 text-center ${cell.className}`}
            >
              {cell.mark}
              <span className="sr-only">{cell.words}</span>
            </div>
          );
        })}
      </div>
    );
  },
  (before, after) =>
    before.index === after.index &&
    before.learner === after.learner &&
    before.lessons === after.lessons &&
    sameContext(
      before.context,
      after.context,
      Object.values(after.context.store.get().results[after.learner.id] ?? {}).flatMap((lesson) => Object.values(lesson)),
    ),
);

/** Learners × lessons (done, working, stuck): the default view; a lesson's head opens its grid. */
export function Overview({
  learners,
  lessons,
  context,
  onLesson,
}: {
  learners: LearnerRecord[];
  lessons: ClassLesson[];
  context: RowContext;
  onLesson: (lessonId: string) => void;
}) {
  const head = (
    <div role="row" aria-rowindex={1} className="grid font-bold" style={{ gridTemplateColumns: overviewColumns(lessons.length) }}>
      <div role="columnheader" className="p-1 text-left">
        Learner
      </div>
      {lessons.map((lesson) => (
        <div role="columnheader" key={lesson.id} className="p-0">
          <button
            type="button"
            className="w-full p-1 hover:underline"
            title={`${lesson.title}: open its grid`}
            onClick={() => onLesson(lesson.id)}
          >
            {lessonShortName(lesson)}
            <span className="sr-only"> {lesson.title}</span>
          </button>
        </div>
      ))}
    </div>
  );
  return (
    <WindowedGrid
      label="Learners × lessons"
      head={head}
      count={learners.length}
      rowHeight={ROW_HEIGHT}
      row={(index) => <OverviewRow key={learners[index].id} index={index} learner={learners[index]} lessons={lessons} context={context} />}
    />
  );
}
