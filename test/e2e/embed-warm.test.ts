/**
 * A page seen before runs its snippets without compiling them again. Chromium denies the third-party snippet frame
 * its storage (its compile cache keeps nothing there), so the page keeps what the frame compiled, in its own
 * sessionStorage for the tab, and hands it back with the next Run. Proved by denying the frame esbuild: a fresh tab
 * cannot run the snippet then, the tab that ran it before can.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { ANSWER, FIRST, WAIT, withTimeout } from './harness/wait.ts';
import { embedPage, pressAndReadSnippet } from './embed-page.ts';

const servers = serveBuildAndPage((url) => embedPage(url));
let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Every request for esbuild's wasm (the compiler's) fails in `context` from now on. */
const denyEsbuild = (context: BrowserContext) => context.route(/\/assets\/esbuild-[^/]*\.wasm/, (route) => route.abort());

/** Opens the stranger's page in `page`, its snippets defined. */
async function open(page: Page): Promise<void> {
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
}

/** Presses the Hello snippet's Run and returns the body it shows once its status line names a response. */
const runHello = (page: Page) => withTimeout(page.evaluate(pressAndReadSnippet, 'hello'), ANSWER.timeout, 'the hello snippet answers');

test('without esbuild a fresh tab cannot run a snippet: its program must be compiled', async () => {
  const context = await browser.newContext();
  await denyEsbuild(context);
  const page = await context.newPage();
  await open(page);
  await page.locator('halo-snippet#hello .bar button.run').click();
  const state = page.locator('halo-snippet#hello .state');
  // Settled: the button is back and the line no longer says work is under way ("Starting the program…").
  await page.waitForFunction(
    () => {
      const root = document.getElementById('hello')!.shadowRoot!;
      const text = root.querySelector('.state')!.textContent ?? '';
      return text !== '' && !text.endsWith('…') && !root.querySelector<HTMLButtonElement>('.bar button.run')!.disabled;
    },
    undefined,
    ANSWER,
  );
  expect(await state.innerText()).not.toMatch(/: \d{3} in/);
  await context.close();
});

test('the tab that ran a snippet runs it again after a reload without esbuild: the page kept what the frame compiled', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page);
  expect(JSON.parse(await runHello(page))).toEqual({ hello: 'world' });
  await denyEsbuild(context);
  await open(page);
  expect(JSON.parse(await runHello(page))).toEqual({ hello: 'world' });
  const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('halo-snippet-bundle:')));
  expect(kept).toHaveLength(1);
  await context.close();
});
