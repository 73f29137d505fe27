import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { GZIP_SUFFIX } from '../assets/compressed-assets.ts';
import type { OfflineManifest } from '../contract/offline-manifest.ts';
import { MSW_WORKER_FILE, SERVICE_WORKER_FILE } from '../contract/service-worker-file.ts';

/** Files used by few programs only (PGlite, several MB): cached on first use instead of after every first visit. */
const ON_DEMAND = /(^|\/)(pglite|initdb)[^/]*$/;

/** The offline manifest of a build whose output files (path → content) are `files`. */
export function offlineManifest(files: Record<string, string | Uint8Array>): OfflineManifest {
  const paths = Object.keys(files)
    .filter((path) => path !== SERVICE_WORKER_FILE && path !== MSW_WORKER_FILE && !path.endsWith('.map'))
    .sort();
  // A file with a `.gz` sibling is stored compressed: the sibling is cached, the file is served from it.
  const compressed = paths.filter((path) => paths.includes(`${path}${GZIP_SUFFIX}`));
  const stored = paths.filter((path) => !compressed.includes(path));
  const hash = createHash('sha256');
  for (const path of paths) hash.update(path).update('\0').update(files[path]).update('\0');
  return {
    version: hash.digest('hex').slice(0, 16),
    precache: stored.filter((path) => !ON_DEMAND.test(path)),
    onDemand: stored.filter((path) => ON_DEMAND.test(path)),
    compressed,
    hashes: Object.fromEntries(paths.map((path) => [path, createHash('sha256').update(files[path]).digest('hex')])),
  };
}

/** Where the service worker script holds its manifest: a global set by the script's second line. */
const MANIFEST_GLOBAL = 'globalThis.HALO_OFFLINE';

/** The script's first two lines: what it is (with the manifest's version) and its manifest. */
function manifestLines(manifest: OfflineManifest): string {
  return [
    `// The Halo Playground's service worker (version ${manifest.version}): offline cache, then msw.`,
    `${MANIFEST_GLOBAL} = ${JSON.stringify(manifest)};`,
  ].join('\n');
}

/**
 * The playground's one service worker: the offline cache (runtime/service-worker/offline-worker.ts,
 * with `manifest` set on its second line) first, then msw's own worker script, imported at its installed version.
 */
export async function serviceWorkerScript(manifest: OfflineManifest): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, '../service-worker/offline-worker.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    define: { HALO_OFFLINE: MANIFEST_GLOBAL },
  });
  return [manifestLines(manifest), result.outputFiles[0].text, `importScripts('./${MSW_WORKER_FILE}');`, ''].join('\n');
}

/**
 * `script` (a service worker {@link serviceWorkerScript} wrote) with `manifest` in place of its own: a course build adds
 * its data to a copy of the prebuilt app, whose offline cache must then list (and version) those files too.
 */
export function withOfflineManifest(script: string, manifest: OfflineManifest): string {
  const lines = script.split('\n');
  if (!lines[0].startsWith("// The Halo Playground's service worker") || !lines[1].startsWith(`${MANIFEST_GLOBAL} = `))
    throw new Error('This is not a service worker the playground build wrote: its manifest is not where it should be.');
  return [manifestLines(manifest), ...lines.slice(2)].join('\n');
}
