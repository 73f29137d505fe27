import { useEffect, useState } from 'react';
import type { Store } from '../state/store.ts';
import type { ClassLesson } from '../../runtime/classroom/class-protocol.ts';
import { isStuck, lessonCounts } from './dashboard-progress.ts';
import type { DashboardState } from './dashboard-state.ts';

/** A bar of done (green), working (amber) and stuck (red) out of `total`. */
function ProgressBar({ done, working, stuck, total }: { done: number; working: number; stuck: number; total: number }) {
  const part = (n: number) => `${total === 0 ? 0 : (100 * n) / total}%`;
  return (
    <div className="flex h-4 w-64 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
      <div className="bg-green-500" style={{ width: part(done) }} />
      <div className="bg-amber-400" style={{ width: part(working) }} />
      <div className="bg-red-500" style={{ width: part(stuck) }} />
    </div>
  );
}

const HEAD_CELL = 'p-1 text-right';

/** Counts per lesson (done, working, stuck) for the projector: no name of anyone. */
function LessonCounts({ state, now }: { state: DashboardState; now: number }) {
  const counts = lessonCounts(state, now);
  const total = Object.keys(state.learners).length;
  return (
    <table className="text-lg" aria-label="Class progress by lesson">
      <thead>
        <tr>
          <th scope="col" className="p-1 text-left">
            Lesson
          </th>
          <th scope="col" className={HEAD_CELL}>
            Done
          </th>
          <th scope="col" className={HEAD_CELL}>
            Working
          </th>
          <th scope="col" className={HEAD_CELL}>
            Stuck
          </th>
          <th scope="col" className="p-1">
            <span className="sr-only">Progress</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {state.info?.lessons.map((lesson) => {
          const count = counts.get(lesson.id)!;
          return (
            <tr key={lesson.id} data-lesson={lesson.id} className="border-t border-slate-300 dark:border-slate-700">
              <th scope="row" className="p-1 text-left font-normal">
                {lesson.title}
              </th>
              <td className={HEAD_CELL} data-count="done">
                {count.done}
              </td>
              <td className={HEAD_CELL} data-count="working">
                {count.working}
              </td>
              <td className={HEAD_CELL} data-count="stuck">
                {count.stuck}
              </td>
              <td className="p-1">
                <ProgressBar done={count.done} working={count.working} stuck={count.stuck} total={total} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Counts per check of one lesson (passing, failing, stuck) for the projector. */
function CheckCounts({ state, lesson, now }: { state: DashboardState; lesson: ClassLesson; now: number }) {
  const minutes = state.info?.stuckMinutes ?? 5;
  const total = Object.keys(state.learners).length;
  return (
    <table className="text-lg" aria-label={`Class progress on ${lesson.id}`}>
      <thead>
        <tr>
          <th scope="col" className="p-1 text-left">
            Check
          </th>
          <th scope="col" className={HEAD_CELL}>
            Passing
          </th>
          <th scope="col" className={HEAD_CELL}>
            Failing
          </th>
          <th scope="col" className={HEAD_CELL}>
            Stuck
          </th>
          <th scope="col" className="p-1">
            <span className="sr-only">Progress</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lesson.checks.map((check, index) => {
          const results = Object.keys(state.learners).map((id) => state.results[id]?.[lesson.id]?.[index]);
          const passing = results.filter((r) => r?.passed).length;
          const stuck = results.filter((r) => isStuck(r, minutes, now)).length;
          const failing = results.filter((r) => r && !r.passed).length - stuck;
          return (
            <tr key={index} data-check={index} className="border-t border-slate-300 dark:border-slate-700">
              <th scope="row" className="p-1 text-left font-normal">
                #{index + 1} {check.title}
              </th>
              <td className={HEAD_CELL} data-count="passing">
                {passing}
              </td>
              <td className={HEAD_CELL} data-count="failing">
                {failing}
              </td>
              <td className={HEAD_CELL} data-count="stuck">
                {stuck}
              </td>
              <td className="p-1">
                <ProgressBar done={passing} working={failing} stuck={stuck} total={total} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
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
  return lesson ? <CheckCounts state={state} lesson={lesson} now={now} /> : <LessonCounts state={state} now={now} />;
}
