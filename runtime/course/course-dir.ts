import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `lessons/`, the default course, lives). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The environment variable naming the course folder to build or serve. */
export const COURSE_ENV = 'HALO_COURSE';

/**
 * The course folder to use: `--course <dir>` in `argv` (`npm run build -- --course ../my-course`), else
 * `HALO_COURSE`, else `lessons/`. A relative path is read from where npm was started (INIT_CWD).
 */
export function courseDirOf(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const flag = argv.indexOf('--course');
  const named =
    (flag >= 0 ? argv[flag + 1] : undefined) ??
    argv.find((arg) => arg.startsWith('--course='))?.slice('--course='.length) ??
    env[COURSE_ENV];
  if (!named) return resolve(REPO_ROOT, 'lessons');
  return isAbsolute(named) ? named : resolve(env.INIT_CWD ?? process.cwd(), named);
}
