import { memo } from 'react';
import { useStore, type Store } from '../state/store.ts';
import type { ClassLesson, LearnerRecord, ResultRecord } from '../../runtime/classroom/class-protocol.ts';
import { formatDuration, isStuck } from './dashboard-progress.ts';
import type { DashboardState } from './dashboard-state.ts';
import { ROW_CLASS, rowStyle, WindowedGrid } from './dashboard-window.tsx';

/** The height of one learner's row, in pixels (the window draws rows of one height). */
export const ROW_HEIGHT = 32;

/** What every row of a dashboard table needs besides its learner. */
export interface RowContext {
  store: Store<DashboardState>;
  stuckMinutes: number;
  /** The clock's last tick (stuck times move with it). */
  now: number;
  /** Opens the learner's panel (their code, rename, remove). */
  onPick: (learnerId: string) => void;
}

/**
 * True when a row drawn with context `before` may stay as it is with `after`, given the row's `results`
 * now: the clock's tick (every 5 s) matters only to a row with a result stuck at either time (its mark and
 * its "for N min"), so the other rows, nearly all of them, are not drawn again for it.
 */
export function sameContext(before: RowContext, after: RowContext, results: readonly ResultRecord[]): boolean {
  if (before.store !== after.store || before.stuckMinutes !== after.stuckMinutes || before.onPick !== after.onPick) return false;
  if (before.now === after.now) return true;
  return !results.some((result) => isStuck(result, after.stuckMinutes, before.now) || isStuck(result, after.stuckMinutes, after.now));
}

/** A result's time as the cell's tooltip says it (one formatter for every cell: cheaper than one per call). */
const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** A learner's name, which opens their panel. Their text, shown as text. */
export function LearnerName({ learner, onPick }: { learner: LearnerRecord; onPick: (id: string) => void }) {
  return (
    <div role="rowheader" className="truncate p-1 text-left">
      <button type="button" className="max-w-full truncate text-left hover:underline" onClick={() => onPick(learner.id)}>
        {learner.name}
      </button>
    </div>
  );
}

/** The grid's columns: the name, one per check, who is stuck, the code. */
const lessonColumns = (checks: number) => `12rem repeat(${checks}, 3rem) minmax(0, 1fr) 12rem`;

/** What a learner is stuck on in `lesson`, each check in words with how long it has failed. */
function stuckChecks(lesson: ClassLesson, results: Record<number, ResultRecord> | undefined, stuckMinutes: number, now: number): string[] {
  return lesson.checks.flatMap((check, index) => {
    const result = results?.[index];
    return result && isStuck(result, stuckMinutes, now)
      ? [`#${index + 1} ${check.title} (for ${formatDuration(now - Date.parse(result.failingSince!))})`]
      : [];
  });
}

/** One check's cell of a learner's row: passed, failed or not run, and when (in its tooltip). */
function CheckCell({ title, index, result }: { title: string; index: number; result: ResultRecord | undefined }) {
  const state = result ? (result.passed ? 'pass' : 'fail') : '';
  return (
    <div
      role="gridcell"
      data-check={index}
      data-state={state}
      data-at={result?.at}
      title={result ? `${title}: ${result.passed ? 'passed' : 'failed'} at ${timeOfDay.format(Date.parse(result.at))}` : title}
      className={`p-1 text-center ${state === 'pass' ? 'bg-green-100 dark:bg-green-900' : state === 'fail' ? 'bg-red-100 dark:bg-red-900' : ''}`}
    >
      {state === 'pass' ? '✓' : state === 'fail' ? '✗' : '–'}
      <span className="sr-only">{state || 'not run'}</span>
    </div>
  );
}

/** One learner's row of one lesson: it renders again only when that learner's results of that lesson change. */
const LessonRow = memo(
  function LessonRow({
    index,
    learner,
    lesson,
    context,
  }: {
    index: number;
    learner: LearnerRecord;
    lesson: ClassLesson;
    context: RowContext;
  }) {
    const { store, stuckMinutes, now, onPick } = context;
    const results = useStore(store, (s) => s.results[learner.id]?.[lesson.id]);
    const codeLesson = useStore(store, (s) => s.code[learner.id]?.lesson);
    const stuck = stuckChecks(lesson, results, stuckMinutes, now);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        data-learner={learner.name}
        style={rowStyle(index, ROW_HEIGHT, lessonColumns(lesson.checks.length))}
        className={ROW_CLASS}
      >
        <LearnerName learner={learner} onPick={onPick} />
        {lesson.checks.map((check, index) => (
          <CheckCell key={index} title={check.title} index={index} result={results?.[index]} />
        ))}
        <div role="gridcell" className="truncate p-1" data-stuck={stuck.length > 0 ? 'yes' : 'no'} title={stuck.join('; ')}>
          {stuck.length > 0 ? `stuck on ${stuck.join('; ')}` : ''}
        </div>
        <div role="gridcell" className="truncate p-1">
          {codeLesson && (
            <button type="button" className="btn-ghost" onClick={() => onPick(learner.id)}>
              Code ({codeLesson})
            </button>
          )}
        </div>
      </div>
    );
  },
  (before, after) =>
    before.index === after.index &&
    before.learner === after.learner &&
    before.lesson === after.lesson &&
    sameContext(before.context, after.context, Object.values(after.context.store.get().results[after.learner.id]?.[after.lesson.id] ?? {})),
);

/** Learners × the checks of one lesson, live; only the rows on screen are drawn. */
export function LessonGrid({ learners, lesson, context }: { learners: LearnerRecord[]; lesson: ClassLesson; context: RowContext }) {
  const head = (
    <div role="row" aria-rowindex={1} className="grid font-bold" style={{ gridTemplateColumns: lessonColumns(lesson.checks.length) }}>
      <div role="columnheader" className="p-1 text-left">
        Learner
      </div>
      {lesson.checks.map((check, index) => (
        <div role="columnheader" key={index} className="p-1 text-center" title={check.title}>
          #{index + 1}
          <span className="sr-only"> {check.title}</span>
        </div>
      ))}
      <div role="columnheader" className="p-1 text-left">
        Stuck
      </div>
      <div role="columnheader" className="p-1 text-left">
        Code
      </div>
    </div>
  );
  return (
    <WindowedGrid
      label={`Learners × checks of ${lesson.id}`}
      head={head}
      count={learners.length}
      rowHeight={ROW_HEIGHT}
      row={(index) => <LessonRow key={learners[index].id} index={index} learner={learners[index]} lesson={lesson} context={context} />}
    />
  );
}
