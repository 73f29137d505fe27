import { pathToFileURL } from 'node:url';
import { HALO_NODE_ENTRY } from './halo-home.ts';

/** Module hooks (node:module `register`) that resolve `import … from 'halo'` to this framework's Node build, from any folder. */
const HALO = pathToFileURL(HALO_NODE_ENTRY).href;

type Resolved = { url: string; format?: string | null };
type NextResolve = (specifier: string, context: unknown) => Promise<Resolved>;

/** Whether `url` is a course's own TypeScript file (not a package's), which runs as an ES module. */
function ownTypeScript(url: string): boolean {
  return url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/');
}

/** `url` without tsx's CommonJS markers (`…/a.ts%3Ftsx-commonjs-…?tsx-commonjs-…`), which it adds to a file it reads as CommonJS. */
const withoutTsxQuery = (url: string): string => url.replace(/(%3F|\?)tsx-commonjs-.*$/, '');

/**
 * Resolves `halo`, so a course's programs run against this framework wherever the course folder is, and marks a
 * course's TypeScript files as ES modules: with no package.json saying so, tsx would read a program's second file
 * as CommonJS, whose `require('halo')` these hooks never see.
 */
export async function resolve(specifier: string, context: unknown, nextResolve: NextResolve): Promise<Resolved> {
  // Through the next hooks (tsx's), which mark a .ts file as one they load.
  const resolved = await nextResolve(specifier === 'halo' ? HALO : specifier, context);
  const url = withoutTsxQuery(resolved.url);
  return ownTypeScript(url) ? { ...resolved, url, format: 'module' } : resolved;
}

type NextLoad = (url: string, context: { format?: string }) => Promise<unknown>;

/** Loads every TypeScript file outside node_modules as an ES module, so a course folder needs no package.json. */
export async function load(url: string, context: { format?: string }, nextLoad: NextLoad): Promise<unknown> {
  return nextLoad(url, ownTypeScript(url) ? { ...context, format: 'module' } : context);
}
