/**
 * A connection's bounds beyond events and replies, over real sockets (Node AppHttp + ws): what the program
 * sends itself with `connection.send` counts against maxBufferedBytes like every message the provider sends
 * (past it, closed with 1008), and the messages a client sends before the connect hook decided wait one
 * rate-limit window's worth at most (past it, closed with 1008; none of them reaches a service).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymousService, App, AppHttp, websocket } from '../../runtime/node/index.ts';
import type { SocketConnection } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';

const MAX_BUFFERED = 1024 * 1024;
const CHUNK = 'x'.repeat(512 * 1024);
/** 32 MiB: more than the loopback's socket buffers take, so the rest waits in the server. */
const CHUNKS = 64;
const WINDOW = 5;

/** Opens the connect hook's gate: connections wait in the hook until then. */
let openGate: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
const calls: string[] = [];

const app = new App();
app.use(
  '/shout',
  new AnonymousService({
    create: async (data, params) => {
      // The program pushes a burst of its own messages to the caller, without waiting.
      for (let i = 0; i < CHUNKS; i++) (params?.connection as SocketConnection).send({ i, chunk: CHUNK });
      return data;
    },
  }),
);
app.use('/notes', new AnonymousService({ create: async (data) => data })).beforeAll(() => void calls.push('notes'));
websocket(app, {
  maxBufferedBytes: MAX_BUFFERED,
  rateLimit: { messages: WINDOW, windowMs: 60_000 },
  connect: () => gate,
});

let server: AppHttp;
const sockets: SocketClient[] = [];
async function socket(): Promise<SocketClient> {
  const client = await openSocket(`${server.uri}/ws`);
  sockets.push(client);
  return client;
}
/** Holds every connection that opens from now on in the connect hook until the returned function is called. */
function holdConnections(): () => void {
  gate = new Promise<void>((resolve) => (openGate = resolve));
  return () => {
    openGate();
    gate = Promise.resolve();
  };
}

beforeAll(async () => {
  server = new AppHttp(app);
  await server.startServer('127.0.0.1', 0);
});
afterAll(async () => {
  for (const client of sockets) client.close();
  await server.close();
});

describe('connection.send', () => {
  it(`counts against maxBufferedBytes: ${CHUNKS} × 512 KiB sent at once close the connection with 1008`, async () => {
    const client = await socket();
    client.send({ id: 1, call: 'shout.create', data: {} });
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^Too slow: over 1048576 bytes waiting to be sent/);
    expect(client.messages.filter((m) => 'chunk' in m).length).toBeLessThan(CHUNKS);
  });
});

describe('messages before admission', () => {
  it(`wait for the connect hook, ${WINDOW} (one rate-limit window) at most: all of them run once it admits`, async () => {
    const admit = holdConnections();
    const client = await socket();
    for (let id = 1; id <= WINDOW; id++) client.send({ id, call: 'notes.create', data: { id } });
    admit();
    for (let id = 1; id <= WINDOW; id++) expect(await client.next((m) => m.id === id)).toEqual({ id, result: { id } });
  });

  it(`one more than ${WINDOW} closes the connection with 1008, and none of them reaches a service`, async () => {
    const before = calls.length;
    const admit = holdConnections();
    const client = await socket();
    for (let id = 1; id <= WINDOW + 1; id++) client.send({ id, call: 'notes.create', data: { id } });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Too many messages before the connection was admitted.' });
    admit();
    // A call on a new connection, admitted after the refused one's hook returned: anything queued would have run first.
    const other = await socket();
    expect(await other.call('notes.create', { data: { id: 'other' } })).toMatchObject({ result: { id: 'other' } });
    expect(calls.slice(before)).toEqual(['notes']);
    expect(client.messages).toEqual([]);
  });
});
