/**
 * `npm run build -- --course ../my-course [vite build options]`: builds the static site with that course
 * folder (lessons/ without `--course`); every other option goes to `vite build` as it is. The site is
 * written to a temporary folder beside the output folder (`dist/`, or `--outDir`), which replaces it only
 * when the build succeeds: a failing build (a course problem, a solution that fails its checks) leaves the
 * previous site as it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { COURSE_ENV, courseDirOf, REPO_ROOT } from './course-dir.ts';

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
// Vite reads a relative outDir from the project root, as the build ran before.
const target = resolve(REPO_ROOT, outDir);
const building = mkdtempSync(resolve(dirname(target), `.${basename(target)}-building-`));
// vite.config.ts reads the course folder from the environment (vite's command line refuses options it does not know).
const env = { ...process.env, [COURSE_ENV]: courseDirOf(args, process.env) };
const result = spawnSync('npx', ['vite', 'build', ...rest, '--outDir', building, '--emptyOutDir'], { stdio: 'inherit', env });
if (result.status === 0) {
  const previous = `${building}-previous`;
  if (existsSync(target)) renameSync(target, previous);
  renameSync(building, target);
  rmSync(previous, { recursive: true, force: true });
} else {
  rmSync(building, { recursive: true, force: true });
  console.error(`The build failed: ${outDir} is left as it was.`);
}
process.exitCode = result.status ?? 1;
