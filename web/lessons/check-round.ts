import type { PlaygroundEngine, ProgramBundle } from '../../runtime/contract/engine-api.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import type { LessonRound } from './checks-host.ts';

/** Where lesson programs listen when the engine has not reported an origin yet. */
const DEFAULT_ORIGIN = 'http://localhost:3000';
// A program opening PGlite for the first time (lesson 19) can take several seconds on a slow machine.
const CHECK_TIMEOUT_MS = 30_000;

/**
 * Runs `checks` against a fresh copy of `bundle` started for `round`, beside the learner's program, which keeps
 * running with its data; reports each result as it arrives and resolves with all of them.
 */
export async function runCheckRound(
  engine: PlaygroundEngine,
  bundle: ProgramBundle,
  checks: readonly Check[],
  { controller: { signal }, storageScope }: LessonRound,
  onResult: (result: CheckResult, index: number) => void,
): Promise<CheckResult[]> {
  /** Starts the checks' copy (RunOptions.forChecks); resolves with the origins it listens on. */
  const startForChecks = async (): Promise<string[]> => {
    signal.throwIfAborted();
    return (await engine.run(bundle, { storageScope, forChecks: true })).origins;
  };
  // The runner is loaded at the first round, not with the page: the first paint and answer do not need it.
  const [[origin = DEFAULT_ORIGIN], { runChecks }] = await Promise.all([startForChecks(), import('../../runtime/course/checks/run-checks.ts')]);
  return runChecks(checks, {
    origin,
    // The checks' copy, never the learner's program: a Send meanwhile reaches the learner's.
    fetch: (input, init) => engine.fetchForChecks(input, init),
    WebSocket: engine.ChecksWebSocket,
    timeoutMs: CHECK_TIMEOUT_MS,
    signal,
    onResult,
    restart: async () => void (await startForChecks()),
  });
}
