import { boundWords } from '../../runtime/course/checks/proof-bound.ts';
import type { ExerciseProof, ProvedRun, SolutionProof } from './prove-exercise.ts';

/** Why a proof refused the solution: it did not start, a status or an answer that varies between runs, or a check it always fails. */
type ProofCause = 'start' | 'status' | 'value' | 'fails';

/** The proofs in words: what holds, what the author must fix before sharing, and the cause when it failed. */
export interface ProofVerdict {
  ok: boolean;
  lines: string[];
  cause?: ProofCause;
}

/** The first failing check of a run: its title, and the first failing step's status or failure. */
function firstFailure(run: Extract<ProvedRun, { results: unknown }>) {
  const failed = run.results.find((r) => !r.passed);
  const step = failed?.steps.find((s) => s.failures.length > 0);
  const status = step?.expected.status !== undefined && step.actual.status !== step.expected.status ? step : undefined;
  return { title: failed?.title ?? '', why: step?.failures[0] ?? 'failed', status };
}

/** What the solution's failing run shows, in words, with its cause. */
function solutionFailure(proof: SolutionProof, failure: NonNullable<SolutionProof['failure']>): { line: string; cause: ProofCause } {
  const { run, proved } = failure;
  const where = `fresh start ${run}${proved.label ? ` (${proved.label})` : ''}`;
  const varies = proof.passed > 0;
  const passedWords = `it passed on ${proof.passed} of the ${proof.runs} fresh starts tried`;
  if ('startError' in proved)
    return {
      cause: 'start',
      line: `The solution did not start on ${where}: ${proved.startError}${varies ? `; ${passedWords}` : ''}. A program that fails to start now and then fails learners too.`,
    };
  const { title, why, status } = firstFailure(proved);
  if (status && varies)
    return {
      cause: 'status',
      line: `The solution's status varies from run to run: "${title}" got ${status.actual.status} instead of ${status.expected.status} on ${where}, and ${passedWords}. Learners with a right answer would fail it now and then.`,
    };
  if (varies)
    return {
      cause: 'value',
      line: `An answer of the solution varies from run to run: "${title}" failed on ${where} (${why}), and ${passedWords}. If both answers are right, check that field by its kind; else fix the solution.`,
    };
  return {
    cause: 'fails',
    line: `The solution fails "${title}" on all ${proof.runs} fresh starts tried (${why}): learners would fail it too. Check that field by its kind, or leave it out.`,
  };
}

/** The proofs in words: what holds, and what the author must fix before sharing. */
export function proofVerdict(proof: ExerciseProof): ProofVerdict {
  const lines: string[] = [];
  let ok = true;
  let cause: ProofCause | undefined;
  const solution = proof.solution;
  if (!solution) lines.push('No solution included: only the starter is proved.');
  else if (solution.failure) {
    ok = false;
    const found = solutionFailure(solution, solution.failure);
    lines.push(found.line);
    cause = found.cause;
  } else {
    const checks = proof.starter.length;
    const stopped = solution.timedOut ? ' (the proof stopped at its time limit)' : '';
    lines.push(
      `The solution passes all ${checks} checks on ${solution.runs} fresh starts${stopped}, one two days later in a far time zone: ${boundWords(solution.runs)}.`,
    );
  }
  const starterFails = proof.starter.filter((r) => !r.passed).length;
  if (starterFails > 0) lines.push(`The starter fails ${starterFails} of ${proof.starter.length} checks, so there is something to do.`);
  else {
    ok = false;
    lines.push('The starter passes every check: the exercise asks nothing. Change the starter or add a check it fails.');
  }
  return { ok, lines, ...(cause ? { cause } : {}) };
}
