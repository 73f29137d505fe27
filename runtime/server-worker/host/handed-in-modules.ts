/// <reference types="vite/client" />
import graphqlModuleUrl from '../handed-in/graphql-module.ts?worker&url';
import pgliteModuleUrl from '../handed-in/pglite-module.ts?worker&url';
import type { OptionalModules } from '../../framework/optional-modules.ts';
import { fetchCompressed } from '../../assets/fetch-compressed.ts';
import { loadedOnce } from '../handed-in/loaded-once.ts';

const MODULE_URLS: Record<keyof OptionalModules, string> = { pglite: pgliteModuleUrl, graphql: graphqlModuleUrl };

/**
 * The source of an optional package's module file (PGlite, graphql-js), fetched by the page for a server
 * worker: they are most of a megabyte that every worker would otherwise parse at boot, and the worker's
 * sandbox cannot fetch the site itself. Through the offline cache, compressed from any host; kept for the
 * next worker (every run and restart is one).
 */
export const handedInModuleSource: (name: keyof OptionalModules) => Promise<string> = loadedOnce(fetchSource);

async function fetchSource(name: keyof OptionalModules): Promise<string> {
  // The name comes from the program: only the build's own module files are handed in.
  if (!Object.hasOwn(MODULE_URLS, name)) throw new Error(`no module ${String(name)}`);
  const url = MODULE_URLS[name];
  const response = await fetchCompressed(new URL(url, location.href).href);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
