/**
 * `npm run build -- --course ../my-course [vite build options]`: builds the static site with that course
 * folder (lessons/ without `--course`); every other option goes to `vite build` as it is. The course is
 * validated first (its files, schemas and, as buildRunsProofs decides, its proofs): a course with a problem
 * fails in seconds, before the minutes of bundling. The site is written to a temporary folder beside the
 * output folder (`dist/`, or `--outDir`), which replaces it only when the build succeeds: a failing build
 * leaves the previous site as it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { buildRunsProofs, COURSE_ENV, courseDirOf, REPO_ROOT } from './course-dir.ts';
import { formatProblem } from './course-problem.ts';
import { validateCourse } from './validate-course.ts';

/** `args` without the option `name` (`--name value` or `--name=value`), and the option's value. */
function takeOption(args: string[], name: string): { rest: string[]; value: string | undefined } {
  const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return { rest: args, value: undefined };
  const joined = args[index] !== name;
  const value = joined ? args[index].slice(name.length + 1) : args[index + 1];
  return { rest: args.filter((_, i) => i !== index && (joined || i !== index + 1)), value };
}

const args = process.argv.slice(2);
const { rest: withoutCourse } = takeOption(args, '--course');
const { rest, value: outDir = 'dist' } = takeOption(withoutCourse, '--outDir');
const courseDir = courseDirOf(args, process.env);
process.exitCode = (await courseProblems(courseDir)) ? 1 : bundle(rest, courseDir, resolve(REPO_ROOT, outDir));
if (process.exitCode !== 0) console.error(`The build failed: ${outDir} is left as it was.`);

/** Validates the course (proofs as buildRunsProofs decides) and prints its problems; whether it has any. */
async function courseProblems(dir: string): Promise<boolean> {
  const problems = await validateCourse(dir, { proofs: buildRunsProofs(dir, process.env) });
  const at = (file: string): string => relative(process.cwd(), file);
  if (problems.length > 0)
    console.error(`The course ${at(dir)} has ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`);
  return problems.length > 0;
}

/**
 * Runs `vite build` for the validated course into a temporary folder beside `target` (Vite reads a relative
 * outDir from the project root, as the build ran before) and moves it to `target` when it succeeds; the exit code.
 */
function bundle(viteArgs: string[], dir: string, target: string): number {
  const building = mkdtempSync(resolve(dirname(target), `.${basename(target)}-building-`));
  // vite.config.ts reads the course folder from the environment (vite's command line refuses options it does
  // not know); the proofs ran above, so the bundling only reads the course again.
  const env = { ...process.env, [COURSE_ENV]: dir, HALO_COURSE_PROOFS: '0' };
  const result = spawnSync('npx', ['vite', 'build', ...viteArgs, '--outDir', building, '--emptyOutDir'], { stdio: 'inherit', env });
  if (result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    return result.status ?? 1;
  }
  const previous = `${building}-previous`;
  if (existsSync(target)) renameSync(target, previous);
  renameSync(building, target);
  rmSync(previous, { recursive: true, force: true });
  return 0;
}
