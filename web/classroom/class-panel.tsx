import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '../state/store.ts';
import { useLessonChecksState } from '../lessons/lesson-checks.ts';
import { useOpenExerciseText } from '../exercise/open-exercise-file.tsx';
import { checkClassCode, fetchClassExercise, type Membership as ClassMembership } from './class-api.ts';
import { useClassState } from './class-store.ts';

/** What is sent and to whom, in one paragraph (the issue asks for it plainly). */
const WHAT_IS_SENT =
  'Nothing leaves this browser until you turn sharing on. Then your teacher, and only your teacher, sees your name and, for each check you run, the lesson, the check, whether it passed, when, and for a failing check what was expected and what came back. Your code is sent only when you press "Show my code to the teacher", for the lesson open then. Other learners never see any of it. Stop sharing at any time: everything you sent leaves the dashboard. It all stays on the teacher\'s laptop and is gone when the class ends, unless the teacher keeps the class or exports the results.';

function JoinForm() {
  const { joinClass, classStore } = useClassState();
  const busy = useStore(classStore, (s) => s.busy);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void joinClass(code, name);
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <label className="flex flex-col text-sm">
        Class code
        <input
          className="field font-mono uppercase"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          maxLength={12}
          autoComplete="off"
        />
      </label>
      <label className="flex flex-col text-sm">
        Your name (as the teacher will see it)
        <input className="field" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} />
      </label>
      <button type="submit" className="btn self-start" disabled={busy}>
        Join the class
      </button>
    </form>
  );
}

/** The exercises the class serves, each with "Open": opened as an exercise file is, behind the run click. */
function ClassExercises({ membership }: { membership: ClassMembership }) {
  const openExercise = useOpenExerciseText();
  const [exercises, setExercises] = useState<{ id: string; title: string }[]>([]);
  useEffect(() => {
    let current = true;
    checkClassCode(membership.code).then(
      (info) => current && setExercises(info.exercises ?? []),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [membership.code]);
  if (exercises.length === 0) return null;
  return (
    <section aria-label="Exercises of the class" className="flex flex-col gap-1">
      <h3 className="font-bold">Exercises</h3>
      <ul className="flex flex-col gap-1">
        {exercises.map((exercise) => (
          <li key={exercise.id} className="flex items-center justify-between gap-2">
            <span>{exercise.title}</span>
            <button
              type="button"
              className="btn-ghost"
              aria-label={`Open ${exercise.title}`}
              onClick={() => void openExercise(() => fetchClassExercise(membership, exercise.id))}
            >
              Open
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The class is gone (a restart made a new one) or the teacher removed this learner: what happened, and the way on. */
function ClassGone() {
  const { classStore, joinNewClass, leaveClass } = useClassState();
  const { link, nextClass, busy } = useStore(classStore, (s) => s);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p role="status">
        {link === 'removed'
          ? 'The teacher removed you from the class. Nothing more is sent.'
          : `This class has ended: nothing more is sent.${nextClass ? ` The teacher started a new class: ${nextClass.title}.` : ' Ask your teacher for the new class code.'}`}
      </p>
      {link === 'ended' && nextClass && (
        <button type="button" className="btn self-start" disabled={busy} onClick={() => void joinNewClass()}>
          Join the new class
        </button>
      )}
      <button type="button" className="btn-ghost self-start" disabled={busy} onClick={() => void leaveClass()}>
        Leave the class
      </button>
    </div>
  );
}

function Membership() {
  const { classStore, shareResults, stopSharing, showMyCode, hideMyCode, leaveClass } = useClassState();
  const { lessonChecksStore } = useLessonChecksState();
  const { membership, busy, codeLesson, link } = useStore(classStore, (s) => s);
  // The open lesson or exercise: whatever has checks, as the class records results for it.
  const checked = useStore(lessonChecksStore, (s) => s.lessonId);
  if (!membership) return null;
  if (link === 'ended' || link === 'removed') return <ClassGone />;
  const sharing = membership.learnerId !== null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        Class <strong>{membership.title}</strong> ({membership.code}), as <strong>{membership.name}</strong>.
      </p>
      <p role="status">{sharing ? 'Sharing is on: your check results go to your teacher.' : 'Sharing is off: nothing is sent.'}</p>
      {link === 'unreachable' && <p>The class server does not answer (it may be restarting): this page keeps trying.</p>}
      {sharing ? (
        <>
          {codeLesson ? (
            <button type="button" className="btn-ghost self-start" disabled={busy} onClick={() => void hideMyCode()}>
              Hide my code ({codeLesson})
            </button>
          ) : (
            <button type="button" className="btn-ghost self-start" disabled={busy || !checked} onClick={() => void showMyCode()}>
              Show my code to the teacher{checked ? ` (${checked})` : ''}
            </button>
          )}
          <button type="button" className="btn self-start" disabled={busy} onClick={() => void stopSharing()}>
            Stop sharing
          </button>
        </>
      ) : (
        <button type="button" className="btn self-start" disabled={busy} onClick={() => void shareResults()}>
          Share my check results with the teacher
        </button>
      )}
      <button type="button" className="btn-ghost self-start" disabled={busy} onClick={() => void leaveClass()}>
        Leave the class
      </button>
      <ClassExercises membership={membership} />
    </div>
  );
}

/** The toolbar's **Class** button and its panel, on pages opened from a class server's join address. */
export function ClassButton() {
  const { classStore, toggleClassPanel, connectClassSharing } = useClassState();
  const { available, open, error, membership, link } = useStore(classStore, (s) => s);
  useEffect(() => connectClassSharing(), [connectClassSharing]);
  if (!available) return null;
  return (
    <>
      <button type="button" className="btn-ghost" aria-expanded={open} aria-controls="class-panel" onClick={toggleClassPanel}>
        Class{membership?.learnerId && (link === 'live' || link === 'unreachable') ? ' · sharing' : ''}
      </button>
      {open && (
        <section
          id="class-panel"
          aria-label="Class"
          className="fixed top-12 right-2 z-40 flex w-96 max-w-[95vw] flex-col gap-3 rounded border border-slate-400 bg-white p-3 text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          <h2 className="text-base font-bold">Class</h2>
          {membership ? <Membership /> : <JoinForm />}
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <p className="text-xs text-slate-700 dark:text-slate-300">{WHAT_IS_SENT}</p>
        </section>
      )}
    </>
  );
}
