import type { PlaygroundEngine, ProgramBundle } from '../../runtime/contract/engine-api.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import type { ProgramSession } from '../engine/program-session.ts';
import type { FilesPart } from '../state/files-store.ts';
import { whenQuiet, type PendingWork } from '../state/when-quiet.ts';
import type { CheckResults, ChecksOf } from './check-results.ts';
import { runCheckRound } from './check-round.ts';
import type { ChecksHost, LessonRound } from './checks-host.ts';
import type { WorkspacePart } from './workspace-store.ts';

/**
 * How long a new build runs, with no request of the learner's in flight, before its checks start. A round starts a
 * copy of the program in a worker of its own and updates the page once per check: started with the build, it took
 * the cores from the learner's own Send (the answer to a key typed came 25 % later under load), and while typing it
 * ran once per keystroke for code no one stopped at.
 */
const CHECKS_AFTER_MS = 300;

/** What the lesson checks follow and write: the open workspace and its files, the learner's exchange, the results, the host. */
export interface LessonChecksParts {
  workspaceStore: WorkspacePart['workspaceStore'];
  filesStore: FilesPart['filesStore'];
  /** The learner's own exchange (the request panel's): a round waits while a request of theirs is in flight. */
  learnerExchange: PendingWork;
  checksOf: ChecksOf;
  results: CheckResults;
  host: ChecksHost;
}

/**
 * Runs the open lesson's checks after every successful compile (and on demand), showing each result as it
 * arrives; marks the lesson complete when all pass. Returns a function that disconnects it.
 */
export function connectLessonChecks(parts: LessonChecksParts, engine: PlaygroundEngine, session: ProgramSession): () => void {
  const { workspaceStore, filesStore, learnerExchange, checksOf, results, host } = parts;
  let round: LessonRound | null = null;
  let lastPhase = session.store.get().phase;
  let lastActive = workspaceStore.get().active;
  let stopWaiting = (): void => {};

  const run = (): void => {
    stopWaiting();
    round?.controller.abort();
    // The maker holds the checks' host: this round runs when it is done (borrowChecksHost).
    if (host.isBorrowed()) return;
    const id = workspaceStore.get().active;
    const checks = checksOf(id);
    const bundle = session.handedBundle;
    if (!checks || !bundle) return;
    round = host.startRound();
    void checkLesson(results, engine, { id, checks, bundle, round });
  };
  /** Runs a round once the build ran CHECKS_AFTER_MS with none of the learner's requests in flight. */
  const runWhenQuiet = (): void => {
    stopWaiting();
    stopWaiting = whenQuiet(learnerExchange, CHECKS_AFTER_MS, run);
  };
  const offSession = session.store.subscribe(() => {
    const { phase } = session.store.get();
    if (phase === 'ok' && lastPhase !== 'ok') runWhenQuiet();
    else if (phase !== 'ok') stopWaiting();
    lastPhase = phase;
  });
  const offWorkspace = workspaceStore.subscribe(() => {
    const { active } = workspaceStore.get();
    if (active === lastActive) return;
    lastActive = active;
    stopWaiting();
    round?.controller.abort();
    engine.stopChecks();
    results.reset(active);
  });
  const offFiles = filesStore.subscribe(() => results.outOfDate());
  const disconnectHost = host.connect(run);
  // Connected after the program started (a remount): check what is running now.
  if (lastPhase === 'ok') run();
  return () => {
    stopWaiting();
    round?.controller.abort();
    engine.stopChecks();
    offSession();
    offWorkspace();
    offFiles();
    disconnectHost();
  };
}

/** Runs lesson `id`'s checks on `round`'s copy of `bundle`, showing each result as it arrives. */
async function checkLesson(
  results: CheckResults,
  engine: PlaygroundEngine,
  { id, checks, bundle, round }: { id: string; checks: readonly Check[]; bundle: ProgramBundle; round: LessonRound },
): Promise<void> {
  const { signal } = round.controller;
  results.start(id);
  try {
    results.finish(id, await runCheckRound(engine, bundle, checks, round, results.report));
  } catch (error) {
    // Aborted: a newer build or another lesson took over, and set the store itself.
    if (signal.aborted) return;
    // runChecks reports request failures as failed checks; anything else is a bug worth a console line.
    console.error('The lesson checks stopped', error);
    results.stop();
  } finally {
    // The copy's memory (its worker, its databases) is freed between rounds; a newer round runs its own copy.
    if (!signal.aborted) engine.stopChecks();
  }
}
