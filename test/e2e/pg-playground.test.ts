/**
 * PgService in the playground, in real Chromium: PGlite runs inside the server worker with its data in
 * IndexedDB, loaded from the site's own build (no CDN) and only by programs that use it. The data of
 * lesson 19's program survives a restart of the program, the kill switch, and a reload of the page —
 * with the engine's default timeouts, though PGlite's first open may take longer than they allow.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';

const ORIGIN = 'http://localhost:3000';
const LESSON = readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/solution.ts`, 'utf8');
// The lesson's program plus an endless loop, to pull the kill switch.
const LOOPING = LESSON.replace('await new AppHttp(app)', "app.get('/loop', () => { while (true) {} });\nawait new AppHttp(app)");

let session: PlaygroundSession;
const requested: string[] = [];

beforeAll(async () => {
  // The engine's default kill switch (5 s): PGlite's first open (initdb in wasm) may take longer on a
  // busy machine, and the program reports it as busy meanwhile rather than stuck.
  session = await PlaygroundSession.open();
  session.page.on('request', (request) => requested.push(request.url()));
});
afterAll(async () => {
  await session?.close();
});

// Fetched as their compressed `.gz` siblings (runtime/assets/compressed-assets.ts).
const pgliteAssets = (): string[] => requested.filter((url) => /pglite[^/]*\.(wasm|data)\.gz$/.test(url));

test('a program without a PgService does not download PGlite', async () => {
  await session.run({
    'main.ts':
      "import { App, AppHttp, MapService } from 'halo';\nconst app = new App();\napp.use('/todos', new MapService());\nawait new AppHttp(app).startServer('localhost', 3000);",
  });
  expect((await session.fetch(`${ORIGIN}/todos`)).status).toBe(200);
  expect(pgliteAssets()).toEqual([]);
});

test("lesson 19's todos survive a restart of the program and a reload of the page", async () => {
  let started = Date.now();
  expect(await session.run({ 'main.ts': LESSON })).toMatchObject({ status: 'running' });
  console.log(`TIMING first start with a fresh database: ${Date.now() - started} ms`);
  const origin = new URL(session.server.url).origin;
  // Reported by the browser as events, which may trail the page's answer.
  await expect.poll(() => pgliteAssets().length, WAIT).toBeGreaterThan(0);
  expect(pgliteAssets().every((url) => url.startsWith(origin))).toBe(true);
  const created = await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { text: 'Survive a reload' } } });
  expect(created.status).toBe(201);
  const { id } = JSON.parse(created.body) as { id: string };
  await session.fetch(`${ORIGIN}/todos/${id}`, { method: 'PATCH', body: { json: { done: true } } });

  // A fresh run of the program: a new server worker, the same IndexedDB.
  started = Date.now();
  await session.run({ 'main.ts': LESSON.replace('Todos at', 'Todos (again) at') });
  console.log(`TIMING restart with an existing database: ${Date.now() - started} ms`);
  expect(JSON.parse((await session.fetch(`${ORIGIN}/todos/${id}`)).body)).toMatchObject({ id, text: 'Survive a reload', done: true });

  await session.page.reload();
  await session.ready();
  await session.run({ 'main.ts': LESSON });
  const read = await session.fetch(`${ORIGIN}/todos/${id}`);
  expect(read.status).toBe(200);
  expect(JSON.parse(read.body)).toMatchObject({ id, text: 'Survive a reload', done: true });
}, 180_000);

test('the data survives the kill switch restarting the program', async () => {
  expect(await session.run({ 'main.ts': LOOPING })).toMatchObject({ status: 'running' });
  const created = await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { text: 'Survive the kill switch' } } });
  expect(created.status).toBe(201);
  const { id } = JSON.parse(created.body) as { id: string };
  expect((await session.fetch(`${ORIGIN}/loop`)).status).toBe(504);
  const read = await session.fetch(`${ORIGIN}/todos/${id}`);
  expect(read.status).toBe(200);
  expect(JSON.parse(read.body)).toMatchObject({ text: 'Survive the kill switch' });
}, 120_000);

test("a program sees only its own scope's databases: the same data directory name elsewhere is another database", async () => {
  // A start that fails says why: the program's last console lines go into the failure message.
  const runIn = async (storageScope: string) => {
    const state = await session.run({ 'main.ts': LESSON }, storageScope);
    const lines = await session.page.evaluate(() => window.__halo.console.slice(-5).map((entry) => `${entry.text}\n${entry.stack ?? ''}`));
    expect(state, lines.join('\n')).toMatchObject({ status: 'running' });
  };
  const todos = async () => (JSON.parse((await session.fetch(`${ORIGIN}/todos`)).body) as { text: string }[]).map((todo) => todo.text);
  await runIn('workspace:19-persisting-data');
  expect((await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { text: 'Mine, in lesson 19' } } })).status).toBe(201);
  // A stranger's program naming the same directory (idb://halo) in its own scope finds an empty database, and writes there.
  await runIn('shared-code');
  expect(await todos()).toEqual([]);
  expect((await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { text: 'Planted by a stranger' } } })).status).toBe(201);
  await runIn('workspace:19-persisting-data');
  expect(await todos()).toEqual(['Mine, in lesson 19']);
}, 180_000);

test("a run for the checks keeps its database in memory: fresh in each check scope, kept across its restarts, never the learner's", async () => {
  const runIn = async (storageScope: string, forChecks = false) => {
    const state = await session.run({ 'main.ts': LESSON }, storageScope, forChecks);
    const lines = await session.page.evaluate(() => window.__halo.console.slice(-5).map((entry) => `${entry.text}\n${entry.stack ?? ''}`));
    expect(state, lines.join('\n')).toMatchObject({ status: 'running' });
  };
  // The learner's program through the service worker; the checks' copy (`forChecks`) straight through its host.
  const todos = async (forChecks = false) =>
    (JSON.parse((await session.fetch(`${ORIGIN}/todos`, {}, forChecks)).body) as { text: string }[]).map((todo) => todo.text);
  const post = async (text: string, forChecks = false) => {
    const answer = await session.fetch(`${ORIGIN}/todos`, { method: 'POST', body: { json: { text } } }, forChecks);
    expect(answer.status, answer.body).toBe(201);
  };
  // The learner's scope of the test before (a new one would go past the 128 MB the playground keeps for all).
  await runIn('workspace:19-persisting-data');
  await post('The learner’s');
  const learners = await todos();
  expect(learners).toContain('The learner’s');
  await runIn('round-1', true);
  expect(await todos(true)).toEqual([]);
  await post('Made by a check', true);
  // The learner's program kept running beside the checks' copy, with its data.
  expect(await todos()).toEqual(learners);
  // A check's restart of the program (restartFirst) finds what the round wrote.
  await runIn('round-1', true);
  expect(await todos(true)).toEqual(['Made by a check']);
  await runIn('workspace:19-persisting-data');
  expect(await todos()).toEqual(learners);
  // The next round starts from nothing again.
  await runIn('round-2', true);
  expect(await todos(true)).toEqual([]);
}, 180_000);
