/**
 * `npm run course:check -- ../my-course`: validates a course folder (lessons/ when none is named), printing
 * every problem as `file:line: message`; exits 1 when there is one. `--no-proofs` skips running the programs.
 */
import { relative } from 'node:path';
import { courseDirOf } from './course-dir.ts';
import { formatProblem } from './course-problem.ts';
import { validateCourse } from './validate-course.ts';

const args = process.argv.slice(2);
const named = args.find((arg) => !arg.startsWith('--'));
const dir = courseDirOf(named ? ['--course', named] : [], process.env);
const started = Date.now();
const problems = await validateCourse(dir, { proofs: !args.includes('--no-proofs') });
const at = (file: string): string => relative(process.cwd(), file);
for (const problem of problems) console.error(formatProblem(problem, at));
console.log(
  `${at(dir) || '.'}: ${problems.length === 0 ? 'no problems' : `${problems.length} problem(s)`} (${((Date.now() - started) / 1000).toFixed(1)} s).`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
