import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_MANIFEST_FILE, type AppManifest } from '../../contract/app-manifest.ts';
import { SERVICE_WORKER_FILE } from '../../contract/service-worker-file.ts';

/**
 * The manifest of the prebuilt playground in `appDir` (what `vite build` wrote): a folder that is not one fails here,
 * with what it lacks, before a course build spends anything on it.
 */
export function readPrebuiltApp(appDir: string): AppManifest {
  const missing = ['index.html', SERVICE_WORKER_FILE, APP_MANIFEST_FILE].filter((file) => !existsSync(join(appDir, file)));
  if (missing.length > 0)
    throw new Error(`${appDir} is not a prebuilt Halo Playground (vite build writes one): it has no ${missing.join(', ')}.`);
  const manifest = JSON.parse(readFileSync(join(appDir, APP_MANIFEST_FILE), 'utf8')) as Partial<AppManifest>;
  if (!Array.isArray(manifest.haloExports)) throw new Error(`${join(appDir, APP_MANIFEST_FILE)} does not list haloExports.`);
  return { haloExports: manifest.haloExports };
}
