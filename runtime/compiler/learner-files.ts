import type { Loader, Plugin } from 'esbuild-wasm/esm/browser.js';
import { haloShim } from './halo-shim.ts';

/** The esbuild namespace of the learner's files; stripped again from diagnostics and source maps. */
export const LEARNER_NAMESPACE = 'learner';
const HALO_NAMESPACE = 'halo';
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.json', '/index.ts', '/index.js'];
const LOADERS: Record<string, Loader> = { ts: 'ts', mts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', jsx: 'jsx', json: 'json' };

/** `path` as the key it has in the learner's file map: no leading `./` or `/`. */
export function fileKey(path: string): string {
  return path.replace(/^\.?\/+/, '');
}

/**
 * An esbuild plugin that serves the learner's in-memory files and turns `halo` into the shim over the
 * server worker's framework; any other bare import is an error, since nothing is fetched at run time.
 */
export function learnerFiles(files: Record<string, string>, haloExports: readonly string[]): Plugin {
  const byPath = new Map(Object.entries(files).map(([name, source]) => [`/${fileKey(name)}`, source]));
  return {
    name: 'halo-learner-files',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.path === 'halo') return { path: 'halo', namespace: HALO_NAMESPACE };
        if (args.kind === 'entry-point') return resolveIn(byPath, `/${fileKey(args.path)}`, args.path);
        if (!args.path.startsWith('.') && !args.path.startsWith('/')) {
          return { errors: [{ text: `Cannot import "${args.path}": a playground program can import "halo" and its own files only.` }] };
        }
        const base = args.importer.slice(0, args.importer.lastIndexOf('/') + 1);
        return resolveIn(byPath, normalize(args.path.startsWith('/') ? args.path : base + args.path), args.path);
      });
      build.onLoad({ filter: /.*/, namespace: HALO_NAMESPACE }, () => ({ contents: haloShim(haloExports), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: LEARNER_NAMESPACE }, (args) => ({
        contents: byPath.get(args.path) ?? '',
        loader: LOADERS[args.path.slice(args.path.lastIndexOf('.') + 1)] ?? 'ts',
      }));
    },
  };
}

function resolveIn(byPath: Map<string, string>, path: string, requested: string) {
  for (const extension of EXTENSIONS) {
    if (byPath.has(path + extension)) return { path: path + extension, namespace: LEARNER_NAMESPACE };
  }
  return { errors: [{ text: `Cannot find the file "${requested}" among the program's files.` }] };
}

/** Resolves `.` and `..` segments of an absolute path. */
function normalize(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment && segment !== '.') out.push(segment);
  }
  return `/${out.join('/')}`;
}
