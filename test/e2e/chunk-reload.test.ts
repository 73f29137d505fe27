/**
 * A chunk of the site that fails to load (the editor's here) costs the learner nothing, in Chromium, through the
 * real service worker: the browser keeps a failed module failed for the page's lifetime, so the page reloads
 * itself once and the editor is there; a chunk that fails again is not reloaded in a loop, and the pane says
 * so with a button that reloads the page. An embed, whose edits live in memory only, never reloads by itself. Chromium fails such a load now and then even from the offline cache
 * (the offline-hosts reloads under load); here the host answers 503 once, which fails it every time.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { FIRST } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { templates } from '../../web/templates/template-catalog.ts';

/** The Monaco editor's chunk, which the Code pane imports once the first program ran. */
const EDITOR_CHUNK = /\/assets\/code-editor-[\w-]+\.js(\.gz)?$/;

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;

beforeAll(async () => {
  browser = await testChromium();
  // Every file revalidated (`no-cache`): the browser's HTTP cache cannot stand in for the host.
  server = await serveStatic(distDir(), '/halo/', { profile: 'vary' });
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // A first visit until everything is in the offline cache, the editor chunk included.
  const page = await context.newPage();
  await page.goto(`${server.url}index.html?lesson=scratch`);
  await waitForProgram(page);
  await page.getByText('Ready offline').waitFor({ timeout: 120_000 });
  await editor(page).waitFor(FIRST);
  await page.close();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const editor = (page: Page) => page.locator('.monaco-editor .view-lines').first();
const codePane = (page: Page) => page.getByRole('region', { name: 'Code' });

/**
 * Overwrites the editor chunk's entry in the offline cache with other bytes: the service worker finds it is not
 * this build's file and asks the host (the precache, which only looks for missing entries, leaves it alone).
 */
async function spoilCachedEditorChunk(page: Page): Promise<string[]> {
  return page.evaluate(async (source) => {
    const pattern = new RegExp(source);
    const spoiled: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!pattern.test(new URL(request.url).pathname)) continue;
        await cache.put(request, new Response('export {};', { headers: { 'content-type': 'text/javascript' } }));
        spoiled.push(request.url);
      }
    }
    return spoiled;
  }, EDITOR_CHUNK.source);
}

/** Counts the page's loads of its main document from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/**
 * Runs `check` in a new tab (the automatic reload is once a minute per tab) whose offline cache holds a spoiled
 * editor chunk; the host is up again afterwards.
 */
async function withSpoiledChunk(check: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}index.html?lesson=scratch`);
    await waitForProgram(page);
    // This load's own editor chunk first: asked for after the spoiling, it would take the host's one failure (and
    // its reload would be this load's, not the next).
    await editor(page).waitFor(FIRST);
    expect(await spoilCachedEditorChunk(page)).toHaveLength(1);
    await check(page);
  } finally {
    server.setDown(false);
    await page.close();
  }
}

test('the editor chunk fails once: the page reloads itself once and the editor is there', async () => {
  await withSpoiledChunk(async (page) => {
    server.failNext(EDITOR_CHUNK);
    const loads = countLoads(page);
    const asked = server.requests.length;
    await page.reload();
    await editor(page).waitFor(FIRST);
    // The failed answer, then the reload's good one (from the host, or the precache's copy of it).
    expect(server.requests.slice(asked).filter((path) => EDITOR_CHUNK.test(path)).length).toBeGreaterThanOrEqual(1);
    expect(loads()).toBe(2);
    await waitForProgram(page);
    expect(await codePane(page).getByRole('alert').count()).toBe(0);
  });
}, 180_000);

test('the editor chunk fails on every load: one reload, then the pane offers a reload instead of a loop', async () => {
  await withSpoiledChunk(async (page) => {
    server.setDown(true);
    const loads = countLoads(page);
    await page.reload();
    const reload = codePane(page).getByRole('button', { name: 'Reload the page' });
    await reload.waitFor(FIRST);
    expect(loads()).toBe(2);
    expect(await codePane(page).getByRole('alert').textContent()).toContain('Failed to fetch dynamically imported module');
    // The program still runs: only the editor is missing.
    await waitForProgram(page);
    // The host is back: the learner's click loads the editor.
    server.setDown(false);
    await reload.click();
    await editor(page).waitFor(FIRST);
    expect(loads()).toBe(3);
  });
}, 180_000);

test('in an embed the editor chunk fails: no reload by itself (its edits live in memory only), a button instead', async () => {
  await withSpoiledChunk(async (page) => {
    server.failNext(EDITOR_CHUNK);
    const hello = templates.find((template) => template.id === 'hello')!;
    const loads = countLoads(page);
    await page.goto(shareUrl(`${server.url}index.html?embed`, encodeShare({ lesson: null, files: hello.files, request: hello.request })));
    const embed = page.locator('main[data-mode=embed]');
    await embed.getByRole('button', { name: 'Reload the page' }).waitFor(FIRST);
    expect(await embed.getByRole('alert').textContent()).toContain('Failed to fetch dynamically imported module');
    await waitForProgram(page);
    expect(loads()).toBe(1);
  });
}, 180_000);
