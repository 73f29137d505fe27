/**
 * Lesson 19 ready before it is needed (issue 35 item 4): while the learner reads the lesson whose solution uses
 * PgService, PGlite and a new database's seed are fetched and inflated in the background. The proof: once they
 * arrived, they are made unreachable (the network refuses them and the offline cache forgets them), and "Use
 * solution" still runs a PgService program that answers, with the checks' copy beside it passing too, while
 * nothing asks for those files again.
 */
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { settledChecks, useSolution } from './harness/course-page.ts';
import { FIRST } from './harness/wait.ts';
import { send, waitForProgram } from './share-page.ts';

const site = serveSiteToChromium();

/** PGlite's wasm, its initdb and file bundle, and the seed: what a first PgService program needs from the site. */
const DATABASE_FILES = /\/((pglite|initdb)-[\w-]+\.(wasm|data)|pglite-seed\.tar)(\.gz)?$/;
/** How many distinct files that is (each fetched as its `.gz`). */
const FILE_COUNT = 4;

test("lesson 19's database engine and seed load while the learner reads; its first PgService run needs nothing more", async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${site.server.url}index.html?lesson=19-persisting-data`);
    const starter = await waitForProgram(page, '', FIRST.timeout);
    // The starter does not use PgService: only the preload asks for these files.
    const offlineCopies = () =>
      page.evaluate(async (pattern) => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          if (!name.startsWith('halo-offline-')) continue;
          for (const request of await (await caches.open(name)).keys()) if (new RegExp(pattern).test(request.url)) urls.push(request.url);
        }
        return urls;
      }, DATABASE_FILES.source);
    // Stored offline once each download is whole (the service worker stores what it relays): the preload has them.
    await expect.poll(async () => (await offlineCopies()).length, { timeout: 120_000 }).toBe(FILE_COUNT);
    expect(site.server.requests.filter((path) => DATABASE_FILES.test(path))).toHaveLength(FILE_COUNT);

    let refused = 0;
    await context.route(DATABASE_FILES, (route) => {
      refused++;
      return route.abort();
    });
    await page.evaluate(
      async (urls) => {
        for (const name of await caches.keys()) for (const url of urls) await (await caches.open(name)).delete(url);
      },
      await offlineCopies(),
    );
    expect(await offlineCopies()).toEqual([]);

    const started = Date.now();
    await useSolution(page);
    await waitForProgram(page, starter, FIRST.timeout);
    await page.getByLabel('Method').selectOption('GET');
    await page.getByLabel('Path and query').fill('/todos');
    expect((await send(page)).status).toMatch(/^200\b/);
    const answeredMs = Date.now() - started;
    expect(await settledChecks(page, 3, FIRST.timeout)).toEqual({ passed: 3, failed: 0 });
    expect(refused).toBe(0);
    console.log(`TIMING lesson 19, "Use solution" clicked → GET /todos answered, database preloaded: ${answeredMs} ms`);
  } finally {
    await context.close();
  }
}, 300_000);
