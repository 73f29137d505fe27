/**
 * The engine's lifecycle in real Chromium: compile errors, replacing programs, the kill switch,
 * console forwarding with stacks mapped to the learner's lines, decorators and services.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';

const ORIGIN = 'http://localhost:3000';

/** A program with a few routes; `greeting` makes versions of it distinguishable. */
function program(greeting: string, extra = ''): string {
  return [
    "import { App, AppHttp, HttpException } from 'halo';",
    'const app = new App();',
    'let hits = 0;',
    `app.get('/', (req, res) => { res.write('${greeting}'); });`,
    "app.get('/hits', (req, res) => { hits++; res.write(String(hits)); });",
    "app.get('/log', (req, res) => { console.log('handling', req.path, { n: 1 }); res.write('logged'); });",
    "app.get('/boom', () => { throw new Error('kaboom'); });",
    extra,
    "await new AppHttp(app).startServer('localhost', 3000);",
  ].join('\n');
}

let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
});
afterAll(async () => {
  await session?.close();
});

describe('compiling', () => {
  test('a syntax error gives diagnostics with the right line, and the previous program keeps answering', async () => {
    await session.run({ 'main.ts': program('first') });
    const broken = program('second').replace('let hits = 0;', 'let hits = ;');
    const result = await session.compile({ 'main.ts': broken });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics[0]).toMatchObject({ file: 'main.ts', line: 3, column: 12, severity: 'error' });
    const response = await session.fetch(`${ORIGIN}/`);
    expect(response.body).toBe('first');
  });

  test('an error in a second file is reported against that file', async () => {
    const result = await session.compile({
      'main.ts': "import { x } from './lib/util';\nconsole.log(x);",
      'lib/util.ts': 'export const x = 1;\nexport const y = );',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0]).toMatchObject({ file: 'lib/util.ts', line: 2 });
  });

  test('importing a package other than halo is a diagnostic, not a network fetch', async () => {
    const result = await session.compile({ 'main.ts': "import _ from 'lodash';\nconsole.log(_);" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics[0].message).toContain('"lodash"');
  });

  test('equal sources give equal bundle ids; the second compile comes from the compile cache, also after a reload', async () => {
    const files = { 'main.ts': program(`cached ${Date.now()}`) };
    const cachedUrls = () =>
      session.page.evaluate(async () => (await (await caches.open('halo-compile-v1')).keys()).map((request) => request.url));
    const before = new Set(await cachedUrls());
    const a = await session.compile(files);
    // Asked again at once, while the first result may still be on its way into the Cache API.
    const b = await session.compile(files);
    expect(a.ok && b.ok && a.bundle.id === b.bundle.id).toBe(true);
    expect(a.ok && a.cached).toBeFalsy();
    expect(b.ok && b.cached).toBe(true);
    // The write is not awaited by the compile (it would delay the response); a reload finds it once stored.
    await expect.poll(async () => (await cachedUrls()).filter((url) => !before.has(url)).length, WAIT).toBe(1);
    await session.page.reload();
    await session.ready();
    const c = await session.compile(files);
    expect(c.ok && c.cached && c.bundle.code === (b.ok && b.bundle.code)).toBe(true);
  });

  test('standard decorators (@Middleware on a service) compile and run', async () => {
    const source = readFileSync(`${REPO_ROOT}/lessons/12-middleware-and-params/solution.ts`, 'utf8');
    await session.run({ 'main.ts': source });
    const denied = await session.fetch(`${ORIGIN}/notes`, { method: 'POST', body: { json: { text: 'hi' } } });
    expect(denied.status).toBe(401);
    const created = await session.fetch(`${ORIGIN}/notes`, {
      method: 'POST',
      headers: { 'x-user': 'ann' },
      body: { json: { text: 'hi' } },
    });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ text: 'hi', owner: 'ann', via: 'rest' });
  });
});

describe('running', () => {
  test('a new run replaces the program with fresh state', async () => {
    await session.run({ 'main.ts': program('v1') });
    await session.fetch(`${ORIGIN}/hits`);
    expect((await session.fetch(`${ORIGIN}/hits`)).body).toBe('2');
    await session.run({ 'main.ts': program('v2') });
    expect((await session.fetch(`${ORIGIN}/`)).body).toBe('v2');
    expect((await session.fetch(`${ORIGIN}/hits`)).body).toBe('1');
  });

  test('console.log in a handler reaches the page, located at the handler line', async () => {
    await session.run({ 'main.ts': program('log') });
    await session.fetch(`${ORIGIN}/log`);
    await expect
      .poll(() => session.consoleEntries(), WAIT)
      .toContainEqual(
        expect.objectContaining({ level: 'log', text: 'handling /log { n: 1 }', location: { file: 'main.ts', line: 6, column: 41 } }),
      );
  });

  test('an error thrown in a handler gives 500 and a console error whose stack points at main.ts', async () => {
    await session.run({ 'main.ts': program('boom') });
    const response = await session.fetch(`${ORIGIN}/boom`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toMatchObject({ status_code: 500, message: 'kaboom' });
    const logged = async () =>
      (await session.consoleEntries()).find((entry) => entry.level === 'error' && entry.text.includes('kaboom'))?.stack;
    await expect.poll(logged, WAIT).toMatch(/main\.ts:7:\d+/);
  });

  test('a program that throws while starting is reported as crashed, with the learner line', async () => {
    const state = await session.run({ 'main.ts': "const a = 1;\nthrow new Error('bad start');\n" });
    expect(state.status).toBe('crashed');
    const failure = async () => (await session.consoleEntries()).findLast((entry) => entry.text.includes('bad start'))?.stack;
    await expect.poll(failure, WAIT).toMatch(/main\.ts:2:\d+/);
    await session.run({ 'main.ts': program('after crash') });
    expect((await session.fetch(`${ORIGIN}/`)).body).toBe('after crash');
  });

  test('requests for an origin no program listens on any more get 503, not the network', async () => {
    await session.run({ 'main.ts': "console.log('no server');" });
    const response = await session.fetch(`${ORIGIN}/`);
    expect(response.status).toBe(503);
    expect(response.body).toContain('No program is listening on http://localhost:3000');
  });
});

describe('the kill switch', () => {
  // The route says when it starts spinning, so the test measures the page while it spins.
  const looping = program('looping', "app.get('/loop', () => { console.log('spinning'); while (true) {} });");

  test('an endless loop gets a 504 within 7 s while the page stays responsive; the program restarts', async () => {
    await session.run({ 'main.ts': looping });
    const pending = session.fetch(`${ORIGIN}/loop`);
    await session.page.waitForFunction(() => window.__halo.console.some((entry) => entry.text === 'spinning'), undefined, WAIT);
    const responsiveness = await session.page.evaluate(() => {
      const t = performance.now();
      return new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t))));
    });
    expect(responsiveness).toBeLessThan(500);
    const response = await pending;
    expect(response.status).toBe(504);
    expect(response.body).toMatch(/did not answer within 5000 ms.*restarted/);
    // By the page's clock, from its fetch to the whole answer: the test's own round trips to the browser
    // (seconds of them on a loaded machine) are no part of what the learner waits.
    expect(response.ms).toBeLessThan(7000);
    // The same program was restarted: other routes answer at once, with fresh state.
    expect((await session.fetch(`${ORIGIN}/`)).body).toBe('looping');
    expect(await session.state()).toEqual({ status: 'running', origins: [ORIGIN] });
  });

  test('after the loop, loading a fixed program answers 200 with no page reload', async () => {
    await session.run({ 'main.ts': looping.replace('while (true) {}', "return 'fixed'") });
    const response = await session.fetch(`${ORIGIN}/loop`);
    expect(response.status).toBe(200);
    expect(response.body).toBe('"fixed"');
  });
});

describe('services', () => {
  test('a MapService mounted at /todos works over POST, GET, PATCH and DELETE', async () => {
    await session.run({
      'main.ts':
        "import { App, AppHttp, MapService } from 'halo';\nconst app = new App();\napp.use('/todos', new MapService());\nawait new AppHttp(app).startServer('localhost', 3000);",
    });
    const created = await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { title: 'Learn Halo', done: false } } });
    expect(created.status).toBe(201);
    const todo = JSON.parse(created.body) as { id: string; title: string };
    expect(todo).toMatchObject({ id: '0', title: 'Learn Halo', done: false });
    const form = await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { form: { title: 'Second' } } });
    expect(form.status).toBe(201);
    expect(JSON.parse((await session.fetch(`${ORIGIN}/todos`)).body)).toHaveLength(2);
    const patched = await session.fetch(`${ORIGIN}/todos/0`, { method: 'PATCH', body: { json: { done: true } } });
    expect(JSON.parse(patched.body)).toMatchObject({ id: '0', title: 'Learn Halo', done: true });
    expect((await session.fetch(`${ORIGIN}/todos/0`, { method: 'DELETE' })).status).toBe(200);
    const gone = await session.fetch(`${ORIGIN}/todos/0`, { headers: { accept: 'application/json' } });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).message).toBe('No record found for ID 0');
  });
});
