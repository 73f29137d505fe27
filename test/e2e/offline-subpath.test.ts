/**
 * Offline static hosting in Chromium: the production build served under the sub-path /halo/play/ by a
 * plain static server (no COOP/COEP). After one visit the page loads, compiles and answers requests
 * with the host gone; a new deployment replaces the old cache and the page offers a reload.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { send, waitForProgram } from './share-page.ts';
import { OFFLINE_MESSAGES } from '../../runtime/contract/offline-manifest.ts';

let site = '';
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/**
 * Chromium stops an idle service worker after ~30 s and cannot start it again under DevTools offline
 * emulation (microsoft/playwright#2311); real offline has no such limit, as the worker starts from its
 * stored scripts. So the test wakes it with a round trip (the precache request, a no-op once all is
 * stored) right before it takes the network away.
 */
const wakeServiceWorker = () =>
  page.evaluate(
    ({ precache, ready }) =>
      new Promise<void>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          if ((event.data as { type?: string } | null)?.type !== ready) return;
          navigator.serviceWorker.removeEventListener('message', onMessage);
          resolve();
        };
        navigator.serviceWorker.addEventListener('message', onMessage);
        navigator.serviceWorker.controller?.postMessage({ type: precache });
      }),
    OFFLINE_MESSAGES,
  );

const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('halo-offline-')));

beforeAll(async () => {
  // A private copy: the last test deploys a "new version" into it.
  site = mkdtempSync(join(tmpdir(), 'halo-site-'));
  cpSync(distDir(), site, { recursive: true });
  server = await serveStatic(site, '/halo/play/');
  browser = await testChromium();
  context = await browser.newContext();
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${server.url}index.html?lesson=scratch`);
  await waitForProgram(page);
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', undefined, { timeout: 120_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('one service worker at the sub-path does both jobs', async () => {
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { scope: r?.scope, script: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration).toEqual({ scope: server.url, script: `${server.url}service-worker.js` });
  expect(readFileSync(join(site, 'service-worker.js'), 'utf8')).toContain("importScripts('./mockServiceWorker.js');");
  expect(await cacheNames()).toHaveLength(1);
});

// A reload of the only tab used to unregister the service worker (msw's worker does so when its last
// page closes), so this navigation went to the network: it failed 1 run in 3.
test('with the host gone, a new visit loads the editor, compiles and answers', async () => {
  await wakeServiceWorker();
  // The host really goes away (every connection dropped), rather than DevTools' offline emulation,
  // under which Chromium sometimes fails a navigation before the service worker sees it.
  server.setDown(true);
  try {
    await page.goto(`${server.url}index.html?lesson=scratch&visit=2`);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
    await waitForProgram(page);
    await page.getByLabel('Method').selectOption('GET');
    await page.getByLabel('Path and query').fill('/');
    expect(await send(page)).toEqual({ status: '200 OK', body: 'Hello, world!' });
    // Each lesson's text is a chunk of its own, never opened on the first visit (scratch): the offline
    // cache has them all, so lessons open and follow one another.
    await page.getByRole('button', { name: 'Back to the lessons' }).click();
    await page
      .getByRole('article', { name: /^Lesson 1: / })
      .getByRole('heading')
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next →' }).click();
    await page
      .getByRole('article', { name: /^Lesson 2: / })
      .getByRole('heading')
      .first()
      .waitFor({ timeout: 30_000 });
    // Everything came from the offline cache; only the browser's own update checks of the service
    // worker scripts may try the host.
    expect(server.refused.filter((path) => !/\/(service-worker|mockServiceWorker)\.js$/.test(path))).toEqual([]);
  } finally {
    server.setDown(false);
  }
  // Monaco, the compiler and the program all start from the offline cache: over a minute on a loaded machine.
}, 150_000);

test('a new deployment replaces the old cache and the page offers a reload', async () => {
  const [old] = await cacheNames();
  // A deployment changes the service worker's bytes (its version); the browser notices on update().
  const file = join(site, 'service-worker.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"version":"(\w+)"/, '"version":"$1next"'));
  const before = server.requests.length;
  // The browser folds an update() into one already under way (msw's client calls update() when it
  // starts), which may have read the old bytes: ask again until the new version is noticed.
  const banner = page.getByText('A new version of the playground is available.');
  const updateSeen = async () => {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined);
    });
    return banner.isVisible();
  };
  await expect
    .poll(updateSeen, { timeout: 120_000, interval: 1000 })
    .toBe(true)
    .catch(async (error: Error) => {
      // Which step of the update stalled: the worker versions the browser holds, and the caches.
      const state = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const worker = (w: ServiceWorker | null | undefined) => w && `${w.state} ${w.scriptURL}`;
        return {
          installing: worker(r?.installing),
          waiting: worker(r?.waiting),
          active: worker(r?.active),
          controller: worker(navigator.serviceWorker.controller),
          caches: await caches.keys(),
        };
      });
      throw new Error(`${error.message}\nservice worker: ${JSON.stringify(state)}\nrequests: ${server.requests.slice(before).join(' ')}`);
    });
  // Every other file kept its bytes: the new version copies them from the old cache, downloading nothing.
  expect(server.requests.slice(before).filter((path) => !/\/(service-worker|mockServiceWorker)\.js$/.test(path))).toEqual([]);
  // The old version's cache goes while the new worker activates, alongside its taking control.
  await expect.poll(cacheNames, { timeout: 30_000 }).toHaveLength(1);
  const [current] = await cacheNames();
  expect(current).not.toBe(old);
  expect(current).toMatch(/next$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await waitForProgram(page);
}, 240_000);
