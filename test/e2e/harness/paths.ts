import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The production site the tests serve: `$HALO_DIST_DIR` (a private build of this test run, set by the
 * global setup, so runs sharing the working tree never serve each other's half-written builds), else dist/.
 */
export function distDir(): string {
  return process.env.HALO_DIST_DIR || resolve(REPO_ROOT, 'dist');
}
