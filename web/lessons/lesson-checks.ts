import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { ProgramSession } from '../engine/program-session.ts';
import { createStore } from '../state/store.ts';
import { whenQuiet, type PendingWork } from '../state/when-quiet.ts';
import { stateHook } from '../state/state-context.tsx';
import type { FilesPart } from '../state/files-store.ts';
import type { WorkspacePart } from './workspace-store.ts';
import type { ProgressPart } from '../state/progress-store.ts';
import type { Course } from './course/catalog.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import type { ExercisesPart } from '../state/exercises-store.ts';

/** The checks of the open lesson against the running program. */
export interface LessonChecksState {
  /** The lesson the results belong to; null in the free playground. */
  lessonId: string | null;
  /** `waiting` until a build of the lesson's current code runs (results, if any, are then of older code); `running` while checks are sent. */
  status: 'waiting' | 'running' | 'done';
  /** One entry per check, in order; null until that check has run in the current round. */
  results: (CheckResult | null)[];
}

/** Where lesson programs listen when the engine has not reported an origin yet. */
const DEFAULT_ORIGIN = 'http://localhost:3000';
// A program opening PGlite for the first time (lesson 19) can take several seconds on a slow machine.
const CHECK_TIMEOUT_MS = 30_000;
/**
 * How long a new build runs, with no request of the learner's in flight, before its checks start. A round starts a
 * copy of the program in a worker of its own and updates the page once per check: started with the build, it took
 * the cores from the learner's own Send (the answer to a key typed came 25 % later under load), and while typing it
 * ran once per keystroke for code no one stopped at.
 */
const CHECKS_AFTER_MS = 300;

/** The checks of workspace `id`: its lesson's or its exercise's; undefined in the free playground. */
type ChecksOf = (id: string) => readonly Check[] | undefined;

function waitingFor(id: string, checksOf: ChecksOf): LessonChecksState {
  const checks = checksOf(id);
  return { lessonId: checks ? id : null, status: 'waiting', results: checks ? checks.map(() => null) : [] };
}

/** The lesson-checks part of the playground state. */
export type LessonChecksPart = ReturnType<typeof createLessonChecksState>;

/** Creates the open lesson's (or exercise's) check results, for the check list and the completion mark. */
export function createLessonChecksState(
  { filesStore }: FilesPart,
  { workspaceStore }: WorkspacePart,
  { markComplete, markIncomplete }: ProgressPart,
  { findExercise }: Pick<ExercisesPart, 'findExercise'>,
  { course, authoring = false }: { course: Pick<Course, 'findLesson'>; authoring?: boolean },
  /** The learner's own exchange (the request panel's): a round waits while a request of theirs is in flight. */
  learnerExchange: PendingWork,
) {
  const checksOf: ChecksOf = (id) => course.findLesson(id)?.checks ?? findExercise(id)?.checks;
  const lessonChecksStore = createStore<LessonChecksState>(waitingFor(workspaceStore.get().active, checksOf));
  let checkRounds = 0;
  let runConnected: (() => void) | null = null;
  /** The lesson round running, to stop when the checks' host is borrowed. */
  let roundController: AbortController | null = null;
  /** Work (a maker's replay or proof) holding the checks' host: rounds wait for it. */
  let borrowed: Promise<unknown> | null = null;

  /**
   * Runs `work` on the checks' host with no lesson round beside it (the host runs one copy at a time): a round
   * running is stopped, and one wanted meanwhile runs once the work is done. For the exercise maker's replays
   * and proofs, which never touch the learner's (the teacher's) running program.
   */
  async function borrowChecksHost<T>(work: () => Promise<T>): Promise<T> {
    while (borrowed) await borrowed.catch(() => undefined);
    roundController?.abort();
    const running = work();
    borrowed = running;
    try {
      return await running;
    } finally {
      borrowed = null;
      runConnected?.();
    }
  }

  /** Runs the open lesson's checks now against the running program (the "Run checks" button). */
  function runLessonChecksNow(): void {
    runConnected?.();
  }

  /**
   * Runs the open lesson's checks after every successful compile (and on demand), showing each result as
   * it arrives; marks the lesson complete when all pass. Returns a function that disconnects it.
   */
  function connectLessonChecks(engine: PlaygroundEngine, session: ProgramSession): () => void {
    let controller: AbortController | null = null;
    let lastPhase = session.store.get().phase;
    let lastActive = workspaceStore.get().active;

    async function run(): Promise<void> {
      stopWaiting();
      controller?.abort();
      // The maker holds the checks' host: this round runs when it is done (borrowChecksHost).
      if (borrowed) return;
      const id = workspaceStore.get().active;
      const checks = checksOf(id);
      const bundle = session.handedBundle;
      if (!checks || !bundle) return;
      const current = (controller = roundController = new AbortController());
      lessonChecksStore.set({ ...waitingFor(id, checksOf), status: 'running' });
      // Each round its own check scope: a fresh start of the program and of its databases.
      const storageScope = `checks-${(checkRounds += 1)}`;
      /**
       * Starts a fresh copy of the learner's program for the checks, beside the learner's, which keeps running with
       * its data (RunOptions.forChecks); resolves with the origins it listens on.
       */
      const startForChecks = async (): Promise<string[]> => {
        current.signal.throwIfAborted();
        return (await engine.run(bundle, { storageScope, forChecks: true })).origins;
      };
      try {
        // The runner is loaded at the first round, not with the page: the first paint and answer do not need it.
        const [[origin = DEFAULT_ORIGIN], { runChecks }] = await Promise.all([
          startForChecks(),
          import('../../runtime/course/checks/run-checks.ts'),
        ]);
        const results = await runChecks(checks, {
          origin,
          // The checks' copy, never the learner's program: a Send meanwhile reaches the learner's.
          fetch: (input, init) => engine.fetchForChecks(input, init),
          WebSocket: engine.ChecksWebSocket,
          timeoutMs: CHECK_TIMEOUT_MS,
          signal: current.signal,
          onResult: (result, index) => lessonChecksStore.set((s) => ({ results: s.results.map((r, i) => (i === index ? result : r)) })),
          restart: async () => void (await startForChecks()),
        });
        lessonChecksStore.set({ status: 'done' });
        if (results.every((r) => r.passed)) markComplete(id);
        // A learner keeps a completion when later edits break it; an author changing the checks must see them fail.
        else if (authoring) markIncomplete(id);
      } catch (error) {
        // Aborted: a newer build or another lesson took over, and set the store itself.
        if (current.signal.aborted) return;
        // runChecks reports request failures as failed checks; anything else is a bug worth a console line.
        console.error('The lesson checks stopped', error);
        lessonChecksStore.set({ status: 'done' });
      } finally {
        // The copy's memory (its worker, its databases) is freed between rounds; a newer round runs its own copy.
        if (!current.signal.aborted) engine.stopChecks();
      }
    }

    let stopWaiting = (): void => {};
    /** Runs a round once the build ran CHECKS_AFTER_MS with none of the learner's requests in flight. */
    const runWhenQuiet = (): void => {
      stopWaiting();
      stopWaiting = whenQuiet(learnerExchange, CHECKS_AFTER_MS, () => void run());
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
      controller?.abort();
      engine.stopChecks();
      lessonChecksStore.set(waitingFor(active, checksOf));
    });
    const offFiles = filesStore.subscribe(() => {
      // Results of the previous code stay visible, marked as out of date until the next build is checked.
      if (lessonChecksStore.get().status === 'done') lessonChecksStore.set({ status: 'waiting' });
    });
    const runNow = () => void run();
    runConnected = runNow;
    // Connected after the program started (a remount): check what is running now.
    if (lastPhase === 'ok') runNow();
    return () => {
      stopWaiting();
      controller?.abort();
      engine.stopChecks();
      offSession();
      offWorkspace();
      offFiles();
      if (runConnected === runNow) runConnected = null;
    };
  }

  return { lessonChecksStore, runLessonChecksNow, connectLessonChecks, borrowChecksHost };
}

/** The lesson-checks part of the playground state, for components. */
export const useLessonChecksState = stateHook<LessonChecksPart>('lessonChecks');
