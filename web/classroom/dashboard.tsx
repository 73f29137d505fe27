import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../state/store.ts';
import { CLASS_EXPORT_PATH, CLASS_HEADERS, type ClassLesson, type ResultRecord } from '../../runtime/classroom/class-protocol.ts';
import { connectDashboard, isStuck, type DashboardState } from './dashboard-store.ts';
import { LearnerCode } from './learner-code.tsx';

/** The lesson with the most recent result: what the class is working on. */
function latestLesson(results: Record<string, ResultRecord>): string | null {
  let latest: ResultRecord | null = null;
  for (const result of Object.values(results)) if (!latest || result.at > latest.at) latest = result;
  return latest?.lesson ?? null;
}

/** Downloads the class CSV (the teacher key travels in a header, never in a link). */
async function exportCsv(key: string, code: string): Promise<void> {
  const response = await fetch(new URL(CLASS_EXPORT_PATH, location.href), { headers: { [CLASS_HEADERS.key]: key } });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `class-${code}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A clock that ticks every few seconds, so "stuck" appears without a new result. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Grid({ state, lesson, onShowCode }: { state: DashboardState; lesson: ClassLesson; onShowCode: (learnerId: string) => void }) {
  const now = useNow();
  const stuckMinutes = state.info?.stuckMinutes ?? 5;
  const learners = [...state.learners].sort((a, b) => a.name.localeCompare(b.name));
  const resultOf = (learnerId: string, check: number) => state.results[`${learnerId}:${lesson.id}:${check}`];
  return (
    <table className="w-full border-collapse text-sm" aria-label={`Learners × checks of ${lesson.id}`}>
      <thead>
        <tr>
          <th scope="col" className="p-1 text-left">
            Learner
          </th>
          {lesson.checks.map((check, index) => (
            <th key={index} scope="col" className="p-1" title={check.title}>
              #{index + 1}
              <span className="sr-only"> {check.title}</span>
            </th>
          ))}
          <th scope="col" className="p-1 text-left">
            Stuck
          </th>
          <th scope="col" className="p-1 text-left">
            Code
          </th>
        </tr>
      </thead>
      <tbody>
        {learners.map((learner) => {
          const stuck = lesson.checks.map((_, index) => index).filter((index) => isStuck(resultOf(learner.id, index), stuckMinutes, now));
          return (
            <tr key={learner.id} data-learner={learner.name} className="border-t border-slate-300 dark:border-slate-700">
              <th scope="row" className="p-1 text-left font-normal">
                {learner.name}
              </th>
              {lesson.checks.map((_, index) => {
                const result = resultOf(learner.id, index);
                const state = result ? (result.passed ? 'pass' : 'fail') : '';
                return (
                  <td
                    key={index}
                    data-check={index}
                    data-state={state}
                    className={`p-1 text-center ${state === 'pass' ? 'bg-green-100 dark:bg-green-900' : state === 'fail' ? 'bg-red-100 dark:bg-red-900' : ''}`}
                  >
                    {state === 'pass' ? '✓' : state === 'fail' ? '✗' : '–'}
                    <span className="sr-only">{state || 'not run'}</span>
                  </td>
                );
              })}
              <td className="p-1" data-stuck={stuck.length > 0 ? 'yes' : 'no'}>
                {stuck.length > 0 ? `stuck on ${stuck.map((index) => `#${index + 1}`).join(', ')}` : ''}
              </td>
              <td className="p-1">
                {state.code[learner.id] && (
                  <button type="button" className="btn-ghost" onClick={() => onShowCode(learner.id)}>
                    Code ({state.code[learner.id].lesson})
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The teacher's dashboard: the class code and QR code, learners × checks live, who is stuck, shown code, the CSV. */
export function Dashboard({ teacherKey }: { teacherKey: string }) {
  const dashboard = useMemo(() => connectDashboard(teacherKey), [teacherKey]);
  useEffect(() => dashboard.start(), [dashboard]);
  const state = useStore(dashboard.store, (s) => s);
  const [chosen, setChosen] = useState<string | null>(null);
  const [codeOf, setCodeOf] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const info = state.info;
  if (state.status === 'refused') return <p role="alert">The class server refused this key: {state.refusal}</p>;
  if (!info) return <p role="status">Connecting to the class…</p>;
  const lessonId = chosen ?? latestLesson(state.results) ?? info.lessons[0]?.id;
  const lesson = info.lessons.find((l) => l.id === lessonId) ?? info.lessons[0];
  const shown = codeOf ? state.code[codeOf] : undefined;
  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex flex-wrap items-start gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold">{info.title}: class dashboard</h1>
          <p className="text-lg">
            Class code{' '}
            <strong className="font-mono text-3xl" data-testid="class-code">
              {info.code}
            </strong>
          </p>
          <p>
            Learners open <span className="font-mono">{info.joinUrl}</span>
          </p>
          <p role="status" className="text-sm">
            {state.status === 'live' ? `Live · ${state.learners.length} learner(s) sharing` : 'Reconnecting…'}
          </p>
        </div>
        <img
          className="h-40 w-40 bg-white"
          alt={`QR code of ${info.joinUrl}`}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.joinQrSvg)}`}
        />
      </header>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          Lesson
          <select className="field" value={lesson?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {info.lessons.map((l) => (
              <option key={l.id} value={l.id}>
                {l.id.startsWith('exercise-') ? 'Exercise' : l.id}: {l.title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn"
          onClick={() => void exportCsv(teacherKey, info.code).catch((error: Error) => setExportError(error.message))}
        >
          Export CSV
        </button>
        {exportError && <span role="alert">{exportError}</span>}
        <span className="text-sm">Stuck: the same check failing for more than {info.stuckMinutes} minute(s).</span>
      </div>
      {lesson && <Grid state={state} lesson={lesson} onShowCode={setCodeOf} />}
      {shown && (
        <LearnerCode
          code={shown}
          learner={state.learners.find((l) => l.id === shown.learnerId)?.name ?? ''}
          lesson={info.lessons.find((l) => l.id === shown.lesson)}
          results={Object.values(state.results).filter((r) => r.learnerId === shown.learnerId && r.lesson === shown.lesson)}
          onClose={() => setCodeOf(null)}
        />
      )}
    </div>
  );
}
