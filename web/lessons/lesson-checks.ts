import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { ProgramSession } from '../engine/program-session.ts';
import type { PendingWork } from '../state/when-quiet.ts';
import { stateHook } from '../state/state-context.tsx';
import type { FilesPart } from '../state/files-store.ts';
import type { WorkspacePart } from './workspace-store.ts';
import type { ProgressPart } from '../state/progress-store.ts';
import type { Course } from './course/catalog.ts';
import type { ExercisesPart } from '../state/exercises-store.ts';
import { createCheckResults, type ChecksOf } from './check-results.ts';
import { createChecksHost } from './checks-host.ts';
import { connectLessonChecks } from './connect-lesson-checks.ts';

/** The lesson-checks part of the playground state. */
export type LessonChecksPart = ReturnType<typeof createLessonChecksState>;

/** Creates the open lesson's (or exercise's) check results, for the check list and the completion mark. */
export function createLessonChecksState(
  { filesStore }: FilesPart,
  { workspaceStore }: WorkspacePart,
  progress: ProgressPart,
  { findExercise }: Pick<ExercisesPart, 'findExercise'>,
  { course, authoring = false }: { course: Pick<Course, 'findLesson'>; authoring?: boolean },
  /** The learner's own exchange (the request panel's): a round waits while a request of theirs is in flight. */
  learnerExchange: PendingWork,
) {
  const checksOf: ChecksOf = (id) => course.findLesson(id)?.checks ?? findExercise(id)?.checks;
  const results = createCheckResults(checksOf, workspaceStore.get().active, progress, authoring);
  const host = createChecksHost();
  const parts = { workspaceStore, filesStore, learnerExchange, checksOf, results, host };
  return {
    lessonChecksStore: results.lessonChecksStore,
    /** Runs the open lesson's checks now against the running program (the "Run checks" button). */
    runLessonChecksNow: host.runNow,
    /**
     * Runs the open lesson's checks after every successful compile (and on demand), showing each result as
     * it arrives; marks the lesson complete when all pass. Returns a function that disconnects it.
     */
    connectLessonChecks: (engine: PlaygroundEngine, session: ProgramSession) => connectLessonChecks(parts, engine, session),
    /**
     * Runs `work` on the checks' host with no lesson round beside it: a round running is stopped, and one wanted
     * meanwhile runs once the work is done. For the exercise maker's replays and proofs.
     */
    borrowChecksHost: host.borrow,
  };
}

/** The lesson-checks part of the playground state, for components. */
export const useLessonChecksState = stateHook<LessonChecksPart>('lessonChecks');
