/**
 * `<halo-snippet>` in a stranger's page: a page served on one origin (localhost) embeds five snippets from the
 * playground's build served on another (127.0.0.1, so another site: the snippet frame is a third-party frame).
 * Before any click the page loads nothing of the build but embed.js; Run answers each snippet's request; an edit
 * in one leaves the others alone; the page's API sets files and reads a response; messages from a stranger's
 * window, and a second connection, are refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { distDir } from './harness/paths.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { ANSWER, FIRST, WAIT, withTimeout } from './harness/wait.ts';
import { embedPage, pressAndReadSnippet } from './embed-page.ts';

/** What embed.js may weigh, gzip: the page pays this and nothing more until a Run. */
const EMBED_GZIP_BUDGET = 30 * 1024;

const servers = serveBuildAndPage((url) => embedPage(url));
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await testChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
});

/** The text of what snippet `id` shows in its part `css` (inside its shadow root). */
const shown = (id: string, css: string) => page.locator(`halo-snippet#${id} ${css}`).first().innerText();

/** Presses snippet `id`'s Run (or Send) and waits for its status line to name a response. */
function runSnippet(id: string): Promise<string> {
  return withTimeout(page.evaluate(pressAndReadSnippet, id), ANSWER.timeout, `snippet ${id} answers`);
}

test('before any click the page loads embed.js alone from the build, within its gzip budget', async () => {
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  expect(await page.locator('halo-snippet').count()).toBe(5);
  expect(await page.getByRole('button', { name: /^Run / }).count()).toBe(5);
  expect(servers.build.requests).toEqual(['/halo/embed.js']);
  expect(await page.locator('iframe').count()).toBe(0);
  const gzip = gzipSync(readFileSync(join(distDir(), 'embed.js')), { level: constants.Z_BEST_COMPRESSION }).byteLength;
  expect(gzip).toBeLessThanOrEqual(EMBED_GZIP_BUDGET);
});

test('Run on each snippet answers its request, in one frame for the page', async () => {
  expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hello, Ada' });
  expect(JSON.parse(await runSnippet('count'))).toEqual({ count: 1 });
  expect(JSON.parse(await runSnippet('count'))).toEqual({ count: 2 });
  // A cell after Count: Count's hidden setup and its cell, then this one, in a program of its own.
  expect(JSON.parse(await runSnippet('reset'))).toEqual({ count: 0 });
  expect(await runSnippet('ping')).toBe('pong');
  await expect.poll(() => shown('ping', '.checks'), ANSWER).toContain('GET /ping answers pong: passed');
  expect(JSON.parse(await runSnippet('count'))).toEqual({ count: 3 });
  expect(await page.locator('iframe[title="Halo snippets"]').count()).toBe(1);
  expect(await shown('hello', '.status')).toMatch(/^200 OK/);
});

test('an edit in one snippet changes its program and no other', async () => {
  const editor = page.getByRole('textbox', { name: /Code of main.ts/ });
  expect(await editor.count()).toBe(1);
  await editor.fill((await editor.inputValue()).replace("'Hello, '", "'Hi, '"));
  expect(await page.locator('halo-snippet#greet .bar button.run').innerText()).toBe('Send');
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hi, Ada' });
  expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
  expect(JSON.parse(await runSnippet('count'))).toEqual({ count: 4 });
  const helloFiles = await page.evaluate(() => window.Halo.snippet(document.querySelector('#hello'))!.getFiles());
  expect(helloFiles['main.ts']).toContain("app.get('/hello'");
});

test("the page's API sets a snippet's files, sends a request and hears the events", async () => {
  const result = await page.evaluate(async () => {
    const snippet = window.Halo.snippet(document.querySelector('#hello'))!;
    const heard: string[] = [];
    snippet.addEventListener('ready', () => heard.push('ready'));
    snippet.addEventListener('response', (event) => heard.push(`response ${(event as CustomEvent<{ status: number }>).detail.status}`));
    snippet.setFiles({
      'main.ts': `import { App, AppHttp } from 'halo';
const app = new App();
app.put('/items/:id', async (req) => { await req.parseBody(); return { id: req.params.id, ...req.bodyAsObject }; });
await new AppHttp(app).startServer('localhost', 3000);`,
    });
    const response = await snippet.send({ method: 'PUT', path: '/items/7', body: '{"name":"pen"}' });
    return { response, heard, files: Object.keys(snippet.getFiles()) };
  });
  expect(result.response?.status).toBe(200);
  expect(JSON.parse(result.response!.body)).toEqual({ id: '7', name: 'pen' });
  expect(result.heard).toEqual(['ready', 'response 200']);
  expect(result.files).toEqual(['main.ts']);
  // The other snippets kept their programs.
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hi, Ada' });
});

test("a stranger's window, and a second connection from the page, are refused by the frame", async () => {
  const refusals = await page.evaluate(async () => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Halo snippets"]')!;
    const target = new URL(frame.src).origin;
    const answer = (port: MessagePort) =>
      new Promise<string>((resolve) => (port.onmessage = (event) => resolve((event.data as { reason: string }).reason)));
    // A frame of its own in the page (a stranger's ad, say): it reaches the snippet frame's window, not its port.
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    const fromStranger = new MessageChannel();
    const strangerAnswer = answer(fromStranger.port1);
    // The stranger posts from its own window: a function made in its realm, called with the frame's window.
    const strangerWindow = stranger.contentWindow as Window & { eval(code: string): unknown };
    const post = strangerWindow.eval(
      '(function (win, origin, port) { win.postMessage({ type: "halo-snippet-connect", version: 1 }, origin, [port]); })',
    ) as (win: Window, origin: string, port: MessagePort) => void;
    post(frame.contentWindow!, target, fromStranger.port2);
    const again = new MessageChannel();
    const againAnswer = answer(again.port1);
    frame.contentWindow!.postMessage({ type: 'halo-snippet-connect', version: 1 }, target, [again.port2]);
    return { stranger: await strangerAnswer, again: await againAnswer };
  });
  expect(refusals.stranger).toBe('only the page that holds this frame may connect');
  expect(refusals.again).toBe('this frame is connected already');
  // The page's own snippets still answer.
  expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hi, Ada' });
});
