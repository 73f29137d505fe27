import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild-wasm';
import type { Plugin } from 'vite';
import { compileProgram } from '../compiler/compile.ts';
import { APP_MANIFEST_FILE, type AppManifest } from '../contract/app-manifest.ts';

const MODULE = 'virtual:halo-prebuilt';
const RESOLVED = `\0${MODULE}`;
const EXPORTS_MODULE = 'virtual:halo-exports';
const EXPORTS_RESOLVED = `\0${EXPORTS_MODULE}`;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A program the page holds: its files by name (`main.ts` first), and the files on disk they come from. */
interface PrebuiltProgram {
  files: Record<string, string>;
  paths: string[];
}

/** The playground's own programs (not the course's, which the course build compiles): the templates, each one file. */
function playgroundPrograms(): PrebuiltProgram[] {
  const templates = readdirSync(`${ROOT}web/templates`)
    .filter((name) => name.endsWith('.ts') && name !== 'template-catalog.ts')
    .map((name) => `web/templates/${name}`);
  return templates.map((path) => ({ files: { 'main.ts': readFileSync(`${ROOT}${path}`, 'utf8') }, paths: [`${ROOT}${path}`] }));
}

/** The names the browser build of `halo` exports, read from esbuild's metafile: the compiler's shim needs them. */
export async function haloExports(): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [`${ROOT}runtime/browser/index.ts`],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    outfile: 'halo.js',
    logLevel: 'silent',
  });
  // Sorted as a module namespace lists them: the compiler worker and this build must agree.
  return Object.values(result.metafile.outputs)
    .flatMap((output) => output.exports)
    .sort();
}

/**
 * Also gives the compiler worker the names `halo` exports as `virtual:halo-exports` (dev too): importing
 * the framework there only to list them put a third copy of PGlite's JavaScript in the build.
 *
 * Compiles the playground's templates at build time with the same compiler the page uses (esbuild-wasm, same options,
 * same content ids), writes each bundle to `assets/prebuilt/<id>.js`, and gives the page their ids as
 * `virtual:halo-prebuilt`. The course's programs are compiled by the course build (runtime/course/tools/build-course-site.ts),
 * against the export names this writes to `halo-app.json` (runtime/contract/app-manifest.ts).
 */
export function prebuiltProgramsPlugin(): Plugin {
  let building = false;
  return {
    name: 'halo-prebuilt-programs',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === MODULE ? RESOLVED : id === EXPORTS_MODULE ? EXPORTS_RESOLVED : null;
    },
    async load(id) {
      if (id === EXPORTS_RESOLVED) return `export default ${JSON.stringify(await haloExports())};`;
      if (id !== RESOLVED) return null;
      if (!building) return 'export default [];';
      const names = await haloExports();
      this.emitFile({ type: 'asset', fileName: APP_MANIFEST_FILE, source: JSON.stringify({ haloExports: names } satisfies AppManifest) });
      const ids: string[] = [];
      for (const { files, paths } of playgroundPrograms()) {
        for (const path of paths) this.addWatchFile(path);
        const result = await compileProgram(esbuild, { files, entry: 'main.ts', haloExports: names });
        if (!result.ok)
          this.error(
            `${paths[0]} does not compile: ${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`).join('; ')}`,
          );
        if (ids.includes(result.bundle.id)) continue;
        ids.push(result.bundle.id);
        this.emitFile({ type: 'asset', fileName: `assets/prebuilt/${result.bundle.id}.js`, source: result.bundle.code });
      }
      return `export default ${JSON.stringify(ids)};`;
    },
  };
}
