import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './paths.ts';

const BUILD_TIMEOUT_MS = 10 * 60_000;

/** Runs `npm run build` (framework types, then the production site into dist/); throws when it fails. */
export function buildSite(): void {
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: BUILD_TIMEOUT_MS });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`[e2e] built the site in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
