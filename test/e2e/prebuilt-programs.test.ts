/**
 * A lesson's first response does not wait for esbuild-wasm: the build compiled every starter, solution
 * and template ahead, so with `esbuild.wasm` unreachable the first lesson still runs its starter and its
 * checks get answers. The first edit then needs the compiler, and says so when it cannot start.
 */
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';

const site = serveSiteToChromium();

test('with esbuild.wasm unreachable, lesson 1 runs its prebuilt starter and its checks are answered; so does the lesson of two files', async () => {
  const context = await site.browser.newContext();
  let wasmAsked = 0;
  // Every fetch of esbuild's binary fails, from the page, its workers and the service worker alike.
  // Its compressed sibling (`.wasm.gz`) is what the compiler fetches: both fail.
  await context.route(/esbuild-[\w-]+\.wasm(\.gz)?$/, (route) => {
    wasmAsked++;
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(`${site.server.url}index.html`);
  await page.waitForFunction(
    () => {
      const items = [...document.querySelectorAll('[data-testid=lesson-checks][data-state=done] [data-check-status]')];
      return items.length > 0 && items.every((li) => li.getAttribute('data-check-status') !== 'pending');
    },
    undefined,
    { timeout: 60_000 },
  );
  // The starter ran: its start-up line reached the console (no program would mean no line and 503s).
  await page.getByText('Listening on http://localhost:3000').first().waitFor({ state: 'attached', timeout: 30_000 });
  // esbuild starts once the first program has answered: it was asked for, and failed, after that.
  await expect.poll(() => wasmAsked, { timeout: 30_000 }).toBeGreaterThan(0);

  // A program of several files was compiled ahead too: the several-files lesson's main.ts + planets.service.ts.
  await page.goto(`${site.server.url}index.html?lesson=26-several-files`);
  await page.getByText('Planets at http://localhost:3000/planets').first().waitFor({ state: 'attached', timeout: 60_000 });
  await context.close();
  // Two first visits in a fresh context, with the checks of one: well over a minute on a loaded machine.
}, 240_000);
