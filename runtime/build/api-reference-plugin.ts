import type { Plugin } from 'vite';
import { apiReference } from './api-reference-cache.ts';

const ID = 'virtual:halo-api';
const RESOLVED = `\0${ID}`;

/** `import entries from 'virtual:halo-api'`: the `halo` module's API reference (ApiEntry[]), made at build time. */
export function apiReferencePlugin(): Plugin {
  return {
    name: 'halo-api-reference',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(apiReference())};`;
    },
  };
}
