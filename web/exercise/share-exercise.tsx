import { shareLengthWarning } from '../share/make-share-link.ts';
import { EXERCISE_FILE_EXTENSION } from '../../runtime/course/exercises/exercise-file-format.ts';
import { useShareExercise, type SharedExercise } from './use-share-exercise.ts';

/** Offers `text` as a download named `name`. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The proof in words, and when it failed, the author's choice to share the exercise anyway. */
function ExerciseProof({
  proof,
  override,
  setOverride,
}: {
  proof: SharedExercise['proof'];
  override: boolean;
  setOverride: (override: boolean) => void;
}) {
  return (
    <>
      <div
        role="status"
        data-testid="exercise-proof"
        data-ok={proof.ok}
        data-cause={proof.cause}
        className={proof.ok ? '' : 'text-amber-900 dark:text-amber-200'}
      >
        {proof.lines.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      {!proof.ok && (
        <label className="flex items-start gap-1 text-xs">
          <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} />
          Share it anyway: I know the proof above fails, and that learners may fail these checks with a right answer.
        </label>
      )}
    </>
  );
}

/** The exercise's link, its length (with a warning when too long to send) and its file to download. */
function ExerciseLink({ shared }: { shared: SharedExercise }) {
  const warning = shareLengthWarning(shared.url.length);
  return (
    <>
      <input
        className="field w-full font-mono text-xs"
        readOnly
        value={shared.url}
        aria-label="Exercise link"
        onFocus={(e) => e.target.select()}
      />
      <p className="text-xs">Exercise link: {shared.url.length.toLocaleString('en')} characters.</p>
      {warning && (
        <p role="alert" className="rounded border border-amber-600 bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {warning} Or share it as a file: learners open it with “Open exercise…” or by dropping it on the playground.
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-ghost" onClick={() => void navigator.clipboard?.writeText(shared.url).catch(() => undefined)}>
          Copy link
        </button>
        <button type="button" className="btn-ghost" onClick={() => download(shared.file.name, shared.file.text)}>
          Download {EXERCISE_FILE_EXTENSION} file
        </button>
      </div>
    </>
  );
}

/**
 * "Check and share": proves the exercise first (the solution passes every check, the starter fails one,
 * each on a fresh start), shows that, then gives the link (and the `.halo-exercise` file for links too
 * long to send).
 */
export function ShareExercise() {
  const { busy, problem, shared, override, setOverride, share } = useShareExercise();
  // A failing proof gives no link: learners would fail the exercise, unless the author knowingly shares it anyway.
  const given = shared && (shared.proof.ok || override);
  return (
    <section aria-label="Share the exercise" className="flex flex-col gap-2">
      <button type="button" className="btn self-start" disabled={busy} onClick={() => void share()}>
        {busy ? 'Proving the checks…' : 'Check and share the exercise'}
      </button>
      {problem && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      {shared && <ExerciseProof proof={shared.proof} override={override} setOverride={setOverride} />}
      {shared && given && <ExerciseLink shared={shared} />}
    </section>
  );
}
