import { existsSync } from 'node:fs';
import { HALO_PACKAGE_LAYOUT } from '../contract/halo-package-layout.ts';
import { haloFile, PACKAGED } from '../course/tools/halo-home.ts';

/**
 * The prebuilt playground a course build copies, author mode serves and the snippet kit is cut from: the package's
 * `app/`; in this repository, the last site `npm run build` wrote (a built site serves as the app: its course gives way).
 */
export function prebuiltAppDir(): string {
  const dir = haloFile('dist', HALO_PACKAGE_LAYOUT.app);
  if (!PACKAGED && !existsSync(dir)) throw new Error(`No playground at ${dir}: run npm run build first (or use the halo package).`);
  return dir;
}
