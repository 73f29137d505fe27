import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import { runChecks, type CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { FreshStart } from '../../runtime/course/checks/replay-exchange.ts';
import type { Files } from '../state/files-store.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';
import { freshStarts } from './fresh-starts.ts';

/** Results of the checks on one start, and how that start differed (another day, another zone). */
interface ProvedRun {
  results: CheckResult[];
  label?: string;
}

/** What the two proofs of an exercise found: the solution passes every check on every start, the starter fails at least one. */
interface ExerciseProof {
  /** The solution's first failing run, else its last; null when the exercise has none. */
  solution: ProvedRun | null;
  starter: CheckResult[];
}

const PROOF_TIMEOUT_MS = 20_000;

/** Proofs are numbered, so each start gets databases of its own. */
let proofs = 0;

/** Runs `checks` on `start` (a fresh start on the checks' host). */
async function checksOn(engine: PlaygroundEngine, { start, label }: FreshStart, checks: readonly Check[]): Promise<ProvedRun> {
  await start();
  const results = await runChecks(checks, {
    origin: engine.state.origins[0] ?? FALLBACK_ORIGIN,
    fetch: (input, init) => engine.fetchForChecks(input, init),
    WebSocket: engine.ChecksWebSocket,
    timeoutMs: PROOF_TIMEOUT_MS,
    restart: start,
  });
  return { results, ...(label ? { label } : {}) };
}

/**
 * The proofs the course validator makes, in the playground, on the checks' own host (the teacher's running
 * program untouched): the solution (when there is one) passes every check on each of the replay's fresh starts —
 * three today, one two days later in a far time zone — and the starter fails at least one.
 */
export async function proveExercise(
  engine: PlaygroundEngine,
  exercise: { starter: Files; solution: Files | null; checks: readonly Check[] },
): Promise<ExerciseProof> {
  proofs += 1;
  try {
    let solution: ProvedRun | null = null;
    for (const start of exercise.solution ? freshStarts(engine, exercise.solution, `proof-${proofs}-solution`) : []) {
      solution = await checksOn(engine, start, exercise.checks);
      if (solution.results.some((r) => !r.passed)) break;
    }
    const [starterStart] = freshStarts(engine, exercise.starter, `proof-${proofs}-starter`);
    const starter = (await checksOn(engine, starterStart, exercise.checks)).results;
    return { solution, starter };
  } finally {
    engine.stopChecks();
  }
}

/** The proofs in words: what holds, and what the author must fix before sharing. */
export function proofVerdict(proof: ExerciseProof): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  if (proof.solution) {
    const failed = proof.solution.results.filter((r) => !r.passed);
    if (failed.length === 0)
      lines.push(
        `The solution passes all ${proof.solution.results.length} checks, on four fresh starts (one two days later, in a far time zone).`,
      );
    else {
      ok = false;
      const when = proof.solution.label ? ` on a fresh start ${proof.solution.label}` : '';
      lines.push(
        `The solution fails${when} ${failed.map((r) => `"${r.title}" (${r.steps.at(-1)?.failures[0] ?? 'failed'})`).join(', ')}: learners would fail it too. Check that field by its kind, or leave it out.`,
      );
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
