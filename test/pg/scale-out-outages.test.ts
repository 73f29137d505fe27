/**
 * Scale-out under trouble: two Halo processes (child processes) on one throwaway PostgreSQL, a socket
 * on process B only. A change made through A (which has no socket) reaches B; a 20 KB change too
 * (over NOTIFY's limit); PostgreSQL restarts under both and events cross again within 5 s, with the
 * documented `{ "event": "resync" }` on B's socket; A is killed with SIGKILL and B goes on serving
 * and publishing (a LISTEN client of the test hears B's changes).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram } from '../support/run-program.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { callJson } from '../support/serve-app.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';
import { startPostgres } from './postgres-server.ts';
import type { PostgresServer } from './postgres-server.ts';

type Json = Record<string, unknown>;

let database: PostgresServer;
let a: RunningProgram;
let b: RunningProgram;
let socket: SocketClient;

const createdWith = (id: unknown) => (m: Json) => m.event === 'todos created' && (m.data as Json).id === id;

beforeAll(async () => {
  database = await startPostgres();
  const env = { DATABASE_URL: database.url };
  a = await runProgram('npm', ['run', 'serve', '--', 'test/pg/fixtures/scale-out-app.ts'], 60_000, env);
  b = await runProgram('npm', ['run', 'serve', '--', 'test/pg/fixtures/scale-out-app.ts'], 60_000, env);
  socket = await openSocket(`${b.origin}/ws`);
  // A reply means B listens on the bus (every call waits for it); A publishes from its start.
  expect((await socket.call('todos.index', { query: { $limit: 0 } })).result).toEqual([]);
}, 120_000);

afterAll(async () => {
  socket?.close();
  // A was killed by the test already.
  for (const program of [a, b])
    if (program && program.child.exitCode === null && program.child.signalCode === null) await program.interrupt('SIGKILL');
  await database?.stop();
}, 60_000);

describe('WebSocket events across processes when things go wrong', () => {
  it('a REST create on a process without sockets reaches a socket on the other', async () => {
    const created = await callJson(a.origin, 'POST', '/todos', { text: 'REST only on A' });
    expect(created.status).toBe(201);
    expect((await socket.next(createdWith(created.json.id))).data).toEqual(created.json);
  });

  it("a 20 KB change crosses (over NOTIFY's 8000-byte limit)", async () => {
    const text = 'x'.repeat(20_000);
    const created = await callJson(a.origin, 'POST', '/todos', { text });
    expect(created.status).toBe(201);
    expect(((await socket.next(createdWith(created.json.id))).data as Json).text).toBe(text);
  });

  it("after PostgreSQL restarts, B's socket gets the resync message and events cross again within 5 s", async () => {
    await database.restart();
    const restarted = Date.now();
    await socket.next((m) => m.event === 'resync', 10_000);
    // A's first changes may go out before B listens again (at most once): create until one crosses.
    let crossed: number | undefined;
    const made = new Set<unknown>();
    while (crossed === undefined && Date.now() - restarted < 10_000) {
      const created = await callJson(a.origin, 'POST', '/todos', { text: 'after restart' }).catch(() => undefined);
      if (created?.status === 201) made.add(created.json.id);
      const arrived = await socket.next((m) => m.event === 'todos created' && made.has((m.data as Json).id), 200).catch(() => undefined);
      if (arrived) crossed = Date.now() - restarted;
    }
    console.log(`events crossed again ${crossed} ms after the restart`);
    expect(crossed).toBeDefined();
    expect(crossed).toBeLessThan(5000);
  }, 30_000);

  it('A is killed with SIGKILL: B keeps serving and publishing', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const heard: Json[] = [];
      let wake = (): void => undefined;
      listener.on('notification', (n) => {
        heard.push(JSON.parse(n.payload ?? 'null') as Json);
        wake();
      });
      await listener.query('LISTEN halo_changes');
      await a.interrupt('SIGKILL');
      const created = await callJson(b.origin, 'POST', '/todos', { text: 'after A died' });
      expect(created.status).toBe(201);
      await socket.next(createdWith(created.json.id));
      const viaSocket = await socket.call('todos.create', { data: { text: 'over the socket' } });
      const id = (viaSocket.result as Json).id;
      await socket.next(createdWith(id));
      const heardIt = () => heard.some((m) => m.event === 'todos created' && (m.data as Json).id === id);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`B's change never reached the bus; heard ${JSON.stringify(heard)}`)), 10_000);
        wake = () => heardIt() && (clearTimeout(timer), resolve());
        wake();
      });
      expect(heard.map((m) => (m.data as Json).id)).toEqual(expect.arrayContaining([created.json.id, id]));
    } finally {
      await listener.end();
    }
  }, 30_000);
});
