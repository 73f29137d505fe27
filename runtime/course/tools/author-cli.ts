/**
 * `npm run author -- ../my-course [--port 5173]`: serves the playground with the course in that folder
 * (Vite's dev server on 127.0.0.1). Saving a lesson's text, starter, solution, checks or the course file
 * reloads the page — the learner's code and progress stay, in localStorage — and runs the validator,
 * which prints every problem as `file:line: message`.
 */
import { relative, resolve } from 'node:path';
import { createServer } from 'vite';
import { COURSE_ENV, courseDirOf, REPO_ROOT } from './course-dir.ts';
import { formatProblem } from './course-problem.ts';
import { validateCourse } from './validate-course.ts';

const args = process.argv.slice(2);
const portFlag = args.indexOf('--port');
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : 5173;
// The course is the first argument that is neither a flag nor the port's value (with no --port, the first of all).
const named = args.find((arg, index) => !arg.startsWith('--') && (portFlag < 0 || index !== portFlag + 1));
const dir = courseDirOf(named ? ['--course', named] : [], process.env);
// vite.config.ts reads the course folder and author mode from the environment.
process.env[COURSE_ENV] = dir;
process.env.HALO_AUTHOR = '1';

const server = await createServer({
  configFile: resolve(REPO_ROOT, 'vite.config.ts'),
  root: REPO_ROOT,
  server: { host: '127.0.0.1', port, strictPort: portFlag >= 0 },
});
await server.listen();
const at = (file: string): string => relative(process.cwd(), file);
const problems = await validateCourse(dir);
console.log(
  problems.length === 0
    ? `[course] ${at(dir) || '.'}: no problems.`
    : `[course] ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`,
);
console.log(`Authoring ${at(dir) || '.'} at ${server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`}`);
