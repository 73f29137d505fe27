import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '../state/store.ts';
import { exportCsv, lockJoining } from './dashboard-actions.ts';
import { chosenLesson, projectorWasOn, rememberLesson, rememberProjector } from './dashboard-key.ts';
import { LearnerPanel } from './dashboard-learner.tsx';
import { LessonGrid, type RowContext } from './dashboard-lesson-grid.tsx';
import { Overview, StuckList } from './dashboard-overview.tsx';
import { byName } from './dashboard-progress.ts';
import type { ClassInfo, ClassLesson } from '../../runtime/classroom/class-protocol.ts';
import { ProjectorView } from './dashboard-projector.tsx';
import { connectDashboard } from './dashboard-store.ts';
import { useTeacherAction } from './use-teacher-action.ts';

/** A clock that ticks every few seconds, so "stuck" and its duration move without a new result. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the class is now: live or not, how many share (of how many may), whether joining is locked. */
function classStatus(status: string, count: number, info: ClassInfo): string {
  if (status !== 'live') return 'Reconnecting…';
  return `Live · ${count} of ${info.maxLearners} learners sharing${info.joiningLocked ? ' · joining locked' : ''}`;
}

/** The class code, where to join, the QR code and the class's status: what the room reads off the projector. */
function ClassHeader({ info, status }: { info: ClassInfo; status: string }) {
  return (
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
          {status}
        </p>
      </div>
      <img
        className="h-40 w-40 bg-white"
        alt={`QR code of ${info.joinUrl}`}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.joinQrSvg)}`}
      />
    </header>
  );
}

/** A labelled on/off switch. */
function Switch({ label, on, onChange }: { label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** What the dashboard says when the class server refuses the key, with the way to give another. */
function KeyRefused({ refusal, onWrongKey }: { refusal: string | null; onWrongKey: () => void }) {
  return (
    <div className="flex flex-col gap-2 p-4">
      <p role="alert">The class server refused this key: {refusal}</p>
      <button type="button" className="btn self-start" onClick={onWrongKey}>
        Enter another key
      </button>
    </div>
  );
}

/** The dashboard's controls: the overview or one lesson, projector mode, the lock on joining and the CSV, with what an action's failure said. */
function DashboardNav({
  info,
  teacherKey,
  lesson,
  onLesson,
  projector,
  onProjector,
}: {
  info: ClassInfo;
  teacherKey: string;
  lesson: ClassLesson | null;
  onLesson: (lessonId: string | null) => void;
  projector: boolean;
  onProjector: (on: boolean) => void;
}) {
  const { problem, act } = useTeacherAction();
  return (
    <nav aria-label="Dashboard" className="flex flex-wrap items-center gap-3">
      <button type="button" className={lesson ? 'btn-ghost' : 'btn'} aria-pressed={!lesson} onClick={() => onLesson(null)}>
        Overview
      </button>
      <label className="flex items-center gap-2 text-sm">
        Lesson
        <select className="field" aria-label="Lesson" value={lesson?.id ?? ''} onChange={(e) => onLesson(e.target.value || null)}>
          <option value="">All lessons (overview)</option>
          {info.lessons.map((l) => (
            <option key={l.id} value={l.id}>
              {l.id.startsWith('exercise-') ? 'Exercise' : l.id}: {l.title}
            </option>
          ))}
        </select>
      </label>
      <Switch label="Projector (no names)" on={projector} onChange={onProjector} />
      <Switch label="Lock joining" on={info.joiningLocked} onChange={(on) => act(lockJoining(teacherKey, info.code, on))} />
      <button type="button" className="btn" onClick={() => act(exportCsv(teacherKey, info.code))}>
        Export CSV
      </button>
      {problem && <span role="alert">{problem}</span>}
      <span className="text-sm">Stuck: the same check failing for more than {info.stuckMinutes} minute(s).</span>
    </nav>
  );
}

/**
 * The teacher's dashboard: the class code and QR code; by default every learner × every lesson (done,
 * working, stuck) with who is stuck, longest first; one lesson's learners × checks one click away (it
 * changes only when the teacher picks another); projector mode without names; a learner's code, rename
 * and remove; lock joining; the CSV.
 */
export function Dashboard({ teacherKey, onWrongKey }: { teacherKey: string; onWrongKey: () => void }) {
  const dashboard = useMemo(() => connectDashboard(teacherKey), [teacherKey]);
  useEffect(() => dashboard.start(), [dashboard]);
  const { store } = dashboard;
  const status = useStore(store, (s) => s.status);
  const refusal = useStore(store, (s) => s.refusal);
  const info = useStore(store, (s) => s.info);
  const learnerMap = useStore(store, (s) => s.learners);
  const learners = useMemo(() => byName(learnerMap), [learnerMap]);
  const [lessonId, setLessonId] = useState(chosenLesson);
  const chooseLesson = useCallback((id: string | null) => {
    rememberLesson(id);
    setLessonId(id);
  }, []);
  const [picked, setPicked] = useState<string | null>(null);
  const [projector, setProjector] = useState(projectorWasOn);
  const now = useNow();
  const stuckMinutes = info?.stuckMinutes ?? 5;
  const context = useMemo<RowContext>(() => ({ store, stuckMinutes, now, onPick: setPicked }), [store, stuckMinutes, now]);
  if (status === 'refused') return <KeyRefused refusal={refusal} onWrongKey={onWrongKey} />;
  if (!info) return <p role="status">Connecting to the class…</p>;
  const lesson = info.lessons.find((l) => l.id === lessonId) ?? null;
  const project = (on: boolean) => {
    rememberProjector(on);
    setProjector(on);
  };
  return (
    <div className="flex flex-col gap-4 p-4">
      <ClassHeader info={info} status={classStatus(status, learners.length, info)} />
      <DashboardNav
        info={info}
        teacherKey={teacherKey}
        lesson={lesson}
        onLesson={chooseLesson}
        projector={projector}
        onProjector={project}
      />
      {projector ? (
        <ProjectorView store={store} lesson={lesson} />
      ) : (
        <>
          {picked && <LearnerPanel key={picked} store={store} teacherKey={teacherKey} learnerId={picked} onClose={() => setPicked(null)} />}
          <StuckList context={context} onLesson={chooseLesson} />
          {lesson ? (
            <LessonGrid learners={learners} lesson={lesson} context={context} />
          ) : (
            <Overview learners={learners} lessons={info.lessons} context={context} onLesson={chooseLesson} />
          )}
        </>
      )}
    </div>
  );
}
