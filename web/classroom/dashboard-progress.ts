import type { ClassLesson, LearnerRecord, ResultRecord } from '../../runtime/classroom/class-protocol.ts';
import type { DashboardState, LearnerResults } from './dashboard-state.ts';

/** Where a learner is in one lesson: every check passed, stuck on one, some run, or nothing yet. */
export type LessonStatus = 'done' | 'stuck' | 'working' | '';

/** True when `result` has kept failing for longer than `minutes` at `now`. */
export function isStuck(result: ResultRecord | undefined, minutes: number, now: number): boolean {
  return !!result && !result.passed && result.failingSince !== null && now - Date.parse(result.failingSince) > minutes * 60_000;
}

/** A learner's status in `lesson` from their results of it. */
export function lessonStatus(
  results: LearnerResults[string] | undefined,
  lesson: ClassLesson,
  stuckMinutes: number,
  now: number,
): LessonStatus {
  if (!results) return '';
  const all = Object.values(results);
  if (all.some((result) => isStuck(result, stuckMinutes, now))) return 'stuck';
  if (lesson.checks.length > 0 && lesson.checks.every((_, check) => results[check]?.passed)) return 'done';
  return all.length > 0 ? 'working' : '';
}

/** One stuck learner on one check, as the "stuck" list shows it. */
export interface StuckEntry {
  learner: LearnerRecord;
  lesson: ClassLesson | undefined;
  lessonId: string;
  check: number;
  /** How long the check has kept failing, in milliseconds. */
  forMs: number;
}

/** Every learner stuck on a check, across lessons, longest first. */
export function stuckLearners(state: Pick<DashboardState, 'failing' | 'learners' | 'info'>, now: number): StuckEntry[] {
  const minutes = state.info?.stuckMinutes ?? 5;
  const lessons = new Map(state.info?.lessons.map((lesson) => [lesson.id, lesson]));
  return Object.values(state.failing)
    .map((failing) => ({ failing, forMs: now - Date.parse(failing.since) }))
    .filter(({ failing, forMs }) => forMs > minutes * 60_000 && failing.learnerId in state.learners)
    .sort((a, b) => b.forMs - a.forMs)
    .map(({ failing, forMs }) => ({
      learner: state.learners[failing.learnerId],
      lesson: lessons.get(failing.lesson),
      lessonId: failing.lesson,
      check: failing.check,
      forMs,
    }));
}

/** How many learners are at each status of each lesson (the projector's view: counts, no names). */
export function lessonCounts(
  state: Pick<DashboardState, 'learners' | 'results' | 'info'>,
  now: number,
): Map<string, Record<LessonStatus, number>> {
  const counts = new Map<string, Record<LessonStatus, number>>();
  const minutes = state.info?.stuckMinutes ?? 5;
  for (const lesson of state.info?.lessons ?? []) {
    const count: Record<LessonStatus, number> = { done: 0, stuck: 0, working: 0, '': 0 };
    for (const id of Object.keys(state.learners)) count[lessonStatus(state.results[id]?.[lesson.id], lesson, minutes, now)]++;
    counts.set(lesson.id, count);
  }
  return counts;
}

/** A duration as a teacher reads it: `40 s`, `7 min`, `1 h 5 min`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The learners sorted by name (then id, so twins keep their order). */
export function byName(learners: Record<string, LearnerRecord>): LearnerRecord[] {
  return Object.values(learners).sort((a, b) => a.name.localeCompare(b.name) || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
}
