import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { Check } from '../../runtime/checks/check-format.ts';
import { runChecks, type CheckResult } from '../../runtime/checks/run-checks.ts';
import type { Files } from '../state/files-store.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';

/** What the two proofs of an exercise found: the solution passes every check, the starter fails at least one. */
interface ExerciseProof {
  /** The solution's results; null when the exercise has none. */
  solution: CheckResult[] | null;
  starter: CheckResult[];
}

const PROOF_TIMEOUT_MS = 20_000;

/** Runs `checks` against a fresh start of `files` in the engine. */
async function checksOn(engine: PlaygroundEngine, files: Files, checks: readonly Check[]): Promise<CheckResult[]> {
  const start = async (): Promise<void> => {
    const compiled = await engine.compile(files);
    if (!compiled.ok) throw new Error('the program does not compile');
    await engine.run(compiled.bundle);
  };
  await start();
  return runChecks(checks, {
    origin: engine.state.origins[0] ?? FALLBACK_ORIGIN,
    fetch: (input, init) => globalThis.fetch(input, init),
    timeoutMs: PROOF_TIMEOUT_MS,
    restart: start,
  });
}

/**
 * The proofs the course validator makes, in the playground: the solution (when there is one) passes
 * every check and the starter fails at least one, each on a fresh start. Leaves the starter running:
 * the caller starts the editor's program again.
 */
export async function proveExercise(
  engine: PlaygroundEngine,
  exercise: { starter: Files; solution: Files | null; checks: readonly Check[] },
): Promise<ExerciseProof> {
  const solution = exercise.solution ? await checksOn(engine, exercise.solution, exercise.checks) : null;
  const starter = await checksOn(engine, exercise.starter, exercise.checks);
  return { solution, starter };
}

/** The proofs in words: what holds, and what the author must fix before sharing. */
export function proofVerdict(proof: ExerciseProof): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  if (proof.solution) {
    const failed = proof.solution.filter((r) => !r.passed);
    if (failed.length === 0) lines.push(`The solution passes all ${proof.solution.length} checks.`);
    else {
      ok = false;
      lines.push(`The solution fails ${failed.map((r) => `"${r.title}" (${r.steps.at(-1)?.failures[0] ?? 'failed'})`).join(', ')}.`);
    }
  } else lines.push('No solution included: only the starter is proved.');
  const starterFails = proof.starter.filter((r) => !r.passed).length;
  if (starterFails > 0) lines.push(`The starter fails ${starterFails} of ${proof.starter.length} checks, so there is something to do.`);
  else {
    ok = false;
    lines.push('The starter passes every check: the exercise asks nothing. Change the starter or add a check it fails.');
  }
  return { ok, lines };
}
