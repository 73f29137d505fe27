/**
 * Builds every benchmark entry point (the five servers, the in-process and allocation scripts) into plain
 * JavaScript under `test/bench/dist/`, so that all of them run in `node` with no loader. Frameworks
 * from node_modules are shipped as compiled JavaScript; this puts Halo's TypeScript on the same footing
 * (a loader such as tsx compiles with `keepNames`, which costs Halo alone a helper call per named
 * closure, and keeps its own hooks in the process).
 */
import { build } from 'esbuild-wasm';
import { fileURLToPath } from 'node:url';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The entry points bundled, by output name (`servers/<name>.ts` → `dist/<name>.mjs`). */
const SERVER_ENTRIES = ['raw', 'halo', 'fastify', 'hono', 'express'] as const;

/** Path of a bundled entry point. */
export function bundled(name: string): string {
  return here(`./dist/${name}.mjs`);
}

/**
 * Bundles the benchmark's own code and Halo (`halo` → runtime/node) with esbuild, every other package
 * left external: what a production build of each server would contain. No minification, no keepNames.
 */
export async function bundleBenchmark(): Promise<void> {
  const entryPoints = [
    ...SERVER_ENTRIES.map((name) => ({ in: here(`./servers/${name}.ts`), out: name })),
    { in: here('./in-process.ts'), out: 'in-process' },
    { in: here('./allocation.ts'), out: 'allocation' },
    { in: here('./adapter-overhead.ts'), out: 'adapter-overhead' },
    { in: here('./http-overhead.ts'), out: 'http-overhead' },
  ];
  await build({
    entryPoints,
    outdir: here('./dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { halo: here('../../runtime/node/index.ts') },
    logLevel: 'warning',
  });
}
