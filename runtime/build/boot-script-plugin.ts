import type { Plugin } from 'vite';

/** The build's name of the boot script's entry chunk. */
const BOOT_ENTRY = 'boot';

/**
 * Makes `entry` an entry of the build of its own and puts it in `index.html` as its first script, `async`, ahead of the
 * page's main script: an async module script runs as soon as its own imports have loaded, so a small entry starts its
 * work while the page's large module graph still loads; a deferred one would wait for the page's style sheets and the
 * end of parsing too (Vite would merge a second `<script>` of the HTML into the page's own entry).
 */
export function bootScriptPlugin(entry = 'web/boot-sandbox.ts'): Plugin {
  return {
    name: 'halo-boot-script',
    config: () => ({ build: { rolldownOptions: { input: { [BOOT_ENTRY]: entry } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!/(^|\/)index\.html$/.test(context.path)) return undefined;
        const chunk = Object.values(context.bundle ?? {}).find((out) => out.type === 'chunk' && out.isEntry && out.name === BOOT_ENTRY);
        // The dev server serves the source; a build names the hashed chunk, relative like every path of the site.
        const src = chunk ? `./${chunk.fileName}` : `/${entry}`;
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}
