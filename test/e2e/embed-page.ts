/**
 * A stranger's page with five Halo snippets (a blog post on another origin than the playground's build), and
 * the server that serves it: the e2e test of `<halo-snippet>` and the browser bench use it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The first snippet's code, as the page's own `<pre><code>` shows it (escaped by `escapeHtml`). */
const HELLO = `import { App, AppHttp } from 'halo';

const app = new App();
app.get('/hello', () => ({ hello: 'world' }));

await new AppHttp(app).startServer('localhost', 3000);`;

/** The second: editable, with a body to send. */
const GREET = `import { App, AppHttp } from 'halo';

const app = new App();
app.post('/greet', async (req) => {
  await req.parseBody();
  return { greeting: 'Hello, ' + req.bodyAsMap.name };
});

await new AppHttp(app).startServer('localhost', 3000);`;

const COUNTER_SETUP = `import { App, AppHttp } from 'halo';

const app = new App();
let count = 0;
// @halo-cell
await new AppHttp(app).startServer('localhost', 3000);`;

/** The program a checks-snippet runs, and its check (lesson check format). */
const CHECKS = JSON.stringify([
  { title: 'GET /ping answers pong', request: { method: 'GET', path: '/ping' }, expect: { status: 200, body: 'pong' } },
]);

/** The text of `text` for an HTML page (attributes included). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page: five snippets (a page block, an editable one, a hidden-setup cell, a cell after it, one with checks) and embed.js from `buildUrl`. */
export function embedPage(buildUrl: string, snippets = 5): string {
  const parts = [
    `<h2>Hello</h2><pre><code class="language-ts">${escapeHtml(HELLO)}</code></pre>
<halo-snippet id="hello" request="GET /hello"></halo-snippet>`,
    `<h2>Greet</h2><halo-snippet id="greet" editable request="POST /greet" body='{"name":"Ada"}'>
<script type="text/plain" data-file="main.ts">
${GREET}
</script></halo-snippet>`,
    `<h2>Count</h2><halo-snippet id="count" request="GET /count">
<script type="text/plain" data-file="main.ts" hidden>
${COUNTER_SETUP}
</script>
<script type="text/plain" data-file="main.ts">
app.get('/count', () => ({ count: ++count }));
</script></halo-snippet>`,
    `<h2>Reset, building on Count</h2><halo-snippet id="reset" depends-on="count" request="POST /reset">
<script type="text/plain" data-file="main.ts">
app.post('/reset', () => ({ count: (count = 0) }));
</script></halo-snippet>`,
    `<h2>Ping, with checks</h2><halo-snippet id="ping" request="GET /ping" checks="${escapeHtml(CHECKS)}">
<script type="text/plain" data-file="main.ts">
import { App, AppHttp } from 'halo';

const app = new App();
app.get('/ping', (req, res) => res.write('pong'));

await new AppHttp(app).startServer('localhost', 3000);
</script></halo-snippet>`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A post with Halo snippets</title>
<script src="${buildUrl}embed.js" defer></script></head>
<body><main><h1>Halo snippets</h1>
${parts.slice(0, snippets).join('\n')}
</main></body></html>`;
}

/** A page server of its own (another origin than the build's): `/` is `html()`, anything else a 404. */
export async function servePage(html: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    // localhost, where the build is served on 127.0.0.1: another site, so the frame is a third-party one.
    url: `http://localhost:${port}/`,
    close: () => new Promise((closed) => (server.closeAllConnections(), server.close(() => closed()))),
  };
}

/**
 * Runs in the page: presses snippet `id`'s Run (or Send) and resolves with the response body it shows once its status
 * line changed and names a response. Watching the changes, not comparing texts: a second run of the same request may
 * end on the very same line ("GET /greet: 200 in 3 ms").
 */
export function pressAndReadSnippet(id: string): Promise<string> {
  const root = document.getElementById(id)!.shadowRoot!;
  const state = root.querySelector('.state')!;
  const button = root.querySelector<HTMLButtonElement>('.bar button.run')!;
  return new Promise((resolve) => {
    let changed = false;
    const settled = () => changed && !button.disabled && /: \d{3}/.test(state.textContent ?? '');
    const observer = new MutationObserver(() => {
      changed = true;
      if (!settled()) return;
      observer.disconnect();
      resolve(root.querySelector('.out > pre')!.textContent ?? '');
    });
    observer.observe(state, { childList: true, characterData: true, subtree: true });
    observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
    button.click();
  });
}
