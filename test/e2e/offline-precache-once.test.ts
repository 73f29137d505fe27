/**
 * The offline copy downloads each file once, however often pages ask for it: a reload (or a second tab)
 * while the first visit's download is under way joins that download instead of starting another, which
 * fetched again every file still on its way (on a classroom's shared Wi-Fi, megabytes per learner).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { OFFLINE_MESSAGES } from '../../runtime/contract/offline-manifest.ts';
import { testChromium } from './harness/browser.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { FIRST } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';

/** Precache files no page loads by itself (the GraphQL chunks, compressed): only the download asks for them. */
const HELD = /\/assets\/graphql-[\w-]+\.js\.gz$/;

/** How often each held file was asked of the host. */
const heldRequests = (server: StaticServer): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const path of server.requests.filter((path) => HELD.test(path))) counts[path] = (counts[path] ?? 0) + 1;
  return counts;
};

/** Marks the page once it asked the service worker for the offline copy (a string: it runs in the page). */
const NOTE_PRECACHE_ASK = `{
  const post = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === ${JSON.stringify(OFFLINE_MESSAGES.precache)}) window.haloPrecacheAsked = true;
    return post.call(this, message, ...rest);
  };
}`;

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await testChromium();
  server = await serveStatic(distDir());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test(
  'a reload during the first download joins it: each file is downloaded once, and the reloaded page hears it is ready',
  async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(NOTE_PRECACHE_ASK);
      const hold = server.hold(HELD);
      await page.goto(`${server.url}index.html?lesson=scratch`);
      await waitForProgram(page);
      // The first visit's download has reached the held file and waits for it.
      await expect.poll(() => Object.keys(heldRequests(server)).length, FIRST).toBeGreaterThan(0);
      await page.reload();
      await waitForProgram(page);
      await page.waitForFunction(() => (window as { haloPrecacheAsked?: boolean }).haloPrecacheAsked === true, undefined, FIRST);
      hold.release();
      // Ready is told once the worker stored everything for the reloaded page's ask too.
      await page.getByText('Ready offline').waitFor(FIRST);
      const counts = heldRequests(server);
      expect(Object.keys(counts).length).toBeGreaterThan(0);
      expect(
        Object.values(counts).every((count) => count === 1),
        JSON.stringify(counts),
      ).toBe(true);
    } finally {
      await context.close();
    }
  },
  FIRST.timeout * 3,
);
