/**
 * A database made from the build's seed stores only what differs from it (issue 51: storing the seed's 16 MB left
 * the browser's processes holding more memory). Lesson 19 on a new database stores a small fraction of the seed and a
 * restarted program finds its rows; a database stored whole (the format before) still opens; one stored as changes
 * to another build's seed is refused with a plain message and removed, and the next run starts afresh.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PG_SEED_PATH, type PgFile } from '../../runtime/contract/pg-broker-protocol.ts';
import { PGLITE_SEED_FILE } from '../../runtime/contract/pglite-seed-file.ts';
import { untar } from '../../runtime/browser/pg-seed.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { FIRST } from './harness/wait.ts';

const SOLUTION = { 'main.ts': readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/solution.ts`, 'utf8') };
const TODOS = 'http://localhost:3000/todos';
const SEED = resolve(distDir(), PGLITE_SEED_FILE);

let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
}, FIRST.timeout);

afterAll(async () => {
  await session?.close();
});

/** The stored name of the default database of programs run under `scope` (see ServerHost). */
const stored = (scope: string) => `${scope}\u0000halo`;

/** What the page stores of database `name`: its rows' bytes, how many rows, and the seed it names. */
function storedRows(name: string): Promise<{ bytes: number; rows: number; seed?: string }> {
  return session.page.evaluate(
    async ([database, seedPath]) => {
      const { reply } = await window.__halo.pgStore.answerPgCall({ method: 'load', name: database });
      const files = reply.ok ? (reply.value as PgFile[]) : [];
      const bytes = files.reduce((sum, file) => sum + (file.data?.byteLength ?? 0), 0);
      return { bytes, rows: files.length, seed: files.find((file) => file.path === seedPath)?.seed };
    },
    [name, PG_SEED_PATH] as const,
  );
}

/** Runs lesson 19's solution under `scope`, adds `title` and restarts it; returns what the restarted program lists. */
async function writeAndRestart(scope: string, title: string): Promise<string[]> {
  const { status } = await session.run(SOLUTION, scope);
  expect(status, (await session.consoleEntries()).map((entry) => entry.text).join('\n')).toBe('running');
  const created = await session.fetch(TODOS, { method: 'POST', body: { json: { title } } });
  expect(created.status, created.body).toBe(201);
  expect((await session.run(SOLUTION, scope)).status).toBe('running');
  const listed = await session.fetch(TODOS);
  return (JSON.parse(listed.body) as { title: string }[]).map((todo) => todo.title);
}

test("a new database stores its changes to the seed, far below the seed's size; a restarted program finds its rows", async () => {
  expect(await writeAndRestart('seed-changes', 'on top of the seed')).toEqual(['on top of the seed']);
  const { bytes, seed } = await storedRows(stored('seed-changes'));
  expect(seed).toMatch(/^[0-9a-f]{64}$/);
  expect(bytes).toBeGreaterThan(0);
  // Measured: 2.7 MB (a 1 MB WAL segment, pg_control, the changed catalog pages) for the seed's 16.3 MB.
  expect(bytes).toBeLessThan(statSync(SEED).size / 4);
}, 600_000);

test('a database stored whole (the format before) opens as before and stays whole', async () => {
  const name = stored('seed-whole');
  // The seed's files stored whole, as the playground stored a new database before.
  const files = untar(readFileSync(SEED)).map(({ data, ...file }) => ({
    ...file,
    data: data === undefined ? null : Buffer.from(data).toString('base64'),
  }));
  await session.page.evaluate(
    async ([database, whole]) => {
      const put = whole.map(({ data, ...file }) => ({
        ...file,
        ...(data === null ? {} : { data: Uint8Array.from(atob(data), (char) => char.charCodeAt(0)).buffer }),
      }));
      const { reply } = await window.__halo.pgStore.answerPgCall({ method: 'save', name: database, put, remove: [] });
      if (!reply.ok) throw new Error(reply.message);
    },
    [name, files] as const,
  );
  expect(await writeAndRestart('seed-whole', 'kept whole')).toEqual(['kept whole']);
  const after = await storedRows(name);
  expect(after.seed).toBeUndefined();
  expect(after.bytes).toBeGreaterThan(statSync(SEED).size / 2);
}, 600_000);

test("a database stored as changes to another build's seed is refused with a plain message, removed, and made afresh", async () => {
  const name = stored('seed-other');
  await session.page.evaluate(
    async ([database, path]) => {
      const put = [
        { path, mode: 0, mtime: 0, seed: '0'.repeat(64) },
        { path: 'base/1/1259', mode: 33152, mtime: 0, data: new ArrayBuffer(8192) },
      ];
      await window.__halo.pgStore.answerPgCall({ method: 'save', name: database, put, remove: [] });
    },
    [name, PG_SEED_PATH] as const,
  );
  expect((await session.run(SOLUTION, 'seed-other')).status).toBe('crashed');
  const lines = (await session.consoleEntries()).map((entry) => entry.text).join('\n');
  expect(lines).toMatch(/stored by an earlier version of the playground.*it was removed/s);
  expect((await storedRows(name)).rows).toBe(0);
  expect(await writeAndRestart('seed-other', 'afresh')).toEqual(['afresh']);
}, 600_000);
