import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { checkProgram, report, restarts, runningPrograms } from '../../runtime/course/tools/check-program.ts';
import { repoRoot } from './serve-program.ts';

const { lessons } = builtCourse;

// Each `alt-solutions/NN.ts` solves the lesson of folder NN-… in another way than the lesson's own solution (other
// names, other messages, other structure): its checks must pass too, so that they test the lesson's
// concept and not the reference solution's wording.

const folder = join(repoRoot, 'test/lessons/alt-solutions');
const files = readdirSync(folder).filter((name) => /^\d\d\.ts$/.test(name)).sort();

afterAll(async () => {
  await Promise.all([...runningPrograms].map((program) => program.stop()));
});

it('covers at least the lessons whose checks were written around one solution', () => {
  expect(files.map((name) => name.slice(0, 2))).toEqual(expect.arrayContaining(['02', '08', '09', '10', '13', '15', '16', '18']));
});

describe.concurrent.each(files)('%s', (name) => {
  // By folder: a lesson's place in the course (its number) follows course.json.
  const lesson = lessons.find((l) => l.id.startsWith(`${name.slice(0, 2)}-`))!;
  it('passes every check of its lesson', async ({ expect }) => {
    const { results, output } = await checkProgram(lesson, join(folder, name), { rounds: 2 });
    const failed = report(results);
    expect(failed, `${failed}\n--- program output ---\n${output}`).toBe('');
  }, restarts(lesson) ? 150_000 : 40_000);
});
