/**
 * Lesson 19's database open before Run (issue 35 item 4): while a lesson about PgService is open, the playground
 * opens the learner's default database in the spare server worker the next run takes, so that run's PgService finds
 * PGlite started and its files stored. Through the engine of the real build in Chromium: the run keeps the database
 * opened for it; one that another program stored after the spare read it is opened again, so a run never sees
 * stale data; and a run in another storage scope or for the checks never gets it (it would see the learner's data).
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

test('the database is open before Run, the run keeps it, and one stored after the spare read it is opened again', async () => {
  await session.page.evaluate((scope) => {
    window.releaseDatabase = window.__halo.engine.prepareDatabase({ storageScope: scope });
  }, SCOPE);
  expect(await openAhead()).toEqual({ status: 'open', opened: 1, taken: 0 });

  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect((await ahead()).taken).toBe(1);
  expect(await titles()).toEqual([]);

  // The program answered: the next spare opens the database, from the files the first run stored.
  const before = await openAhead();
  const created = await session.fetch(TODOS, { method: 'POST', body: { json: { title: 'stored after the spare read it' } } });
  expect(created.status, created.body).toBe(201);
  // The spare's copy lacks that todo: it is stopped, and another opens the database again once the stores stop.
  const again = await openAhead();
  expect(again.opened).toBeGreaterThan(before.opened);

  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect((await ahead()).taken).toBe(2);
  expect(await titles()).toEqual(['stored after the spare read it']);
}, 600_000);

test("a run for the checks or in another scope never gets the database opened for the learner's", async () => {
  const { taken } = await openAhead();

  expect((await session.run(SOLUTION, SCOPE, true)).status).toBe('running');
  expect(await titles(true)).toEqual([]);
  expect(await ahead()).toMatchObject({ status: 'open', taken });

  expect((await session.run(SOLUTION, 'shared-code')).status).toBe('running');
  expect(await titles()).toEqual([]);
  expect((await ahead()).taken).toBe(taken);

  // Still wanted for the lesson: a spare opens it again; let go of, nothing holds it.
  await openAhead();
  await session.page.evaluate(() => window.releaseDatabase?.());
  expect((await ahead()).status).toBe('none');
  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect((await ahead()).taken).toBe(taken);
  expect(await titles()).toEqual(['stored after the spare read it']);
}, 600_000);
