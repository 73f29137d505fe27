/**
 * The page of embed-snippets.test.ts in Firefox ESR (WebDriver BiDi, puppeteer-core): the snippet frame of
 * another site runs each snippet's program and answers its request, an edit in one leaves another alone, and
 * the page's API sends a request. Firefox partitions a third-party frame's storage and would not let it use
 * a service worker registered first-party; the snippet frame needs neither (its requests go to the program
 * over a MessagePort).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchFirefox } from './harness/firefox.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { ANSWER, FIRST, withTimeout } from './harness/wait.ts';
import { embedPage, pressAndReadSnippet } from './embed-page.ts';

const servers = serveBuildAndPage((url) => embedPage(url));
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchFirefox();
  page = await browser.newPage();
  await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined, { timeout: FIRST.timeout });
});

afterAll(async () => {
  await browser?.close();
});

/** Presses snippet `id`'s button and returns the response body it shows, once its status line names one. */
function runSnippet(id: string): Promise<string> {
  return withTimeout(page.evaluate(pressAndReadSnippet, id), ANSWER.timeout, `snippet ${id} answers`);
}

test('before a click Firefox loads embed.js alone; Run answers each snippet from the third-party frame', async () => {
  expect(servers.build.requests).toEqual(['/halo/embed.js']);
  expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hello, Ada' });
  expect(JSON.parse(await runSnippet('count'))).toEqual({ count: 1 });
  expect(JSON.parse(await runSnippet('reset'))).toEqual({ count: 0 });
  expect(await runSnippet('ping')).toBe('pong');
  await page.waitForFunction(
    () => (document.getElementById('ping')!.shadowRoot!.querySelector('.checks')!.textContent ?? '').includes('passed'),
    { timeout: ANSWER.timeout },
  );
});

test('in Firefox an edit changes one snippet only, and the page API sends a request', async () => {
  await page.evaluate(() => {
    const area = document.getElementById('greet')!.shadowRoot!.querySelector('textarea')!;
    area.value = area.value.replace("'Hello, '", "'Hi, '");
    area.dispatchEvent(new Event('input'));
  });
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hi, Ada' });
  expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
  const response = await page.evaluate(async () => {
    const answer = await window.Halo.snippet(document.getElementById('count'))!.send('GET /count');
    return answer && { status: answer.status, body: answer.body };
  });
  expect(response).toEqual({ status: 200, body: JSON.stringify({ count: 2 }) });
});
