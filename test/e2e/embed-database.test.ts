/**
 * A snippet whose program uses PgService, in a stranger's page: its database opens and answers although the browser
 * denies the third-party snippet frame IndexedDB (Chromium does here, as private windows and blocked third-party
 * storage do): the frame keeps the database's files in its memory instead. What the program wrote at start is
 * read back by the request, and a second Run (the program afresh, the frame the same) still finds it. The page keeps
 * the database in its own IndexedDB for the frame: a reload finds it, and bytes the page tampered with leave the
 * snippet working on an empty database, with a note saying so.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

/** Opens the page (again) and presses the snippet's Run: the texts of the notes it answers with. */
async function runNotes(page: Page, reload = false): Promise<string[]> {
  await (reload
    ? page.reload({ timeout: FIRST.timeout, waitUntil: 'load' })
    : page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' }));
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  // A first PGlite open (its 20 MB of wasm and data fetched, compiled and started) is slow on a shared machine.
  const body = await withTimeout(page.evaluate(pressAndReadSnippet, 'notes'), 240_000, 'the database snippet answers').catch(
    async (error: Error) => {
      // What the snippet shows says why: its status line, its output and the program's console.
      throw new Error(`${error.message}; the snippet shows: ${(await shownBy(page)).slice(-1500)}`);
    },
  );
  return (JSON.parse(body) as { text: string }[]).map((note) => note.text);
}

/** All the snippet shows: its status line, note, output and the program's console. */
const shownBy = (page: Page) => page.evaluate(() => document.getElementById('notes')!.shadowRoot!.textContent ?? '');

test('a PgService snippet in another site’s page opens its database, and a second Run finds what the first wrote', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  expect(await runNotes(page)).toEqual(['written at start']);
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

describe('the database of a snippet in Chromium’s third-party frame, kept by the page', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(WAIT.timeout);
  });

  afterAll(async () => {
    await context?.close();
  });

  test('survives a reload right after a write: Run, POST a row, reload, Run, and GET shows the row', async () => {
    await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
    await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
    // The first action runs the program and POSTs at once: its database's first change (its changes over the build's
    // seed, a few MB) and the row are the freshest writes when the page reloads.
    const posted = await withTimeout(
      page.evaluate(() => {
        const snippet = document.getElementById('notes') as HTMLElement & {
          send(request: { method: string; path: string; headers: [string, string][]; body: string }): Promise<{ status: number } | null>;
        };
        const body = JSON.stringify({ text: 'posted' });
        return snippet.send({ method: 'POST', path: '/notes', headers: [['content-type', 'application/json']], body });
      }),
      240_000,
      'the POST is answered',
    );
    expect(posted?.status).toBe(201);
    // At once: what the reader saw answered is kept by then, with no wait for the page's writes.
    const again = await runNotes(page, true);
    expect(await shownBy(page)).toMatch(/this page keeps its data/);
    expect(again).toEqual(['written at start', 'posted', 'written at start']);
  }, 600_000);

  test('bytes the page tampered with leave the snippet working on an empty database, and it says so', async () => {
    // The page's store, as the page's own scripts could change it: every file's bytes replaced.
    await page.evaluate(async () => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('halo-snippet-databases');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = database.transaction('files', 'readwrite');
      const files = transaction.objectStore('files');
      const request = files.openCursor();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return;
        const row = cursor.value as { data?: ArrayBuffer };
        if (row.data) void cursor.update({ ...row, data: new Uint8Array(row.data.byteLength).fill(7).buffer });
        cursor.continue();
      };
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      database.close();
    });
    expect(await runNotes(page, true)).toEqual(['written at start']);
    expect(await shownBy(page)).toMatch(/could not be opened, so it starts with an empty database/);
  }, 600_000);
});
