/**
 * Issue 49's done-when for docs sites: a VitePress site built in the test (VitePress from the npm registry, the
 * `halo/markdown-it` plugin from the built `halo` package) with the snippet kit from writeEmbedKit, the kit served on
 * another site than the docs (127.0.0.1 against localhost). In Chromium, Firefox and WebKit every snippet form runs
 * (a request line with HTTP/1.1, a body, hidden setup and a cell on it, a second request, a second file, checks),
 * no frame box and no one-tab strip shows under a theme that would show them, and Stop ends an endless handler long
 * before its time limit. One VitePress build and one kit serve the three browsers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser as FirefoxBrowser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeEmbedKit, type EmbedKit } from '../../runtime/build/embed-kit.ts';
import { FALLBACK_TEXT } from '../../runtime/embed/snippet-markdown.ts';
import { pressAndReadSnippet } from './embed-page.ts';
import { chooseRequest, checksPassed, noteOf, stopEndless, THEME_CSS, VITEPRESS_PAGE, whatShows } from './embed-vitepress-page.ts';
import { testChromium } from './harness/browser.ts';
import { launchFirefox } from './harness/firefox.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { buildVitePressSite } from './harness/vitepress-site.ts';
import { ANSWER, FIRST, withTimeout } from './harness/wait.ts';
import { ensureWebKit, launchWebKit } from './harness/webkit.ts';

/** Calls an in-page function with string arguments in one browser and resolves with what its promise resolves to. */
type InPage = <T>(fn: (...args: string[]) => Promise<T>, ...args: string[]) => Promise<T>;

let kit: EmbedKit;
let kitServer: StaticServer;
let siteServer: StaticServer;
/** The docs page's URL, on localhost: another site than the kit's 127.0.0.1. */
let pageUrl: string;
let siteDir: string;
let kitDir: string;

beforeAll(async () => {
  kitDir = mkdtempSync(join(tmpdir(), 'halo-kit-'));
  kit = writeEmbedKit({ siteDir: distDir(), outDir: kitDir });
  kitServer = await serveStatic(kitDir);
  siteDir = buildVitePressSite(kitServer.url, { 'index.md': VITEPRESS_PAGE }, THEME_CSS);
  siteServer = await serveStatic(siteDir, '/');
  pageUrl = `${siteServer.url.replace('127.0.0.1', 'localhost')}index.html`;
}, 900_000);

afterAll(async () => {
  await siteServer?.close();
  await kitServer?.close();
  // The VitePress site's folder (dist is docs/.vitepress/dist in it) and the kit's.
  if (siteDir) rmSync(resolve(siteDir, '../../..'), { recursive: true, force: true });
  if (kitDir) rmSync(kitDir, { recursive: true, force: true });
});

/** Every form, run in one browser: the bodies each snippet shows, its checks, and what shows of frames and strips. */
async function everyForm(inPage: InPage): Promise<void> {
  const run = (id: string) => withTimeout(inPage(pressAndReadSnippet, id), ANSWER.timeout, `snippet ${id} answers`);
  expect(JSON.parse(await run('hello'))).toEqual({ hello: 'world' });
  expect(JSON.parse(await run('greet'))).toEqual({ greeting: 'Hello, Ada' });
  expect(JSON.parse(await run('count'))).toEqual({ count: 1 });
  await inPage(chooseRequest, 'count', '1');
  expect(JSON.parse(await run('count'))).toEqual({ count: 0 });
  expect(JSON.parse(await run('reset'))).toEqual({ count: 100 });
  expect(await run('files')).toBe('Hi, Grace');
  expect(await run('ping')).toBe('pong');
  await expect.poll(() => inPage(checksPassed, 'ping'), ANSWER).toBe(true);
  const shows = await inPage(whatShows);
  expect(shows.frames).toEqual([[0, 0]]);
  expect(shows.strips).toEqual({ hello: 0, greet: 0, count: 0, reset: 0, files: 2, ping: 0, spin: 0 });
  expect(shows.fallbacks).toBe(0);
  const stopped = await withTimeout(inPage(stopEndless, 'spin'), ANSWER.timeout, 'Stop ends the endless handler');
  // The time limit is 60 s: Stop, not the kill switch, ended it.
  expect(stopped.ms).toBeLessThan(20_000);
  // The snippet runs again after Stop (a fresh program; the endless route is not asked).
  expect(
    await inPage(
      (id) =>
        window.Halo.snippet(document.getElementById(id))!
          .send('GET /')
          .then((r) => r?.status),
      'spin',
    ),
  ).toBe(404);
}

test('the built page carries each snippet in attributes, with a line for a reader whose page never loads embed.js', () => {
  const html = readFileSync(join(siteDir, 'index.html'), 'utf8');
  expect(html.match(/<halo-snippet /g)).toHaveLength(7);
  expect(html).toContain(FALLBACK_TEXT.replace("'", '&#39;'));
  // The hidden setup, blank line and all, is in the attribute Vue kept as it was; no <script> child.
  expect(html).toContain('let count = 0;\\n\\n// @halo-cell');
  expect(html).not.toMatch(/<script type="text\/plain"/);
  expect(kit.files).not.toContain('index.html');
});

test('Chromium: every snippet form runs from the kit on another site, nothing shows that should not, Stop ends a loop', async () => {
  const browser = await testChromium();
  const page = await browser.newPage();
  const failed: string[] = [];
  page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
  await page.goto(pageUrl, { timeout: FIRST.timeout, waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  await everyForm((fn, ...args) => page.evaluate(({ source, args }) => (0, eval)(`(${source})`)(...args), { source: fn.toString(), args }));
  // Chromium keeps nothing for the third-party frame here: the snippet says so.
  expect(await page.evaluate(noteOf, 'hello')).toMatch(/keeps nothing/);
  expect(failed).toEqual([]);
  await browser.close();
}, 600_000);

test('Chromium, embed.js blocked: each snippet shows its line of text under its code', async () => {
  const browser = await testChromium();
  const context = await browser.newContext();
  await context.route(/\/embed\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(pageUrl, { timeout: FIRST.timeout, waitUntil: 'load' });
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('halo-snippet > span')]
      .filter((span) => span.getClientRects().length > 0)
      .map((span) => span.textContent),
  );
  expect(shown).toEqual(Array.from({ length: 7 }, () => FALLBACK_TEXT));
  await browser.close();
});

test('Chromium, the frame not found: Run says so in the snippet, and the next Run, with the frame back, answers', async () => {
  const browser = await testChromium();
  const context = await browser.newContext();
  const missing = /\/web\/embed\/frame\.html$/;
  await context.route(missing, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<p>Not found</p>' }));
  const page = await context.newPage();
  await page.goto(pageUrl, { timeout: FIRST.timeout, waitUntil: 'load' });
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  await page.locator('halo-snippet#hello .bar button.run').click();
  // The frame loads (a 404 page) but never says hello: after 20 s the snippet gives up and says why.
  await expect
    .poll(() => page.locator('halo-snippet#hello .state').innerText(), ANSWER)
    .toMatch(/snippet frame \(.*\) could not be loaded/);
  await context.unroute(missing);
  expect(JSON.parse(await withTimeout(page.evaluate(pressAndReadSnippet, 'hello'), ANSWER.timeout, 'hello answers'))).toEqual({
    hello: 'world',
  });
  await browser.close();
});

test('Firefox: every snippet form runs, nothing shows that should not, Stop ends a loop', async () => {
  let firefox: FirefoxBrowser | undefined;
  try {
    firefox = await launchFirefox();
    const page = await firefox.newPage();
    await page.goto(pageUrl, { timeout: FIRST.timeout, waitUntil: 'load' });
    await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined, { timeout: FIRST.timeout });
    await everyForm((fn, ...args) => page.evaluate(fn, ...args));
    expect(await page.evaluate(noteOf, 'hello')).toBe('');
  } finally {
    await firefox?.close();
  }
}, 600_000);

test('WebKit: every snippet form runs, nothing shows that should not, Stop ends a loop', async ({ skip }) => {
  const missing = ensureWebKit();
  if (missing) skip(missing);
  const webkit = await launchWebKit();
  try {
    await webkit.goto(pageUrl);
    await webkit.waitFor(`return customElements.get('halo-snippet') !== undefined;`, FIRST.timeout);
    await everyForm((fn, ...args) => webkit.evaluate(fn, ANSWER.timeout, ...args));
    expect(await webkit.evaluate(noteOf, ANSWER.timeout, 'hello')).toBe('');
  } finally {
    await webkit.close();
  }
}, 600_000);
