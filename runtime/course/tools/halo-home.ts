/**
 * Where the course tools find Halo's own files. They run from two places: this repository (TypeScript through tsx,
 * next to runtime/ and lessons/) and the installed `halo` package (bundled JavaScript in `node_modules/halo/cli/`,
 * next to the package's `index.js`, `course.js` and prebuilt `app/`). The package's bundler defines
 * `import.meta.haloPackaged`; in the repository it is undefined.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HALO_PACKAGE_LAYOUT } from '../../contract/halo-package-layout.ts';

declare global {
  interface ImportMeta {
    /** `true` in the `halo` package's bundles (esbuild's `define`); undefined when run from the repository. */
    haloPackaged?: boolean;
  }
}

/** Whether the tools run from the installed `halo` package rather than this repository. */
export const PACKAGED = import.meta.haloPackaged === true;

/** The root of this repository, or of the installed `halo` package (the bundles live in its `cli/`). */
export const HALO_ROOT = fileURLToPath(new URL(PACKAGED ? '../' : '../../../', import.meta.url));

/** A file of Halo's own: `repository` is its path in this repository, `packaged` its path in the `halo` package. */
export function haloFile(repository: string, packaged: string): string {
  return `${HALO_ROOT}${PACKAGED ? packaged : repository}`;
}

/** What `import … from 'halo'` means for a program the tools run: the framework's Node build. */
export const HALO_NODE_ENTRY = haloFile('runtime/node/index.ts', 'index.js');

/** What a course's `checks.ts` imports `defineChecks` from (`halo/course`). */
export const CHECK_FORMAT_ENTRY = haloFile('runtime/course/format/check-format.ts', 'course.js');

/** A module the tools load into a program's Node process with `--import` (`name` without extension). */
export function programImport(name: 'resolve-halo' | 'exit-with-parent' | 'report-listening'): string {
  return haloFile(`runtime/course/tools/${name}.ts`, `cli/${name}.js`);
}

/**
 * The prebuilt playground a course build copies, author mode serves and the snippet kit is cut from: the package's
 * `app/`; in this repository, the last site `npm run build` wrote (a built site serves as the app: its course gives way).
 */
export function prebuiltAppDir(): string {
  const dir = haloFile('dist', HALO_PACKAGE_LAYOUT.app);
  if (!PACKAGED && !existsSync(dir)) throw new Error(`No playground at ${dir}: run npm run build first (or use the halo package).`);
  return dir;
}

/** Where the tools keep what they make for `courseDir` between runs: this repository's node_modules/.cache, or the course's own. */
export function toolCacheDir(courseDir: string, name: string): string {
  return resolve(PACKAGED ? courseDir : HALO_ROOT, 'node_modules/.cache', name);
}
