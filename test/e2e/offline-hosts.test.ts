/**
 * Offline on any static host, in Chromium: the production build served by hosts that answer with very
 * different headers — python's `http.server`, a host sending `Vary: Origin` + `Cache-Control: no-cache`,
 * nginx's defaults (ETag, gzip with `Vary: Accept-Encoding`) and the real `vite preview` that `npm start`
 * runs. For each: a first visit until the page says it is ready offline, then the host really goes away
 * (every connection dropped, or the server process killed), and a reload still loads the editor,
 * compiles an edit and answers a request. One host also takes 20 reloads in a row; one sends `Vary: *`.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import type { HostProfile } from './harness/host-profiles.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { startVitePreview } from './harness/vite-preview.ts';
import { ANSWER, FIRST } from './harness/wait.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RELOADS = 20;
/** Only the browser's own update checks of the service worker's scripts may try a host that is gone. */
const SERVICE_WORKER_SCRIPT = /\/(service-worker|mockServiceWorker)\.js$/;

/** A host serving the build, which can be taken away for good. */
interface Host {
  url: string;
  /** Takes the host away; from then on every connection fails. */
  goAway(): Promise<void>;
  /** Paths asked for after the host went away (empty when the host cannot tell). */
  refused(): string[];
  close(): Promise<void>;
}

async function staticHost(profile: HostProfile): Promise<Host> {
  const server = await serveStatic(distDir(), '/halo/', { profile });
  return { url: server.url, goAway: async () => server.setDown(true), refused: () => server.refused, close: () => server.close() };
}

async function vitePreviewHost(): Promise<Host> {
  const preview = await startVitePreview(distDir());
  return { url: preview.url, goAway: () => preview.stop(), refused: () => [], close: () => preview.stop() };
}

let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
});

const edited = `import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', () => 'Hello, offline!');

await new AppHttp(app).startServer('localhost', 3000);
`;

const paneTab = (page: Page, pane: string) => page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: pane, exact: true });

/** Brings a pane forward on a phone, where the panes stack behind tabs; on a desktop all are shown. */
async function show(page: Page, pane: 'Code' | 'Request'): Promise<void> {
  if (await paneTab(page, pane).isVisible()) await paneTab(page, pane).click();
}

/**
 * First visit on `host` until the page says it works offline; the host goes away; then `check` runs.
 * Only paths matching `mayTry` may have been asked of the host once it was gone.
 */
async function offlineVisit(
  host: Host,
  viewport: typeof DESKTOP,
  check: (page: Page) => Promise<void>,
  mayTry = SERVICE_WORKER_SCRIPT,
): Promise<void> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(`${host.url}index.html?lesson=scratch`);
    await waitForProgram(page);
    const toolbarHeight = () =>
      page
        .locator('header')
        .first()
        .evaluate((header) => header.getBoundingClientRect().height);
    const before = await toolbarHeight();
    await page.getByText('Ready offline').waitFor({ timeout: 120_000 });
    // The badge comes seconds after the page is in use: it must not push the page down.
    expect(await toolbarHeight()).toBe(before);
    await host.goAway();
    // Offline is a normal state: the reload reports no unhandled error (a failed update check used to be one).
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.reload();
    await check(page);
    expect(host.refused().filter((path) => !mayTry.test(path))).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
    await host.close();
  }
}

/** Sends the request panel's request and returns the answer (on a phone the Response pane comes forward). */
async function sendRequest(page: Page, path: string): Promise<{ status: string; body: string }> {
  await show(page, 'Request');
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path and query').fill(path);
  if (!(await paneTab(page, 'Request').isVisible())) return send(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByTestId('response-status');
  await status.waitFor(ANSWER);
  return {
    status: (await status.textContent()) ?? '',
    body: (await page.getByRole('region', { name: 'Response' }).getByRole('tabpanel').textContent()) ?? '',
  };
}

/** With the host gone: the editor is there, an edit compiles, and the edited program answers. */
async function editAndSend(page: Page): Promise<void> {
  const first = await waitForProgram(page);
  await show(page, 'Code');
  await replaceCode(page, edited, "app.get('/', () => 'Hello, offline!')");
  await waitForProgram(page, first);
  expect(await sendRequest(page, '/')).toEqual({ status: '200 OK', body: '"Hello, offline!"' });
}

test('python http.server (no caching headers), desktop: offline after the host goes away', async () => {
  await offlineVisit(await staticHost('plain'), DESKTOP, editAndSend);
}, 240_000);

test('Vary: Origin + Cache-Control: no-cache, phone: offline after the host goes away', async () => {
  await offlineVisit(await staticHost('vary'), PHONE, editAndSend);
}, 240_000);

test('nginx defaults (ETag, gzip, Vary: Accept-Encoding), phone: offline after the host goes away', async () => {
  await offlineVisit(await staticHost('nginx'), PHONE, editAndSend);
}, 240_000);

test(`vite preview (npm start), desktop: offline after the server is killed, ${RELOADS} reloads in a row`, async () => {
  await offlineVisit(await vitePreviewHost(), DESKTOP, async (page) => {
    await editAndSend(page);
    for (let reload = 1; reload <= RELOADS; reload += 1) {
      await page.reload();
      // The editor is there and the program runs: each reload loads everything from the offline cache.
      await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
      await waitForProgram(page);
    }
  });
  // The visit and 20 reloads took 216 s at load average 22 on 2 cores, 330 s at 30.
}, 600_000);

const usesPg = `import { App, AppHttp, PgService } from 'halo';

const app = new App();

app.use('/todos', new PgService({ table: 'todos' }));

await new AppHttp(app).startServer('localhost', 3000);
`;

// On a host sending `Vary: *`, which the offline cache refuses to store unless the header is dropped.
test('PgService offline before PGlite was ever downloaded says what to do instead of "Failed to fetch"', async () => {
  await offlineVisit(
    await staticHost('vary-star'),
    DESKTOP,
    async (page) => {
      const first = await waitForProgram(page);
      // The indicator comes back offline: everything is still stored.
      await page.getByText('Ready offline').waitFor({ timeout: 60_000 });
      await replaceCode(page, usesPg, "app.use('/todos'");
      await waitForProgram(page, first);
      const { body } = await sendRequest(page, '/todos');
      expect(body).toContain(
        'The database engine (PGlite) has not been downloaded yet: connect once and run a PgService program, then it works offline.',
      );
      expect(body).not.toContain('Failed to fetch');
      // PGlite's files (cached on first use only, sent as their .gz siblings) were tried: they never were stored.
    },
    /\/(service-worker\.js|mockServiceWorker\.js|assets\/(pglite|initdb)-[\w-]+\.(wasm|data)(\.gz)?)$/,
  );
}, 240_000);
