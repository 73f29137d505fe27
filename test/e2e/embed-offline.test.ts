/**
 * A snippet with no network after one visit, where the browser lets the third-party snippet frame keep storage
 * (Firefox and WebKit partition it by the page's site): the frame's own service worker keeps the kit's files it
 * loaded, and the compile cache keeps the program. The kit's host then drops every connection but embed.js's (the
 * page and its script come from the page's host or the reader's cache, which the kit does not control): a reload
 * still runs the snippet and answers it, from the frame's cache alone.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { embedPage, pressAndReadSnippet, servePage } from './embed-page.ts';
import { launchFirefox } from './harness/firefox.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST, withTimeout } from './harness/wait.ts';
import { ensureWebKit, launchWebKit, type WebKitSession } from './harness/webkit.ts';

/** The kit's host behind a switch: once `offline`, every connection but embed.js's is dropped (and its path listed). */
async function kitBehindSwitch(kit: StaticServer) {
  const state = { offline: false, dropped: [] as string[] };
  const target = new URL(kit.url);
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (state.offline && !path.endsWith('/embed.js')) return void (state.dropped.push(path), req.socket.destroy());
    const upstream = httpRequest({ host: target.hostname, port: target.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}${target.pathname}`,
    close: () => new Promise<void>((closed) => (server.closeAllConnections(), server.close(() => closed()))),
  };
}

let kit: StaticServer;
let proxy: Awaited<ReturnType<typeof kitBehindSwitch>>;
let host: Awaited<ReturnType<typeof servePage>>;

beforeAll(async () => {
  kit = await serveStatic(distDir());
  proxy = await kitBehindSwitch(kit);
  host = await servePage(() => embedPage(proxy.url, 1));
});

afterAll(async () => {
  await host?.close();
  await proxy?.close();
  await kit?.close();
});

/** Whether the snippet frame says its files are kept for a visit with no network (frame-link.ts). */
const FRAME_KEPT = `document.querySelector('iframe[title="Halo snippets"]')?.dataset.offline === 'kept'`;

/** One browser's walk: visit, Run, wait until the frame's files are kept, go offline, reload, Run. */
async function offlineWalk(browser: { goto(): Promise<void>; runHello(): Promise<string>; waitKept(): Promise<void> }) {
  proxy.state.offline = false;
  await browser.goto();
  expect(JSON.parse(await browser.runHello())).toEqual({ hello: 'world' });
  await browser.waitKept();
  proxy.state.offline = true;
  proxy.state.dropped.length = 0;
  await browser.goto();
  expect(JSON.parse(await browser.runHello())).toEqual({ hello: 'world' });
  // Offline for real: the frame asked the kit's host again (its network-first files), and got nothing.
  expect(proxy.state.dropped.length).toBeGreaterThan(0);
}

test('in Firefox a snippet runs with no network after one visit', async () => {
  let firefox: Browser | undefined;
  try {
    firefox = await launchFirefox();
    const page: Page = await firefox.newPage();
    await offlineWalk({
      goto: async () => {
        await page.goto(host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
        await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined, { timeout: FIRST.timeout });
      },
      runHello: () => withTimeout(page.evaluate(pressAndReadSnippet, 'hello'), ANSWER.timeout, 'the snippet answers'),
      waitKept: async () => void (await page.waitForFunction(FRAME_KEPT, { timeout: FIRST.timeout })),
    });
  } finally {
    await firefox?.close();
  }
}, 300_000);

const missing = ensureWebKit();

test('in WebKit a snippet runs with no network after one visit', async ({ skip }) => {
  if (missing) skip(missing);
  let webkit: WebKitSession | undefined;
  try {
    webkit = await launchWebKit();
    const session = webkit;
    await offlineWalk({
      goto: async () => {
        await session.goto(host.url);
        await session.waitFor(`return customElements.get('halo-snippet') !== undefined;`, FIRST.timeout);
      },
      runHello: () => session.evaluate(pressAndReadSnippet, ANSWER.timeout, 'hello'),
      waitKept: async () => void (await session.waitFor(`return ${FRAME_KEPT};`, FIRST.timeout)),
    });
  } finally {
    await webkit?.close();
  }
}, 300_000);
