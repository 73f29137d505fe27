import { useState } from 'react';
import { useEngine } from '../engine/engine-context.tsx';
import { useLessonChecksState } from '../lessons/lesson-checks.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { shareUrl } from '../share/link/share-fragment.ts';
import { encodeShare } from '../share/link/share-encode.ts';
import type { SharedProgram } from '../share/link/share-format.ts';
import { toSharedRequest } from '../share/link/shared-request.ts';
import { shareLengthWarning } from '../share/make-share-link.ts';
import { EXERCISE_FILE_EXTENSION } from '../../runtime/course/exercises/exercise-file-format.ts';
import { exerciseFileText } from '../share/link/exercise-file.ts';
import { useExerciseDraft } from './draft-store.ts';
import { proofVerdict, proveExercise } from './prove-exercise.ts';

/** What sharing made: the proofs in words, the link and the file's content. */
interface Shared {
  proof: { ok: boolean; lines: string[] };
  url: string;
  file: { name: string; text: string };
}

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

/** A file name from the exercise's title: `greeting-routes.halo-exercise`. */
function fileName(title: string): string {
  return `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'exercise'
  }${EXERCISE_FILE_EXTENSION}`;
}

/**
 * "Check and share": proves the exercise first (the solution passes every check, the starter fails one,
 * each on a fresh start), shows that, then gives the link (and the `.halo-exercise` file for links too
 * long to send).
 */
export function ShareExercise() {
  const engine = useEngine();
  const { borrowChecksHost } = useLessonChecksState();
  const { requestStore } = useRequest();
  const { draftExercise } = useExerciseDraft();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [shared, setShared] = useState<Shared | null>(null);
  const [override, setOverride] = useState(false);

  const share = async () => {
    const exercise = draftExercise();
    setShared(null);
    if (typeof exercise === 'string') return setProblem(exercise);
    setProblem(null);
    setBusy(true);
    try {
      const proof = proofVerdict(await borrowChecksHost(() => proveExercise(engine, exercise)));
      setOverride(false);
      const { starter, ...rest } = exercise;
      const program: SharedProgram = {
        lesson: null,
        files: starter,
        request: await toSharedRequest(requestStore.get().spec),
        exercise: rest,
      };
      const url = shareUrl(location.href, encodeShare(program));
      setShared({ proof, url, file: { name: fileName(exercise.title), text: exerciseFileText(program) } });
    } catch (error) {
      setProblem(`The checks could not be proved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const warning = shared && shareLengthWarning(shared.url.length);
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
      {shared && (
        <>
          <div
            role="status"
            data-testid="exercise-proof"
            data-ok={shared.proof.ok}
            className={shared.proof.ok ? '' : 'text-amber-900 dark:text-amber-200'}
          >
            {shared.proof.lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
          {!shared.proof.ok && (
            <label className="flex items-start gap-1 text-xs">
              <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} />
              Share it anyway: I know the proof above fails, and that learners may fail these checks with a right answer.
            </label>
          )}
        </>
      )}
      {shared && given && (
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
            <p
              role="alert"
              className="rounded border border-amber-600 bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              {warning} Or share it as a file: learners open it with “Open exercise…” or by dropping it on the playground.
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-ghost"
              onClick={() => void navigator.clipboard?.writeText(shared.url).catch(() => undefined)}
            >
              Copy link
            </button>
            <button type="button" className="btn-ghost" onClick={() => download(shared.file.name, shared.file.text)}>
              Download {EXERCISE_FILE_EXTENSION} file
            </button>
          </div>
        </>
      )}
    </section>
  );
}
