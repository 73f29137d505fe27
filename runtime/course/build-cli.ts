/**
 * `npm run build -- --course ../my-course [vite build options]`: builds the static site with that course
 * folder (lessons/ without `--course`); every other option goes to `vite build` as it is.
 */
import { spawnSync } from 'node:child_process';
import { COURSE_ENV, courseDirOf } from './course-dir.ts';

const args = process.argv.slice(2);
const flag = args.findIndex((arg) => arg === '--course' || arg.startsWith('--course='));
const rest = flag < 0 ? args : args.filter((_, index) => index !== flag && !(args[flag] === '--course' && index === flag + 1));
// vite.config.ts reads the course folder from the environment (vite's command line refuses options it does not know).
const env = { ...process.env, [COURSE_ENV]: courseDirOf(args, process.env) };
const result = spawnSync('npx', ['vite', 'build', ...rest], { stdio: 'inherit', env });
process.exitCode = result.status ?? 1;
