/** Vitest global setup of the e2e project: Chromium and Firefox present, and a fresh production build for this run. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSite } from './build-site.ts';
import { ensureChromium } from './chromium.ts';
import { ensureFirefox } from './firefox.ts';
import { REPO_ROOT } from './paths.ts';

/** Runs once before the e2e test files; the returned function removes this run's build. */
export default function setup(): () => void {
  ensureChromium();
  ensureFirefox();
  if (process.env.HALO_E2E_SKIP_BUILD === '1') return () => {};
  const parent = resolve(REPO_ROOT, 'test/.artifacts');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(resolve(parent, 'dist-'));
  buildSite(dir);
  // Test workers start after this and inherit the environment.
  process.env.HALO_DIST_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
