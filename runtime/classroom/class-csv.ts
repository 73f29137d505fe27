import type { ClassLesson, LearnerRecord, ResultRecord, SharedCodeRecord } from './class-protocol.ts';

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet (learners choose their names). */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A check's column title: the lesson's id (an exercise's title: its id is a hash), number and title, and its points when given. */
function columnTitle(lesson: ClassLesson, index: number): string {
  const check = lesson.checks[index];
  const where = lesson.id.startsWith('exercise-') ? lesson.title : lesson.id;
  return `${where} #${index + 1} ${check.title}${check.points !== undefined ? ` (${check.points} points)` : ''}`;
}

/** The latest of ISO-8601 times (they sort as text). */
function latest(times: readonly string[]): string {
  return times.reduce((last, time) => (time > last ? time : last), '');
}

/**
 * The class as CSV: one row per sharing learner with the time of their last activity (joining, a result or code
 * they showed, ISO-8601 UTC), one column per check of the course (`pass`, `fail`, or empty when it never ran), and,
 * when the course gives points, a last column with the points of the passed checks. The same cells as the dashboard shows.
 */
export function classCsv(
  lessons: readonly ClassLesson[],
  learners: readonly LearnerRecord[],
  results: readonly ResultRecord[],
  code: readonly SharedCodeRecord[] = [],
): string {
  const columns = lessons.flatMap((lesson) => lesson.checks.map((_, index) => ({ lesson, index })));
  const scored = columns.some(({ lesson, index }) => lesson.checks[index].points !== undefined);
  const byCell = new Map(results.map((result) => [`${result.learnerId}:${result.lesson}:${result.check}`, result]));
  const activity = new Map<string, string[]>();
  for (const { learnerId, at } of [...results, ...code]) activity.set(learnerId, [...(activity.get(learnerId) ?? []), at]);
  const header = [
    'learner',
    'last activity',
    ...columns.map(({ lesson, index }) => columnTitle(lesson, index)),
    ...(scored ? ['points'] : []),
  ];
  const rows = learners.map((learner) => {
    let points = 0;
    const cells = columns.map(({ lesson, index }) => {
      const result = byCell.get(`${learner.id}:${lesson.id}:${index}`);
      if (result?.passed) points += lesson.checks[index].points ?? 0;
      return result ? (result.passed ? 'pass' : 'fail') : '';
    });
    const lastActivity = latest([learner.joinedAt, ...(activity.get(learner.id) ?? [])]);
    return [learner.name, lastActivity, ...cells, ...(scored ? [String(points)] : [])];
  });
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
