/**
 * The production build as a static host serves it under a sub-path: the service worker comes from the
 * installed msw and controls exactly the site's scope, esbuild.wasm is served from the build as
 * `application/wasm`, the server worker's script leaves PGlite and graphql-js out, and the page fetches
 * nothing from anywhere else.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { distDir } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';

let session: PlaygroundSession;
const pageRequests: string[] = [];

beforeAll(async () => {
  session = await PlaygroundSession.open();
  session.context.on('request', (request) => pageRequests.push(request.url()));
  await session.page.reload();
  await session.ready();
  await session.run({
    'main.ts':
      "import { App, AppHttp } from 'halo';\nconst app = new App();\napp.get('/', () => ({ ok: true }));\nawait new AppHttp(app).startServer('localhost', 3000);",
  });
});
afterAll(async () => {
  await session?.close();
});

test('the service worker is msw’s installed script, registered for the sub-path the site is served under', async () => {
  const installed = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  expect(readFileSync(`${distDir()}/mockServiceWorker.js`, 'utf8')).toBe(installed);
  const registration = await session.page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { scope: r?.scope, script: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration).toEqual({ scope: session.server.url, script: `${session.server.url}service-worker.js` });
});

test('esbuild.wasm comes from the build (its compressed sibling), and is served as application/wasm', async () => {
  const wasm = readdirSync(`${distDir()}/assets`).find((name) => name.startsWith('esbuild-') && name.endsWith('.wasm'));
  expect(wasm).toBeDefined();
  await session.page.evaluate(() => window.__halo.engine.ready);
  expect(session.server.requests.some((path) => path.endsWith(`/assets/${wasm}.gz`))).toBe(true);
  const response = await fetch(`${session.server.url}assets/${wasm}`, { method: 'HEAD' });
  expect(response.headers.get('content-type')).toBe('application/wasm');
});

test("a server worker's script leaves PGlite and graphql-js to files of their own, fetched only for programs that use them", () => {
  const assets = readdirSync(`${distDir()}/assets`);
  const script = (pattern: RegExp) => {
    const name = assets.find((file) => pattern.test(file));
    expect(name, String(pattern)).toBeDefined();
    return readFileSync(`${distDir()}/assets/${name}`, 'utf8');
  };
  // Every spare worker parses its script at boot: with both packages it was 871 KB.
  expect(script(/^server-worker-.*\.js$/).length).toBeLessThan(200_000);
  expect(script(/^pglite-module-.*\.js$/)).toContain('PGlite');
  expect(script(/^graphql-module-.*\.js$/)).toContain('GraphQLSchema');
  expect(pageRequests.filter((url) => /\/(pglite|graphql)-module-/.test(url))).toEqual([]);
});

test('the page fetches nothing but the site and the program’s own origin', async () => {
  await session.fetch('http://localhost:3000/');
  const site = new URL(session.server.url).origin;
  const foreign = pageRequests.filter(
    (url) =>
      !url.startsWith(`${site}/`) && !url.startsWith('http://localhost:3000/') && !url.startsWith('blob:') && !url.startsWith('data:'),
  );
  expect(foreign).toEqual([]);
  expect(pageRequests.length).toBeGreaterThan(0);
});

test('asking for the engine again returns the same one (esbuild initializes once)', async () => {
  expect(await session.page.evaluate(() => window.__halo.createEngine() === window.__halo.engine)).toBe(true);
});

test('a reload keeps working: the service worker takes control again and the program runs', async () => {
  await session.page.reload();
  await session.ready();
  await session.run({
    'main.ts':
      "import { App, AppHttp } from 'halo';\nconst app = new App();\napp.get('/', (req, res) => res.write('again'));\nawait new AppHttp(app).startServer('localhost', 3000);",
  });
  expect((await session.fetch('http://localhost:3000/')).body).toBe('again');
});
