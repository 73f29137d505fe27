import { afterAll, describe, it } from 'vitest';
import { kindOf } from '../../runtime/course/format/check-format.ts';
import { builtCourse } from '../support/built-course.ts';
import { checkProgram, report, restarts, runningPrograms } from '../../runtime/course/tools/check-program.ts';
import { lessonProgramPath } from './serve-program.ts';

const { lessons } = builtCourse;

// Every lesson's solution must pass all its checks and its starter must fail every "task" check (and
// pass every "observe" check: those show what the starter already does), each served by the Node
// AppHttp on a real socket, with the checks sent by Node's fetch.

afterAll(async () => {
  await Promise.all([...runningPrograms].map((program) => program.stop()));
});

// Concurrent: each test runs its own program on its own port; vitest caps how many run at once.
describe.concurrent.each(lessons.map((lesson) => [lesson.id, lesson] as const))('lesson %s', (id, lesson) => {
  it('has a solution that passes every check, again and again', async ({ expect }) => {
    const { results, output } = await checkProgram(lesson, lessonProgramPath(id, 'solution'), { rounds: 3 });
    expect(results.length).toBeGreaterThan(0);
    const failed = report(results);
    expect(failed, `${failed}\n--- program output ---\n${output}`).toBe('');
  }, restarts(lesson) ? 150_000 : 40_000);

  it('has a starter that fails every task check (so at least one) and passes the observe checks', async ({ expect }) => {
    const { results } = await checkProgram(lesson, lessonProgramPath(id, 'starter'));
    // LESSON_DEBUG=1 shows why each starter fails, to confirm it fails for the lesson's reason.
    if (process.env.LESSON_DEBUG) console.log(`starter of ${id}:\n${report(results)}`);
    expect(results.some((r) => !r.passed)).toBe(true);
    const misjudged = results.flatMap((r, i) => (r.passed === (kindOf(lesson.checks[i]) === 'observe') ? [] : [`${r.passed ? 'passes' : 'fails'} on the starter but is marked ${kindOf(lesson.checks[i])}: ${r.title}`]));
    expect(misjudged).toEqual([]);
  }, restarts(lesson) ? 90_000 : 40_000);
});
