import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import { runChecks, type CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { FreshStart } from '../../runtime/course/checks/replay-exchange.ts';
import { PROOF_RUNS } from '../../runtime/course/checks/proof-bound.ts';
import type { Files } from '../state/files-store.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';
import { freshStarts } from './fresh-starts.ts';

/** One run of the checks on a fresh start: their results, or why the start failed. */
export type ProvedRun = { results: CheckResult[]; label?: string } | { startError: string; label?: string };

/** What the solution's runs showed: how many ran and passed, and the first that failed. */
export interface SolutionProof {
  runs: number;
  passed: number;
  /** The first failing run, and its number (from 1). */
  failure: { run: number; proved: ProvedRun } | null;
  /** Whether the runs stopped at the time limit before PROOF_RUNS. */
  timedOut: boolean;
}

/** What the two proofs of an exercise found: the solution passes every check on every start, the starter fails at least one. */
export interface ExerciseProof {
  /** Null when the exercise has no solution. */
  solution: SolutionProof | null;
  starter: CheckResult[];
}

const PROOF_TIMEOUT_MS = 20_000;

/** The solution's runs stop here even short of PROOF_RUNS (a program opening a database on each start); the card then states the bound its runs reached. */
const PROOF_TIME_MS = 90_000;

/** After a failure, how many more runs look for a passing one: eight failures in a row of a program that fails 3 runs in 10 happen once in 15 000. */
const RUNS_AFTER_FAILURE = 8;

/** Proofs are numbered, so each start gets databases of its own. */
let proofs = 0;

/** Runs `checks` on `start` (a fresh start on the checks' host); a start that throws is a failed run. */
async function checksOn(engine: PlaygroundEngine, { start, label }: FreshStart, checks: readonly Check[]): Promise<ProvedRun> {
  const named = label ? { label } : {};
  try {
    await start();
  } catch (error) {
    return { startError: error instanceof Error ? error.message : String(error), ...named };
  }
  const results = await runChecks(checks, {
    origin: engine.state.origins[0] ?? FALLBACK_ORIGIN,
    fetch: (input, init) => engine.fetchForChecks(input, init),
    WebSocket: engine.ChecksWebSocket,
    timeoutMs: PROOF_TIMEOUT_MS,
    restart: start,
  });
  return { results, ...named };
}

/** Whether a run passed every check. */
const runPassed = (run: ProvedRun): boolean => 'results' in run && run.results.every((r) => r.passed);

/**
 * The solution on up to PROOF_RUNS fresh starts (or PROOF_TIME_MS): all of them while it passes; after a failure,
 * until a run passes (it varies) or RUNS_AFTER_FAILURE more fail (it always fails).
 */
async function proveSolution(engine: PlaygroundEngine, solution: Files, checks: readonly Check[]): Promise<SolutionProof> {
  const started = performance.now();
  const proof: SolutionProof = { runs: 0, passed: 0, failure: null, timedOut: false };
  for (const start of freshStarts(engine, solution, `proof-${proofs}-solution`, PROOF_RUNS)) {
    if (performance.now() - started > PROOF_TIME_MS && proof.runs >= 4) {
      proof.timedOut = true;
      break;
    }
    const run = await checksOn(engine, start, checks);
    proof.runs += 1;
    if (runPassed(run)) {
      proof.passed += 1;
      if (proof.failure) break;
    } else {
      proof.failure ??= { run: proof.runs, proved: run };
      if (proof.passed > 0 || proof.runs - proof.failure.run >= RUNS_AFTER_FAILURE) break;
    }
  }
  return proof;
}

/**
 * The proofs the course validator makes, in the playground, on the checks' own host (the teacher's running
 * program untouched): the solution (when there is one) passes every check on PROOF_RUNS fresh starts — one two days
 * later in a far time zone — and the starter fails at least one.
 */
export async function proveExercise(
  engine: PlaygroundEngine,
  exercise: { starter: Files; solution: Files | null; checks: readonly Check[] },
): Promise<ExerciseProof> {
  proofs += 1;
  try {
    const solution = exercise.solution ? await proveSolution(engine, exercise.solution, exercise.checks) : null;
    const [starterStart] = freshStarts(engine, exercise.starter, `proof-${proofs}-starter`, 1);
    const starterRun = await checksOn(engine, starterStart, exercise.checks);
    // A starter that does not start fails every check: there is something to do.
    const starter =
      'results' in starterRun ? starterRun.results : exercise.checks.map((c) => ({ title: c.title, passed: false, steps: [] }));
    return { solution, starter };
  } finally {
    engine.stopChecks();
  }
}
