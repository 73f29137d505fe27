import { useState, type FormEvent } from 'react';
import { useConfirm } from '../layout/confirm-dialog.tsx';
import { useStore, type Store } from '../state/store.ts';
import { CLASS_LIMITS, type LearnerRecord } from '../../runtime/classroom/class-protocol.ts';
import { removeLearner, renameLearner } from './dashboard-actions.ts';
import type { DashboardState } from './dashboard-state.ts';
import { LearnerCode } from './learner-code.tsx';
import { useTeacherAction } from './use-teacher-action.ts';

/** The teacher's controls on one learner: rename, remove (after the page's own confirm dialog) and close, with what a failure said. */
function LearnerControls({
  learner,
  learnerId,
  teacherKey,
  onClose,
}: {
  learner: LearnerRecord;
  learnerId: string;
  teacherKey: string;
  onClose: () => void;
}) {
  const { askToConfirm } = useConfirm();
  const [name, setName] = useState(learner.name);
  const { problem, act } = useTeacherAction();
  const rename = (event: FormEvent) => {
    event.preventDefault();
    act(renameLearner(teacherKey, learnerId, name));
  };
  const remove = async () => {
    const ok = await askToConfirm({
      title: `Remove ${learner.name}?`,
      message: `${learner.name} leaves the class with every result they sent; their page says so, and they can join again with the class code.`,
      confirmLabel: 'Remove',
    });
    if (ok) act(removeLearner(teacherKey, learnerId));
  };
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-bold">{learner.name}</h2>
        <form className="flex items-center gap-2" onSubmit={rename}>
          <label className="flex items-center gap-2 text-sm">
            New name
            <input className="field" value={name} maxLength={CLASS_LIMITS.name} onChange={(e) => setName(e.target.value)} required />
          </label>
          <button type="submit" className="btn-ghost">
            Rename
          </button>
        </form>
        <button type="button" className="btn-ghost" onClick={() => void remove()}>
          Remove from the class
        </button>
        <button type="button" className="btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
    </>
  );
}

/**
 * One learner, picked by the teacher: rename, remove (after the page's own confirm dialog) and the code
 * they show. Closes by itself when the learner leaves.
 */
export function LearnerPanel({
  store,
  teacherKey,
  learnerId,
  onClose,
}: {
  store: Store<DashboardState>;
  teacherKey: string;
  learnerId: string;
  onClose: () => void;
}) {
  const learner = useStore(store, (s) => s.learners[learnerId]);
  const code = useStore(store, (s) => s.code[learnerId]);
  const results = useStore(store, (s) => s.results[learnerId]);
  const lessons = useStore(store, (s) => s.info?.lessons);
  if (!learner) return null;
  return (
    <section
      aria-label={`Learner ${learner.name}`}
      className="flex flex-col gap-2 rounded border border-slate-400 p-3 dark:border-slate-600"
    >
      <LearnerControls learner={learner} learnerId={learnerId} teacherKey={teacherKey} onClose={onClose} />
      {code ? (
        <LearnerCode
          code={code}
          learner={learner.name}
          lesson={lessons?.find((l) => l.id === code.lesson)}
          results={Object.values(results?.[code.lesson] ?? {})}
          onClose={onClose}
        />
      ) : (
        <p className="text-sm">{learner.name} shows no code.</p>
      )}
    </section>
  );
}
