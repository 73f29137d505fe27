import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where `npm run build` writes the production site. */
export const DIST_DIR = resolve(REPO_ROOT, 'dist');
