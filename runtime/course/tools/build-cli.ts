/**
 * `npm run build -- --course ../my-course [vite build options]`: builds the static site with that course folder
 * (lessons/ without `--course`) the way a course build from the `halo` package does: `vite build` makes the prebuilt
 * playground (every other option goes to it as it is), then buildCourseSite writes the course's data beside a copy of
 * it. The course is validated first, its proofs included as buildRunsProofs decides, so a course with a problem fails
 * in seconds, before the bundling. The output folder (`dist/`, or `--outDir`) is replaced only
 * when the build succeeds: a failing build leaves the previous site as it was. `--appDir <dir>` takes a prebuilt
 * playground already made (`npm start` makes its own with Vite's API) instead of running `vite build`.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { buildCourseSite, CourseProblemsError } from './build-course-site.ts';
import { buildRunsProofs, courseDirOf, REPO_ROOT, scratchAppDir } from './course-dir.ts';
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

const at = (file: string): string => relative(process.cwd(), file);
const printProblems = (dir: string, problems: Parameters<typeof formatProblem>[0][]): void =>
  console.error(`The course ${at(dir)} has ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`);

/** The build; its exit code. */
async function build(args: string[]): Promise<number> {
  const { rest: withoutCourse } = takeOption(args, '--course');
  const { rest: withoutApp, value: prebuilt } = takeOption(withoutCourse, '--appDir');
  const { rest, value: outDir = 'dist' } = takeOption(withoutApp, '--outDir');
  const courseDir = courseDirOf(args, process.env);
  // Every check the build makes, proofs included, before the minutes of bundling: a course with a problem fails in seconds.
  const problems = await validateCourse(courseDir, { proofs: buildRunsProofs(courseDir, process.env) });
  if (problems.length > 0) return (printProblems(courseDir, problems), 1);
  const target = resolve(REPO_ROOT, outDir);
  const appDir = prebuilt === undefined ? scratchAppDir() : resolve(REPO_ROOT, prebuilt);
  try {
    if (prebuilt === undefined) {
      // The framework's types for the editor (skipped when fresh), then the app: both only for a valid course.
      for (const step of [
        ['tsx', 'runtime/build/build-types.ts'],
        ['vite', 'build', ...rest, '--outDir', appDir, '--emptyOutDir'],
      ]) {
        const done = spawnSync('npx', step, { stdio: 'inherit', cwd: REPO_ROOT });
        if (done.status !== 0) return done.status ?? 1;
      }
    }
    const started = Date.now();
    // Proved above: the course build checks its files and schemas again (milliseconds), not its programs.
    const site = await buildCourseSite({ courseDir, appDir, outDir: target, proofs: false });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Built the course ${at(courseDir) || '.'} into ${outDir}: ${site.lessons} lessons, ${site.programs} programs, in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof CourseProblemsError)) throw error;
    printProblems(courseDir, error.problems);
    return 1;
  } finally {
    if (prebuilt === undefined) rmSync(appDir, { recursive: true, force: true });
  }
}

process.exitCode = await build(process.argv.slice(2));
if (process.exitCode !== 0) console.error('The build failed: the output folder is left as it was.');
