/**
 * One database at a time (issue 51), through the engine of the real build in Chromium, the server workers counted
 * and weighed over CDP (cdp-targets.ts): a program stopped while it starts leaves no worker; lesson 19's starter (no
 * PgService) never takes the database opened ahead; the checks' copy of lesson 19's solution runs on the learner's
 * PGlite (never two PGlite workers at once, each side seeing only its own rows); and a write made just before the
 * tab closes is there after reopening.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseAheadState } from '../../runtime/contract/engine-api.ts';
import { PageTargets, pgliteWorkers, serverWorkers, watchPgliteWorkers, type ReachedTarget } from './cdp-targets.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST } from './harness/wait.ts';

const lesson = (file: string) => ({ 'main.ts': readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/${file}`, 'utf8') });
const SOLUTION = lesson('solution.ts');
const STARTER = lesson('starter.ts');
const SCOPE = 'workspace:19-persisting-data';
const TODOS = 'http://localhost:3000/todos';
/** A program whose start never ends: it marks its worker first, so the test can find that worker. */
const NEVER_STARTS = { 'main.ts': "(globalThis as { haloMark?: string }).haloMark = 'starting';\nawait new Promise(() => {});\n" };
/** Far past the stop: a worker still there after STOPPED_WITHIN_MS was not stopped by it but by its start deadline. */
const REQUEST_TIMEOUT_MS = 60_000;
const STOPPED_WITHIN_MS = 10_000;

let session: PlaygroundSession;
let targets: PageTargets;

beforeAll(async () => {
  session = await PlaygroundSession.open({
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    beforeNavigation: async (context, page) => {
      targets = await PageTargets.attach(context, page, async () => undefined);
    },
  });
}, 2 * FIRST.timeout);

afterAll(async () => {
  await targets?.detach();
  await session?.close();
});

const ahead = (): Promise<DatabaseAheadState> => session.page.evaluate(() => window.__halo.engine.databaseAhead);

/** The live server worker whose program marked it (NEVER_STARTS), once there is one. */
async function markedWorker(): Promise<ReachedTarget> {
  let marked: ReachedTarget | undefined;
  await expect
    .poll(
      async () => {
        for (const { target } of await serverWorkers(targets)) {
          const answer = (await target
            .send('Runtime.evaluate', { expression: 'globalThis.haloMark', returnByValue: true })
            .catch(() => null)) as {
            result?: { value?: unknown };
          } | null;
          if (answer?.result?.value === 'starting') marked = target;
        }
        return marked !== undefined;
      },
      { timeout: FIRST.timeout },
    )
    .toBe(true);
  return marked!;
}

/** Starts NEVER_STARTS (for the checks with `forChecks`) without waiting for its start, which never ends. */
async function startNeverStarting(forChecks: boolean): Promise<void> {
  await session.page.evaluate(
    async ([files, checks]) => {
      const result = await window.__halo.engine.compile(files);
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      void window.__halo.engine.run(result.bundle, { forChecks: checks });
    },
    [NEVER_STARTS, forChecks] as const,
  );
}

async function titles(forChecks = false): Promise<string[]> {
  const response = await session.fetch(TODOS, {}, forChecks);
  expect(response.status, response.body).toBe(200);
  return (JSON.parse(response.body) as { title: string }[]).map((todo) => todo.title);
}

async function post(title: string, forChecks = false): Promise<void> {
  const created = await session.fetch(TODOS, { method: 'POST', body: { json: { title } } }, forChecks);
  expect(created.status, created.body).toBe(201);
}

test('a program stopped while it starts leaves no worker: a new run, or the checks stopped', async () => {
  await startNeverStarting(false);
  const learners = await markedWorker();
  expect((await session.run({ 'main.ts': 'console.log("next")' })).status).toBe('running');
  await expect.poll(() => learners.alive, { timeout: STOPPED_WITHIN_MS }).toBe(false);

  await startNeverStarting(true);
  const checks = await markedWorker();
  await session.page.evaluate(() => window.__halo.engine.stopChecks());
  await expect.poll(() => checks.alive, { timeout: STOPPED_WITHIN_MS }).toBe(false);
}, 600_000);

test("lesson 19's starter never holds the database opened ahead; the solution takes it; one PGlite all along", async () => {
  await session.page.evaluate((scope) => void window.__halo.engine.prepareDatabase({ storageScope: scope }), SCOPE);
  await expect.poll(async () => (await ahead()).status, { timeout: FIRST.timeout }).toBe('open');
  const watch = watchPgliteWorkers(targets);
  expect((await session.run(STARTER, SCOPE)).status).toBe('running');
  expect(await ahead()).toMatchObject({ status: 'open', taken: 0 });
  expect(await pgliteWorkers(targets)).toBe(1);

  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  expect(await ahead()).toMatchObject({ status: 'none', taken: 1 });
  await post('kept by the learner');
  expect(await watch.stop()).toMatchObject({ most: 1 });
}, 600_000);

test("a checks round on lesson 19 runs on the learner's PGlite: never two PGlite workers, each side its own rows", async () => {
  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  const watch = watchPgliteWorkers(targets);
  expect((await session.run(SOLUTION, `${SCOPE}\u0000round`, true)).status).toBe('running');
  expect(await titles(true)).toEqual([]);
  await post('made by a check', true);
  expect(await titles(true)).toEqual(['made by a check']);
  expect(await titles()).toEqual(['kept by the learner']);
  await session.page.evaluate(() => window.__halo.engine.stopChecks());
  const { most, readings } = await watch.stop();
  expect(readings).toBeGreaterThan(3);
  expect(most).toBe(1);
  // Nothing of the round is left in the learner's data, and the next round starts empty.
  expect(await titles()).toEqual(['kept by the learner']);
  expect((await session.run(SOLUTION, `${SCOPE}\u0000round`, true)).status).toBe('running');
  expect(await titles(true)).toEqual([]);
  await session.page.evaluate(() => window.__halo.engine.stopChecks());
}, 600_000);

test('a write made just before the tab closes is there after reopening', async () => {
  expect((await session.run(SOLUTION, SCOPE)).status).toBe('running');
  await post('the last words');
  // At once, with no unload handlers: the tab is gone as if the learner closed it.
  await session.page.close({ runBeforeUnload: false });
  const page = await session.context.newPage();
  await page.goto(`${session.server.url}web/harness.html`);
  await page.waitForFunction(() => window.__halo !== undefined, undefined, ANSWER);
  const found = await page.evaluate(
    async ([files, scope, url]) => {
      const result = await window.__halo.engine.compile(files);
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      await window.__halo.engine.run(result.bundle, { storageScope: scope, usesDatabase: true });
      await window.__halo.engine.serving;
      return (await (await fetch(url)).json()) as { title: string }[];
    },
    [SOLUTION, SCOPE, TODOS] as const,
  );
  expect(found.map((todo) => todo.title)).toEqual(['kept by the learner', 'the last words']);
}, 600_000);
