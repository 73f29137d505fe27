/**
 * Scale-out: two Halo processes of one program on one real PostgreSQL server share their changes
 * with LISTEN/NOTIFY (pgChangeBus), so a change made through either reaches the WebSocket clients
 * of both, exactly once each.
 */
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
const programs: RunningProgram[] = [];
const sockets: SocketClient[] = [];

beforeAll(async () => {
  database = await startPostgres();
  process.env.DATABASE_URL = database.url;
  for (let i = 0; i < 2; i++) programs.push(await runProgram('npm', ['run', 'serve', '--', 'test/pg/fixtures/scale-out-app.ts'], 60_000));
  for (const program of programs) {
    const socket = await openSocket(`${program.origin}/ws`);
    // A reply means that process listens on the bus (every call waits for it).
    expect((await socket.call('todos.index', { query: { $limit: 0 } })).result).toEqual([]);
    sockets.push(socket);
  }
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  // The exit code is AppHttp's SIGINT handling, tested elsewhere (a second SIGINT from npm during a slower shutdown is its concern).
  for (const program of programs) await program.interrupt();
  delete process.env.DATABASE_URL;
  await database?.stop();
}, 60_000);

describe('WebSocket events across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it("a REST create through process A reaches a socket on process B, and A's own socket, once each", async () => {
    const [a] = programs;
    const created = await callJson(a.origin, 'POST', '/todos', { text: 'through A' });
    expect(created.status).toBe(201);
    const isIt = (m: Json) => m.event === 'todos created' && (m.data as Json).id === created.json.id;
    for (const socket of sockets) expect((await socket.next(isIt)).data).toEqual(created.json);
    // A marker made after it: once it arrived everywhere, any duplicate would have too.
    const marker = await sockets[1].call('todos.create', { data: { text: 'marker' } });
    const isMarker = (m: Json) => m.event === 'todos created' && (m.data as Json).id === (marker.result as Json).id;
    for (const socket of sockets) await socket.next(isMarker);
    for (const socket of sockets) expect(socket.messages.filter(isIt)).toHaveLength(1);
    for (const socket of sockets) expect(socket.messages.filter(isMarker)).toHaveLength(1);
  });

  it('modify and remove through B reach the socket on A', async () => {
    const made = (await sockets[1].call('todos.create', { data: { text: 'x' } })).result as Json;
    await sockets[1].call('todos.modify', { record: made.id, data: { done: true } });
    await sockets[1].call('todos.remove', { record: made.id });
    for (const event of ['todos modified', 'todos removed']) {
      await sockets[0].next((m) => m.event === event && (m.data as Json).id === made.id);
    }
  });
});
