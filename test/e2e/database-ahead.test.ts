/**
 * Lesson 19's database open before Run (issue 35 item 4): while a lesson about PgService is open, the playground
 * opens the learner's default database in the spare server worker the next run takes, so that run's PgService finds
 * PGlite started and its files stored. Through the engine of the real build in Chromium: the run keeps the database
 * opened for it and what it writes is stored; nothing is opened ahead while a program has the database open; and a
 * run in another storage scope or for the checks never gets it (it would see the learner's data): the checks' copy
 * uses the learner's program's PGlite, in a schema of its own, and the spare is stopped (one PGlite at a time).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseAheadState } from '../../runtime/contract/engine-api.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { FIRST } from './harness/wait.ts';

declare global {
  interface Window {
    /** The release prepareDatabase returned. */
    releaseDatabase?: () => void;
  }
}

const SOLUTION = { 'main.ts': readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/solution.ts`, 'utf8') };
const SCOPE = 'workspace:19-persisting-data';
const TODOS = 'http://localhost:3000/todos';

let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
}, 2 * FIRST.timeout);

afterAll(async () => {
  await session?.close();
});

const ahead = (): Promise<DatabaseAheadState> => session.page.evaluate(() => window.__halo.engine.databaseAhead);

/** Waits until a spare holds the database open; returns the state then. */
async function openAhead(): Promise<DatabaseAheadState> {
  await expect.poll(async () => (await ahead()).status, { timeout: FIRST.timeout }).toBe('open');
  return ahead();
}

async function titles(forChecks = false): Promise<string[]> {
  const response = await session.fetch(TODOS, {}, forChecks);
  expect(response.status, response.body).toBe(200);
  return (JSON.parse(response.body) as { title: string }[]).map((todo) => todo.title);
}

test('the database is open before Run, the run keeps it, and what it stored is there for the next program', async () => {
  await session.page.evaluate((scope) => {
    window.releaseDatabase = window.__halo.engine.prepareDatabase({ storageScope: scope });
  }, SCOPE);
  expect(await openAhead()).toEqual({ status: 'open', opened: 1, taken: 0 });

  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect(await ahead()).toEqual({ status: 'none', opened: 1, taken: 1 });
  expect(await titles()).toEqual([]);
  const created = await session.fetch(TODOS, { method: 'POST', body: { json: { title: 'written by the program that kept it' } } });
  expect(created.status, created.body).toBe(201);

  // The running program has the database open: nothing opens it ahead again, and a new run opens it itself.
  await session.page.evaluate(() => window.releaseDatabase?.());
  await session.page.evaluate((scope) => {
    window.releaseDatabase = window.__halo.engine.prepareDatabase({ storageScope: scope });
  }, SCOPE);
  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect(await ahead()).toEqual({ status: 'none', opened: 1, taken: 1 });
  expect(await titles()).toEqual(['written by the program that kept it']);
}, 600_000);

test("a run for the checks or in another scope never gets the database opened for the learner's", async () => {
  // A lesson opened while nothing runs in its scope: the spare opens its database, stored ones included.
  expect((await session.run({ 'main.ts': 'console.log("no database")' }, SCOPE)).status).toBe('running');
  await session.page.evaluate(() => window.releaseDatabase?.());
  await session.page.evaluate((scope) => {
    window.releaseDatabase = window.__halo.engine.prepareDatabase({ storageScope: scope });
  }, SCOPE);
  const { taken } = await openAhead();

  expect((await session.run(SOLUTION, SCOPE, true)).status).toBe('running');
  expect(await titles(true)).toEqual([]);
  // The copy's database is the learner's program's PGlite (a schema of its own): one PGlite, so the spare stops.
  expect(await ahead()).toMatchObject({ status: 'none', taken });
  await session.page.evaluate(() => window.__halo.engine.stopChecks());

  expect((await session.run(SOLUTION, 'shared-code')).status).toBe('running');
  expect(await titles()).toEqual([]);
  expect(await ahead()).toMatchObject({ status: 'none', taken });

  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect((await ahead()).taken).toBe(taken);
  expect(await titles()).toEqual(['written by the program that kept it']);
  await session.page.evaluate(() => window.releaseDatabase?.());
}, 600_000);
