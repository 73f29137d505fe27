import { memo } from 'react';
import { useStore, type Store } from '../state/store.ts';
import type { ClassLesson, LearnerRecord } from '../../runtime/classroom/class-protocol.ts';
import { formatDuration, isStuck } from './dashboard-progress.ts';
import type { DashboardState } from './dashboard-state.ts';
import { WindowedTable } from './dashboard-window.tsx';

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

/** A learner's name, which opens their panel. Their text, shown as text. */
export function LearnerName({ learner, onPick }: { learner: LearnerRecord; onPick: (id: string) => void }) {
  return (
    <th scope="row" className="truncate p-1 text-left font-normal">
      <button type="button" className="max-w-full truncate text-left hover:underline" onClick={() => onPick(learner.id)}>
        {learner.name}
      </button>
    </th>
  );
}

/** One learner's row of one lesson: it renders again only when that learner's results of that lesson change. */
const LessonRow = memo(function LessonRow({
  learner,
  lesson,
  context,
}: {
  learner: LearnerRecord;
  lesson: ClassLesson;
  context: RowContext;
}) {
  const { store, stuckMinutes, now, onPick } = context;
  const results = useStore(store, (s) => s.results[learner.id]?.[lesson.id]);
  const codeLesson = useStore(store, (s) => s.code[learner.id]?.lesson);
  const stuck = lesson.checks.flatMap((check, index) => {
    const result = results?.[index];
    return result && isStuck(result, stuckMinutes, now)
      ? [`#${index + 1} ${check.title} (for ${formatDuration(now - Date.parse(result.failingSince!))})`]
      : [];
  });
  return (
    <tr data-learner={learner.name} style={{ height: ROW_HEIGHT }} className="border-t border-slate-300 dark:border-slate-700">
      <LearnerName learner={learner} onPick={onPick} />
      {lesson.checks.map((check, index) => {
        const result = results?.[index];
        const state = result ? (result.passed ? 'pass' : 'fail') : '';
        return (
          <td
            key={index}
            data-check={index}
            data-state={state}
            data-at={result?.at}
            title={
              result ? `${check.title}: ${result.passed ? 'passed' : 'failed'} at ${new Date(result.at).toLocaleTimeString()}` : check.title
            }
            className={`p-1 text-center ${state === 'pass' ? 'bg-green-100 dark:bg-green-900' : state === 'fail' ? 'bg-red-100 dark:bg-red-900' : ''}`}
          >
            {state === 'pass' ? '✓' : state === 'fail' ? '✗' : '–'}
            <span className="sr-only">{state || 'not run'}</span>
          </td>
        );
      })}
      <td className="truncate p-1" data-stuck={stuck.length > 0 ? 'yes' : 'no'} title={stuck.join('; ')}>
        {stuck.length > 0 ? `stuck on ${stuck.join('; ')}` : ''}
      </td>
      <td className="p-1">
        {codeLesson && (
          <button type="button" className="btn-ghost" onClick={() => onPick(learner.id)}>
            Code ({codeLesson})
          </button>
        )}
      </td>
    </tr>
  );
});

/** Learners × the checks of one lesson, live; only the rows on screen are drawn. */
export function LessonGrid({ learners, lesson, context }: { learners: LearnerRecord[]; lesson: ClassLesson; context: RowContext }) {
  const head = (
    <tr>
      <th scope="col" className="w-48 p-1 text-left">
        Learner
      </th>
      {lesson.checks.map((check, index) => (
        <th key={index} scope="col" className="w-12 p-1" title={check.title}>
          #{index + 1}
          <span className="sr-only"> {check.title}</span>
        </th>
      ))}
      <th scope="col" className="p-1 text-left">
        Stuck
      </th>
      <th scope="col" className="w-48 p-1 text-left">
        Code
      </th>
    </tr>
  );
  return (
    <WindowedTable
      label={`Learners × checks of ${lesson.id}`}
      head={head}
      count={learners.length}
      rowHeight={ROW_HEIGHT}
      columns={lesson.checks.length + 3}
      row={(index) => <LessonRow key={learners[index].id} learner={learners[index]} lesson={lesson} context={context} />}
    />
  );
}
