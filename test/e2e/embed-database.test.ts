/**
 * A snippet whose program uses PgService, in a stranger's page: its database opens and answers although the browser
 * denies the third-party snippet frame IndexedDB (Chromium does here, as private windows and blocked third-party
 * storage do): the frame keeps the database's files in its memory instead. What the program wrote at start is
 * read back by the request, and a second Run (the program afresh, the frame the same) still finds it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { FIRST, WAIT, withTimeout } from './harness/wait.ts';
import { escapeHtml, pressAndReadSnippet } from './embed-page.ts';

const NOTES = `import { App, AppHttp, PgService } from 'halo';

const app = new App();
const notes = new PgService({ table: 'notes' });
await notes.open();
await notes.create({ text: 'written at start' });
app.use('/notes', notes);

await new AppHttp(app).startServer('localhost', 3000);`;

const servers = serveBuildAndPage(
  (buildUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post with a database snippet</title>
<script src="${buildUrl}embed.js" defer></script></head>
<body><main><h1>Notes</h1>
<pre><code class="language-ts">${escapeHtml(NOTES)}</code></pre>
<halo-snippet id="notes" request="GET /notes"></halo-snippet>
</main></body></html>`,
);
let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('a PgService snippet in another site’s page opens its database, and a second Run finds what the first wrote', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  // A first PGlite open (its 20 MB of wasm and data fetched, compiled and started) is slow on a shared machine.
  const first = await withTimeout(page.evaluate(pressAndReadSnippet, 'notes'), 240_000, 'the database snippet answers').catch(
    async (error: Error) => {
      // What the snippet shows says why: its status line, its output and the program's console.
      const shown = await page.evaluate(() => document.getElementById('notes')!.shadowRoot!.textContent ?? '');
      throw new Error(`${error.message}; the snippet shows: ${shown.slice(-1500)}`);
    },
  );
  expect((JSON.parse(first) as { text: string }[]).map((note) => note.text)).toEqual(['written at start']);
  // Changed code runs afresh (the page API's send runs it first), in the same frame: the database is still there.
  const second = await withTimeout(
    page.evaluate(async () => {
      const snippet = document.getElementById('notes') as HTMLElement & {
        getFiles(): Record<string, string>;
        setFiles(files: Record<string, string>): void;
        send(request: string): Promise<{ status: number; body: string } | null>;
      };
      snippet.setFiles({ 'main.ts': `${snippet.getFiles()['main.ts']}\n// run again` });
      return snippet.send('GET /notes');
    }),
    240_000,
    'the database snippet, run again, answers',
  );
  expect(second?.status).toBe(200);
  expect((JSON.parse(second!.body) as { text: string }[]).map((note) => note.text)).toEqual(['written at start', 'written at start']);
  await context.close();
}, 600_000);
