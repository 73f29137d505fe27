import { readFileSync } from 'node:fs';
import { parseLessonText } from '../course/format/frontmatter.ts';
import type { Check } from '../course/format/check-format.ts';
import { checkIssues } from '../course/format/check-schema.ts';
import { formatProblem } from '../course/tools/course-problem.ts';
import { loadChecks } from '../course/tools/load-checks.ts';
import { readCourse } from '../course/tools/read-course.ts';
import type { ClassLesson } from './class-protocol.ts';

/**
 * The course of folder `dir` as a class follows it: its title and, per lesson, the title and the checks
 * (their titles and points). Throws, naming every problem, when the course cannot be read.
 */
export async function readClassCourse(dir: string): Promise<{ title: string; lessons: ClassLesson[] }> {
  const { course, problems } = readCourse(dir);
  if (problems.length > 0) throw new Error(`The course ${dir} has problems:\n${problems.map((p) => formatProblem(p)).join('\n')}`);
  const lessons = await Promise.all(
    course.lessons.map(async (lesson): Promise<ClassLesson> => {
      const checks = (await loadChecks(lesson.checksFile)).value;
      const issues = Array.isArray(checks) ? checks.flatMap((check: unknown) => checkIssues(check)) : ['not a list of checks'];
      if (issues.length > 0) throw new Error(`${lesson.checksFile}: ${issues.join('; ')}`);
      return {
        id: lesson.id,
        title: parseLessonText(readFileSync(lesson.textFile, 'utf8')).title,
        checks: (checks as Check[]).map((check) =>
          check.points === undefined ? { title: check.title } : { title: check.title, points: check.points },
        ),
      };
    }),
  );
  return { title: course.title, lessons };
}
