import { useStore } from '../state/store.ts';
import { useExerciseDraft, type DraftCheck } from './draft-store.ts';
import { chooseFor, retitle } from './draft-recording.ts';
import { DraftStepFields } from './draft-step-fields.tsx';
import type { Replay } from '../../runtime/course/checks/replay-exchange.ts';
import type { Exchange } from '../../runtime/course/checks/record-check.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import { checkTests } from '../../runtime/course/checks/check-tests.ts';
import { boundWords } from '../../runtime/course/checks/proof-bound.ts';

/** An exchange in a few words: `POST /notes → 201`, or the message that came on a connection. */
function exchangeWords(exchange: Exchange): string {
  if (exchange.kind === 'http') return `${exchange.request.method} ${exchange.request.path} → ${exchange.response.status}`;
  return `${exchange.path}: a message on ${exchange.received.socket.toUpperCase()}`;
}

/** What the replays found, in words: nothing changes, the fields left out or checked by kind, and the warnings. */
function ReplayReport({ replay }: { replay: Replay[] | null | undefined }) {
  if (replay === null)
    return (
      <p className="text-xs" role="status">
        Replaying on fresh starts (one a day later, in a far time zone) to find values that change…
      </p>
    );
  if (!replay) return null;
  const unstable = replay.flatMap((r) => r.unstable);
  const loosened = unstable.filter((u) => !u.flaky);
  const flaky = unstable.filter((u) => u.flaky);
  const warnings = replay.flatMap((r) => r.warnings);
  const runs = replay[0]?.runs ?? 0;
  const replayed = `Replayed ${runs} times on fresh starts, two days later in a far time zone too (${boundWords(runs, 'answers')})`;
  return (
    <div className="text-xs" data-testid="replay-report" role="status">
      {unstable.length === 0 && warnings.length === 0 && <p>{replayed}: nothing changes between runs.</p>}
      {loosened.length > 0 && (
        <p>
          {replayed}: left out {loosened.map((u) => u.path).join(', ')} (values that change between runs; each checked by its kind where it
          has one).
        </p>
      )}
      {flaky.map((u) => (
        <p key={u.path} role="alert" className="text-amber-800 dark:text-amber-300">
          {u.path} {u.reason}.
        </p>
      ))}
      {warnings.map((warning, i) => (
        <p key={i} role="alert" className="text-amber-800 dark:text-amber-300">
          {warning}
        </p>
      ))}
    </div>
  );
}

/** Every test the shared check runs, step by step, exactly: a flow's read-back compares with the capture, which the fields above do not show. */
function CheckTests({ check }: { check: Check }) {
  const tests = checkTests(check);
  const flow = 'steps' in check;
  return (
    <details open className="text-xs" data-testid="check-tests">
      <summary>What the shared check tests ({tests.length})</summary>
      <ul className="font-mono">
        {tests.map((t, i) => (
          <li key={i}>
            {flow ? `step ${t.step} · ` : ''}
            {t.place}: {t.test}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The switch that makes "Add as check" add the next exchanges as steps of check `index`, and what it does while on. */
function AddStepsToggle({ index, label }: { index: number; label: string }) {
  const { draftStore } = useExerciseDraft();
  const adding = useStore(draftStore, (s) => s.appendTo) === index;
  return (
    <>
      <button
        type="button"
        className="btn-ghost self-start text-xs"
        aria-pressed={adding}
        onClick={() => draftStore.set({ appendTo: adding ? null : index })}
      >
        {adding ? 'Done adding steps' : 'Add the next exchanges as steps of this check'}
      </button>
      {adding && (
        <p className="text-xs" role="status">
          “Add as check” now adds each exchange as the next step of {label.toLowerCase()}; values it sends that an earlier step answered (an
          id in the path) become captures.
        </p>
      )}
    </>
  );
}

/** One check of the exercise being made: its title, its steps (each answer's fields, compared by value or by kind), what the replays found, and "add the next exchanges as steps". */
export function DraftCheckCard({ entry, index }: { entry: DraftCheck; index: number }) {
  const draft = useExerciseDraft();
  const recording = entry.recording;
  const label = `Check ${index + 1}`;
  const remove = (
    <button
      type="button"
      className="btn-ghost ml-auto"
      onClick={() => draft.removeCheck(index)}
      aria-label={`Remove ${label.toLowerCase()}`}
    >
      Remove
    </button>
  );
  if (!recording) {
    return (
      <li className="flex items-center gap-2 rounded border border-slate-300 p-2 dark:border-slate-700" data-testid="draft-check">
        <span>{entry.check.title}</span> <span className="text-xs">(edited as JSON)</span>
        {remove}
      </li>
    );
  }
  const flow = recording.parts.length > 1;
  return (
    <li className="flex flex-col gap-1 rounded border border-slate-300 p-2 dark:border-slate-700" data-testid="draft-check">
      <div className="flex items-center gap-2">
        <input
          className="field min-w-0 flex-1"
          aria-label={`${label} title`}
          value={recording.title}
          onChange={(e) => retitle(draft, index, e.target.value)}
        />
        {remove}
      </div>
      {recording.parts.map((part, n) => (
        <div key={n} className={flow ? 'border-l-2 border-slate-300 pl-2 dark:border-slate-600' : ''} data-testid="draft-step">
          {flow && (
            <p className="text-xs font-semibold">
              Step {n + 1}: {exchangeWords(part.exchange)}
            </p>
          )}
          <DraftStepFields
            part={part}
            label={flow ? `${label} step ${n + 1}` : label}
            later={n > 0}
            choose={(patch) => chooseFor(draft, index, n, patch)}
          />
        </div>
      ))}
      <CheckTests check={entry.check} />
      <ReplayReport replay={entry.replay} />
      <AddStepsToggle index={index} label={label} />
    </li>
  );
}
