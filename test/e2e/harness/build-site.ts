import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './paths.ts';

const BUILD_TIMEOUT_MS = 10 * 60_000;

function run(args: string[], extraEnv: Record<string, string> = {}): void {
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle.
  const env = { ...process.env, ...extraEnv, NODE_ENV: 'production' };
  const result = spawnSync('npx', args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Builds the production site into `outDir` as `npm run build` does (framework types first; `vite build` makes the
 * prebuilt playground, then the course build writes the course's data beside it), plus the engine's test page; with
 * `courseDir`, the site of that course folder instead of lessons/.
 */
export function buildSite(outDir: string, courseDir?: string): void {
  const started = Date.now();
  run(['tsx', 'runtime/build/build-types.ts']);
  // lessons/'s programs are proved by test/lessons/lessons-run.test.ts: the build's validator skips running them again.
  run(
    ['tsx', 'runtime/course/tools/build-cli.ts', '--mode', 'e2e', '--outDir', outDir, ...(courseDir ? ['--course', courseDir] : [])],
    courseDir ? {} : { HALO_COURSE_PROOFS: '0' },
  );
  console.log(`[e2e] built the site into ${outDir.slice(REPO_ROOT.length + 1)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
