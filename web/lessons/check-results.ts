import { createStore } from '../state/store.ts';
import type { ProgressPart } from '../state/progress-store.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';

/** The checks of the open lesson against the running program. */
export interface LessonChecksState {
  /** The lesson the results belong to; null in the free playground. */
  lessonId: string | null;
  /** `waiting` until a build of the lesson's current code runs (results, if any, are then of older code); `running` while checks are sent. */
  status: 'waiting' | 'running' | 'done';
  /** One entry per check, in order; null until that check has run in the current round. */
  results: (CheckResult | null)[];
}

/** The checks of workspace `id`: its lesson's or its exercise's; undefined in the free playground. */
export type ChecksOf = (id: string) => readonly Check[] | undefined;

function waitingFor(id: string, checksOf: ChecksOf): LessonChecksState {
  const checks = checksOf(id);
  return { lessonId: checks ? id : null, status: 'waiting', results: checks ? checks.map(() => null) : [] };
}

/** The open workspace's check results. */
export type CheckResults = ReturnType<typeof createCheckResults>;

/**
 * Creates the open workspace's check results as the check list shows them, starting with workspace `firstId`'s,
 * and what a round's outcome does to the lesson's completion mark.
 */
export function createCheckResults(
  checksOf: ChecksOf,
  firstId: string,
  { markComplete, markIncomplete }: Pick<ProgressPart, 'markComplete' | 'markIncomplete'>,
  authoring: boolean,
) {
  const lessonChecksStore = createStore<LessonChecksState>(waitingFor(firstId, checksOf));
  return {
    lessonChecksStore,
    /** Workspace `id` is open: its checks wait for a build. */
    reset: (id: string): void => lessonChecksStore.set(waitingFor(id, checksOf)),
    /** A round of workspace `id`'s checks started. */
    start: (id: string): void => lessonChecksStore.set({ ...waitingFor(id, checksOf), status: 'running' }),
    /** Check `index` of the round came back. */
    report: (result: CheckResult, index: number): void =>
      lessonChecksStore.set((s) => ({ results: s.results.map((r, i) => (i === index ? result : r)) })),
    /** The round of workspace `id`'s checks ended with `results`. */
    finish(id: string, results: readonly CheckResult[]): void {
      lessonChecksStore.set({ status: 'done' });
      if (results.every((r) => r.passed)) markComplete(id);
      // A learner keeps a completion when later edits break it; an author changing the checks must see them fail.
      else if (authoring) markIncomplete(id);
    },
    /** The round stopped on an error of its own: the results it got stay. */
    stop: (): void => lessonChecksStore.set({ status: 'done' }),
    /** The code changed: results of the previous code stay visible, marked as out of date until the next build is checked. */
    outOfDate(): void {
      if (lessonChecksStore.get().status === 'done') lessonChecksStore.set({ status: 'waiting' });
    },
  };
}
