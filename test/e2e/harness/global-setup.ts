/** Vitest global setup of the e2e project: Chromium and Firefox present, and a fresh production build for this run. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSiteInBackground, endedFile } from './build-site.ts';
import { ensureChromium } from './chromium.ts';
import { ensureFirefox } from './firefox.ts';
import { REPO_ROOT } from './paths.ts';

/**
 * Runs once before any test file. The build goes on while the unit project runs (vitest runs it first); every e2e
 * file waits for it in its set-up (file-setup.ts). The returned function removes this run's build.
 */
export default function setup(): () => Promise<void> {
  ensureChromium();
  ensureFirefox();
  if (process.env.HALO_E2E_SKIP_BUILD === '1') return async () => {};
  const parent = resolve(REPO_ROOT, 'test/.artifacts');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(resolve(parent, 'dist-'));
  const building = buildSiteInBackground(dir);
  // Test workers start after this and inherit the environment.
  process.env.HALO_DIST_DIR = dir;
  process.env.HALO_E2E_BUILDING = '1';
  return async () => {
    await building;
    rmSync(dir, { recursive: true, force: true });
    rmSync(endedFile(dir), { force: true });
  };
}
