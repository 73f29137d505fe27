import type { ClassLesson, LearnerRecord, ResultRecord } from './class-protocol.ts';

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet (learners choose their names). */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A check's column title: lesson, number and title, and its points when the course gives them. */
function columnTitle(lesson: ClassLesson, index: number): string {
  const check = lesson.checks[index];
  return `${lesson.id} #${index + 1} ${check.title}${check.points !== undefined ? ` (${check.points} points)` : ''}`;
}

/**
 * The class as CSV: one row per sharing learner, one column per check of the course (`pass`, `fail`, or empty
 * when it never ran), and, when the course gives points, a last column with the points of the passed checks.
 * The same cells as the dashboard shows.
 */
export function classCsv(lessons: readonly ClassLesson[], learners: readonly LearnerRecord[], results: readonly ResultRecord[]): string {
  const columns = lessons.flatMap((lesson) => lesson.checks.map((_, index) => ({ lesson, index })));
  const scored = columns.some(({ lesson, index }) => lesson.checks[index].points !== undefined);
  const byCell = new Map(results.map((result) => [`${result.learnerId}:${result.lesson}:${result.check}`, result]));
  const header = ['learner', ...columns.map(({ lesson, index }) => columnTitle(lesson, index)), ...(scored ? ['points'] : [])];
  const rows = learners.map((learner) => {
    let points = 0;
    const cells = columns.map(({ lesson, index }) => {
      const result = byCell.get(`${learner.id}:${lesson.id}:${index}`);
      if (result?.passed) points += lesson.checks[index].points ?? 0;
      return result ? (result.passed ? 'pass' : 'fail') : '';
    });
    return [learner.name, ...cells, ...(scored ? [String(points)] : [])];
  });
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
