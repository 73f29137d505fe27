import { useState } from 'react';
import { useEngine } from '../engine/engine-context.tsx';
import { useLessonChecksState } from '../lessons/lesson-checks.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { shareUrl } from '../share/link/share-fragment.ts';
import { encodeShare } from '../share/link/share-encode.ts';
import type { SharedProgram } from '../share/link/share-format.ts';
import { toSharedRequest } from '../share/link/shared-request.ts';
import { EXERCISE_FILE_EXTENSION } from '../../runtime/course/exercises/exercise-file-format.ts';
import { exerciseFileText } from '../share/link/exercise-file.ts';
import { useExerciseDraft } from './draft-store.ts';
import { proveExercise } from './prove-exercise.ts';
import { proofVerdict, type ProofVerdict } from './proof-verdict.ts';

/** What sharing made: the proofs in words, the link and the file's content. */
export interface SharedExercise {
  proof: ProofVerdict;
  url: string;
  file: { name: string; text: string };
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
 * Sharing the exercise being made: `share` proves it (each on a fresh start), then makes its link and file; `override`
 * is the author's choice to share one whose proof failed, asked again after each proof.
 */
export function useShareExercise() {
  const engine = useEngine();
  const { borrowChecksHost } = useLessonChecksState();
  const { requestStore } = useRequest();
  const { draftExercise } = useExerciseDraft();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [shared, setShared] = useState<SharedExercise | null>(null);
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
  return { busy, problem, shared, override, setOverride, share };
}
