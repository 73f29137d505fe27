/** Module hooks (node:module `register`) that resolve `import … from 'halo'` to this repository's Node build, from any folder. */
const HALO = new URL('../node/index.ts', import.meta.url).href;

type NextResolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

/** Resolves `halo`, so a course's programs run against this framework wherever the course folder is. */
export async function resolve(specifier: string, context: unknown, nextResolve: NextResolve): Promise<{ url: string }> {
  // Through the next hooks (tsx's), which mark a .ts file as one they load.
  return nextResolve(specifier === 'halo' ? HALO : specifier, context);
}

type NextLoad = (url: string, context: { format?: string }) => Promise<unknown>;

/** Loads every TypeScript file outside node_modules as an ES module, so a course folder needs no package.json. */
export async function load(url: string, context: { format?: string }, nextLoad: NextLoad): Promise<unknown> {
  return nextLoad(url, /\.ts$/.test(url) && !url.includes('/node_modules/') ? { ...context, format: 'module' } : context);
}
