import { useEffect, useState } from 'react';
import type { Store } from '../state/store.ts';
import type { ClassLesson } from '../../runtime/classroom/class-protocol.ts';
import { isStuck, lessonCounts } from './dashboard-progress.ts';
import type { DashboardState } from './dashboard-state.ts';

/** A bar of good (green), under way (amber) and stuck (red) out of `total`. */
function ProgressBar({ counts, total }: { counts: number[]; total: number }) {
  const part = (n: number) => `${total === 0 ? 0 : (100 * n) / total}%`;
  return (
    <div className="flex h-4 w-64 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
      {counts.map((count, index) => (
        <div key={index} className={['bg-green-500', 'bg-amber-400', 'bg-red-500'][index]} style={{ width: part(count) }} />
      ))}
    </div>
  );
}

/** One line of a counts table: what it counts (a lesson, a check) and its three counts. */
interface CountsRow {
  id: string;
  title: string;
  counts: [number, number, number];
}

const COUNT_CELL = 'p-1 text-right';

/** Three counts per row (e.g. done, working, stuck) with a bar: numbers and titles, never a name. */
function CountsTable({
  label,
  heads,
  rows,
  total,
}: {
  label: string;
  heads: [string, string, string, string];
  rows: CountsRow[];
  total: number;
}) {
  return (
    <table className="text-lg" aria-label={label}>
      <thead>
        <tr>
          {heads.map((head, index) => (
            <th key={head} scope="col" className={index === 0 ? 'p-1 text-left' : COUNT_CELL}>
              {head}
            </th>
          ))}
          <th scope="col" className="p-1">
            <span className="sr-only">Progress</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-row={row.id} className="border-t border-slate-300 dark:border-slate-700">
            <th scope="row" className="p-1 text-left font-normal">
              {row.title}
            </th>
            {row.counts.map((count, index) => (
              <td key={index} className={COUNT_CELL} data-count={heads[index + 1].toLowerCase()}>
                {count}
              </td>
            ))}
            <td className="p-1">
              <ProgressBar counts={row.counts} total={total} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Per lesson: how many learners are done, working, stuck. */
function lessonRows(state: DashboardState, now: number): CountsRow[] {
  const counts = lessonCounts(state, now);
  return (state.info?.lessons ?? []).map((lesson) => {
    const count = counts.get(lesson.id)!;
    return { id: lesson.id, title: lesson.title, counts: [count.done, count.working, count.stuck] };
  });
}

/** Per check of `lesson`: how many learners pass it, fail it, are stuck on it. */
function checkRows(state: DashboardState, lesson: ClassLesson, now: number): CountsRow[] {
  const minutes = state.info?.stuckMinutes ?? 5;
  return lesson.checks.map((check, index) => {
    const results = Object.keys(state.learners).map((id) => state.results[id]?.[lesson.id]?.[index]);
    const passing = results.filter((r) => r?.passed).length;
    const stuck = results.filter((r) => isStuck(r, minutes, now)).length;
    const failing = results.filter((r) => r && !r.passed).length - stuck;
    return { id: String(index), title: `#${index + 1} ${check.title}`, counts: [passing, failing, stuck] };
  });
}

/** How often the projector's counts are taken again: counting every learner at every frame would cost what batching saves. */
const RECOUNT_MS = 1000;

/** What the projector shows: how many learners are where, never who; counted again every second. */
export function ProjectorView({ store, lesson }: { store: Store<DashboardState>; lesson: ClassLesson | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RECOUNT_MS);
    return () => clearInterval(timer);
  }, []);
  const state = store.get();
  const total = Object.keys(state.learners).length;
  return lesson ? (
    <CountsTable
      label={`Class progress on ${lesson.id}`}
      heads={['Check', 'Passing', 'Failing', 'Stuck']}
      rows={checkRows(state, lesson, now)}
      total={total}
    />
  ) : (
    <CountsTable
      label="Class progress by lesson"
      heads={['Lesson', 'Done', 'Working', 'Stuck']}
      rows={lessonRows(state, now)}
      total={total}
    />
  );
}
