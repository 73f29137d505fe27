import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './paths.ts';

const BUILD_TIMEOUT_MS = 10 * 60_000;
/**
 * Written beside the site's folder (never inside: the site's files make its offline manifest) when its build has
 * ended: empty when it succeeded, the failure's text when not.
 */
export const endedFile = (outDir: string) => `${outDir}.build-ended`;

function run(args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle.
  const env = { ...process.env, ...extraEnv, NODE_ENV: 'production' };
  const child = spawn('npx', args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: BUILD_TIMEOUT_MS });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output}`)),
    );
  });
}

/**
 * Builds the production site into `outDir` as `npm run build` does (framework types first; `vite build` makes the
 * prebuilt playground, then the course build writes the course's data beside it), plus the engine's test page; with
 * `courseDir`, the site of that course folder instead of lessons/.
 */
export async function buildSite(outDir: string, courseDir?: string): Promise<void> {
  const started = Date.now();
  await run(['tsx', 'runtime/build/build-types.ts']);
  // lessons/'s programs are proved by test/lessons/lessons-run.test.ts: the build's validator skips running them again.
  await run(
    ['tsx', 'runtime/course/tools/build-cli.ts', '--mode', 'e2e', '--outDir', outDir, ...(courseDir ? ['--course', courseDir] : [])],
    courseDir ? {} : { HALO_COURSE_PROOFS: '0' },
  );
  console.log(`[e2e] built the site into ${outDir.slice(REPO_ROOT.length + 1)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the site into `outDir` in the background and marks the folder when the build ends, so that test workers
 * (other processes) can wait for it with `siteBuilt`: the build overlaps the unit project instead of coming before it.
 */
export function buildSiteInBackground(outDir: string): Promise<void> {
  const marker = endedFile(outDir);
  return buildSite(outDir).then(
    () => writeFileSync(marker, ''),
    (error: unknown) => writeFileSync(marker, error instanceof Error ? error.message : String(error) || 'the build failed'),
  );
}

/** Waits until the build `buildSiteInBackground` started into `outDir` has ended; throws its failure. */
export async function siteBuilt(outDir: string): Promise<void> {
  const marker = endedFile(outDir);
  const started = Date.now();
  while (!existsSync(marker)) {
    if (Date.now() - started > BUILD_TIMEOUT_MS) throw new Error(`The site build into ${outDir} did not end in 10 minutes`);
    // A file another process writes: polled, there is nothing to wait on across processes.
    await sleep(250);
  }
  const failure = readFileSync(marker, 'utf8');
  if (failure) throw new Error(failure);
}
