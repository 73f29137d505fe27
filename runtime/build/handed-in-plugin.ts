import type { Plugin } from 'vite';

/** The packages optional-modules.ts imports, which the server worker gets from the page instead. */
const LEFT_OUT = new Set(['@electric-sql/pglite', 'graphql']);
const EMPTY_MODULE = '\0halo-left-out';

/**
 * For worker builds: optional-modules.ts's imports of PGlite and graphql-js resolve to an empty module, so
 * the server worker's script does not carry them (most of a megabyte every worker would parse at boot);
 * it loads them through the page when a program first needs them (runtime/server-worker/host/handed-in-modules.ts).
 */
export function leaveOutOptionalModules(): Plugin {
  return {
    name: 'halo-leave-out-optional-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (LEFT_OUT.has(source) && importer && /[\\/]framework[\\/]optional-modules\.ts$/.test(importer)) return EMPTY_MODULE;
      return null;
    },
    load(id) {
      return id === EMPTY_MODULE ? 'export {};' : null;
    },
  };
}
