import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { ALLOWED_ORIGINS_FILE, ANY_ORIGIN_LIST } from '../contract/embed-origins-file.ts';

/** The snippet script's name at the site's root: the one URL an author's page loads. */
const EMBED_SCRIPT_FILE = 'embed.js';

/** The snippet frame's own service worker (runtime/embed/frame-offline.ts registers it), and where the build writes it. */
const FRAME_WORKER_ENTRY = 'runtime/embed/frame-service-worker.ts';
const FRAME_WORKER_FILE = 'web/embed/frame-sw.js';

/** embed.js bundled from `entry` into one self-contained, minified classic script (no chunk of the site to fetch after it). */
async function embedScript(entry: string, minify: boolean): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify,
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

/**
 * Writes `embed.js` (web/embed/embed.ts: the `<halo-snippet>` element) to the root of the build, under a name
 * that does not change between builds, so an author's `<script src=".../embed.js">` keeps working; the
 * dev server builds it on request.
 */
export function embedScriptPlugin(entry = 'web/embed/embed.ts'): Plugin {
  let base = '/';
  return {
    name: 'halo-embed-script',
    configResolved(config) {
      base = config.base.startsWith('/') ? config.base : '/';
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}${EMBED_SCRIPT_FILE}`) return next();
        embedScript(entry, false).then((source) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(source);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: EMBED_SCRIPT_FILE, source: await embedScript(entry, true) });
      // The snippet frame's service worker, beside the frame (its scope): a fixed name, as a registration needs.
      this.emitFile({ type: 'asset', fileName: FRAME_WORKER_FILE, source: await embedScript(FRAME_WORKER_ENTRY, true) });
      // Any page may embed until the host says otherwise; a file, not a missing one, so no 404 in the author's console.
      this.emitFile({ type: 'asset', fileName: ALLOWED_ORIGINS_FILE, source: ANY_ORIGIN_LIST });
    },
  };
}
