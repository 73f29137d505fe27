import * as esbuild from 'esbuild';
import type { Plugin } from 'vite';

/** The worker scripts the sandbox frame runs from a blob: URL, where a module worker cannot import the dev server's files. */
const SANDBOXED = /^\/runtime\/server-worker\/(server-worker|handed-in\/[\w-]+)\.ts$/;
/** What handed-in-plugin.ts leaves out of the server worker's script: the page hands these in. */
const LEFT_OUT = /^(@electric-sql\/pglite|graphql)$/;

/** esbuild's counterpart of leaveOutOptionalModules (handed-in-plugin.ts), for the dev bundles. */
const leaveOutOptional: esbuild.Plugin = {
  name: 'halo-leave-out-optional-modules',
  setup(build) {
    build.onResolve({ filter: LEFT_OUT }, (args) =>
      /[\\/]framework[\\/]optional-modules\.ts$/.test(args.importer) ? { path: args.path, namespace: 'halo-left-out' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'halo-left-out' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * Dev server only (`npm run author`): serves the server worker and the handed-in modules as one file each,
 * bundled by esbuild, as the production build does (`worker.rolldownOptions.output.codeSplitting: false`).
 * The page starts them from a blob: URL inside the sandboxed frame (an opaque origin with no network), so
 * the dev server's usual module worker, which imports its modules one by one, could not start there.
 */
export function sandboxedWorkersDevPlugin(): Plugin {
  return {
    name: 'halo-sandboxed-workers-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const [path, query = ''] = (req.url ?? '').split('?');
        if (!SANDBOXED.test(path) || !query.includes('worker_file')) return next();
        esbuild
          .build({
            entryPoints: [`${server.config.root}${path}`],
            bundle: true,
            format: 'esm',
            platform: 'browser',
            target: 'es2022',
            write: false,
            logLevel: 'silent',
            define: { 'process.env.NODE_ENV': '"development"' },
            plugins: [leaveOutOptional],
          })
          .then((built) => {
            res.setHeader('content-type', 'text/javascript; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(built.outputFiles[0].text);
          }, next);
      });
    },
  };
}
