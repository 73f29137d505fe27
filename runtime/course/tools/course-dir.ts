import { mkdirSync, mkdtempSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `lessons/`, the default course, lives). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The default course: Halo's own lessons. */
const DEFAULT_COURSE_DIR = resolve(REPO_ROOT, 'lessons');

/**
 * Whether a build of `dir` runs every program to prove its checks: `HALO_COURSE_PROOFS=1|0` decides, else yes for
 * any course but the default one, whose programs `npm test` already proves (`npm start` would wait ~90 s for them).
 */
export function buildRunsProofs(dir: string, env: NodeJS.ProcessEnv): boolean {
  if (env.HALO_COURSE_PROOFS === '1' || env.HALO_COURSE_PROOFS === '0') return env.HALO_COURSE_PROOFS === '1';
  return resolve(dir) !== DEFAULT_COURSE_DIR;
}

/** The environment variable naming the course folder to build or serve. */
const COURSE_ENV = 'HALO_COURSE';

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
  if (!named) return DEFAULT_COURSE_DIR;
  return isAbsolute(named) ? named : resolve(env.INIT_CWD ?? process.cwd(), named);
}

/**
 * A fresh folder for the repository's prebuilt playground on its way into a site (`npm run build`, `npm start`): in
 * node_modules/.cache/halo/, git-ignored, one per build, so builds running at once never share one. The caller removes it.
 */
export function scratchAppDir(): string {
  const parent = resolve(REPO_ROOT, 'node_modules/.cache/halo');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(resolve(parent, 'app-'));
}
