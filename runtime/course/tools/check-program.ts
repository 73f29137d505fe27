import { WebSocket } from 'ws';
import type { Check } from '../format/check-format.ts';
import { stepsOf } from '../format/check-format.ts';
import type { WebSocketClass } from '../checks/check-socket.ts';
import { runChecks } from '../checks/run-checks.ts';
import type { CheckResult } from '../checks/run-checks.ts';
import type { RunningProgram } from './serve-program.ts';
import { serveProgram } from './serve-program.ts';

/** What proving a program needs of its lesson: the checks. */
interface CheckedLesson {
  checks: readonly Check[];
}

/** Programs still running, so a test file's afterAll can stop them when a test gives up early. */
export const runningPrograms = new Set<RunningProgram>();

/** True when some check of the lesson restarts the program: each restart starts a process (and maybe opens a database). */
export function restarts(lesson: CheckedLesson): boolean {
  return lesson.checks.some((check) => stepsOf(check).some((step) => step.restartFirst));
}

/** `failure` without the request the runner put at its start, if it did: a line that names the request names it once. */
export function withoutRequest(failure: string, request: string): string {
  if (failure.startsWith(`${request}: `)) return failure.slice(request.length + 2);
  return failure.startsWith(`${request} `) ? failure.slice(request.length + 1) : failure;
}

/** The failed checks of `results`, one block each with the failing step's request and reasons; `''` when all passed. */
export function report(results: CheckResult[]): string {
  const lines = (step: CheckResult['steps'][number]) => {
    const request = `${step.request.method} ${step.request.path}`;
    return step.failures.map((failure) => `    ${request}: ${withoutRequest(failure, request)}`);
  };
  return results
    .filter((r) => !r.passed)
    .map((r) => `✗ ${r.title}\n${r.steps.flatMap(lines).join('\n')}`)
    .join('\n');
}

/** How `checkProgram` runs a program's checks. */
export interface CheckProgramOptions {
  /** How many rounds of the checks to run against the same process (1 when omitted). */
  rounds?: number;
  /** The bound of each request (runChecks' default when omitted). */
  timeoutMs?: number;
  /** The bound for the program to listen (serveProgram's default when omitted): a bound for a failure, not an expected time. */
  startMs?: number;
  /** Added to the program's environment (e.g. `TZ`). */
  env?: Record<string, string>;
}

/**
 * Serves the program `file` on Node (the Node AppHttp on a real socket) and runs the lesson's checks
 * `rounds` times against the same process, with Node's fetch: learners press "Run checks" again and
 * again, so checks must not depend on a fresh program. Returns the last round, or the first that failed.
 */
export async function checkProgram(
  lesson: CheckedLesson,
  file: string,
  { rounds = 1, timeoutMs, startMs, env = {} }: CheckProgramOptions = {},
): Promise<{ results: CheckResult[]; output: string }> {
  const served = await serveProgram(file, startMs, env);
  runningPrograms.add(served);
  try {
    let results: CheckResult[] = [];
    for (let round = 0; round < rounds; round++) {
      results = await runChecks(lesson.checks, {
        origin: served.origin,
        fetch,
        restart: served.restart,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        WebSocket: WebSocket as unknown as WebSocketClass,
      });
      if (report(results)) break;
    }
    return { results, output: served.output() };
  } finally {
    await served.stop();
    runningPrograms.delete(served);
  }
}
