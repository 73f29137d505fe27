/**
 * The playground's host of the WebSocket provider (the server worker's WorkerSockets), with the real provider
 * and app: a page socket arrives with the upgrade headers the page side forwards (the program's own origin), its
 * connect hook sees the path, query and headers and its identity reaches service calls; a socket whose Origin is
 * any other origin — one that merely starts with the host's name included — is closed with 4403 before the hook
 * runs, and no message it sent (even one sent before the refusal) reaches a service.
 */
import { describe, expect, it } from 'vitest';
import type { FromServerWorker } from '../../runtime/contract/server-worker-protocol.ts';
import { App, HttpException, MapService, websocket } from '../../runtime/framework/index.ts';
import type { SocketConnection } from '../../runtime/framework/index.ts';
import { upgradeHeaders } from '../../runtime/server-worker/host/upgrade-headers.ts';
import { WorkerSockets } from '../../runtime/server-worker/worker-sockets.ts';

const ORIGIN = 'http://localhost:3000';
const URL_OF_SOCKET = 'ws://localhost:3000/ws?user=ann';

/** A program listening on ORIGIN: its connect hook and service calls are recorded. */
function program() {
  const app = new App();
  const connects: { url: string; headers: Record<string, string> }[] = [];
  const calls: unknown[] = [];
  const notes = app.use('/notes', new MapService());
  notes.beforeAll((e) => void calls.push((e.params.connection as SocketConnection).data.user));
  websocket(app, {
    connect: (connection, request) => {
      connects.push({ url: connection.url, headers: request.headers });
      if (!connection.query.user) throw HttpException.notAuthenticated({ message: 'Who are you?' });
      connection.data.user = connection.query.user;
    },
  });
  const posted: FromServerWorker[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new WorkerSockets(new Map([[ORIGIN, app]]), (message) => {
    posted.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves with the first message posted to the page that satisfies `found`. */
  const next = async <T extends FromServerWorker>(found: (message: FromServerWorker) => message is T): Promise<T> => {
    for (;;) {
      const hit = posted.find(found);
      if (hit) return hit;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { sockets, connects, calls, next };
}

const closeOf =
  (id: number) =>
  (message: FromServerWorker): message is Extract<FromServerWorker, { type: 'socket-close' }> =>
    message.type === 'socket-close' && message.id === id;
/** The reply to the call with id `call` on socket `id` (its event may come first). */
const replyOf =
  (id: number, call: number) =>
  (message: FromServerWorker): message is Extract<FromServerWorker, { type: 'socket-send' }> =>
    message.type === 'socket-send' && message.id === id && (JSON.parse(message.text) as { id?: unknown }).id === call;

describe('WorkerSockets: the playground host of the WebSocket provider', () => {
  it('admits the headers the page forwards (the program’s own origin): the hook sees path, query and headers; the identity reaches calls', async () => {
    const { sockets, connects, calls, next } = program();
    expect(upgradeHeaders(URL_OF_SOCKET)).toEqual([
      ['host', 'localhost:3000'],
      ['origin', ORIGIN],
    ]);
    sockets.open(1, URL_OF_SOCKET, upgradeHeaders(URL_OF_SOCKET));
    await sockets.message(1, JSON.stringify({ id: 1, call: 'notes.create', data: { text: 'hi' } }));
    expect(JSON.parse((await next(replyOf(1, 1))).text)).toMatchObject({ id: 1, result: { text: 'hi' } });
    expect(connects).toEqual([{ url: '/ws?user=ann', headers: { host: 'localhost:3000', origin: ORIGIN } }]);
    expect(calls).toEqual(['ann']);
  });

  it.each([
    ['merely starts with the host', 'http://localhost:3000.evil.example'],
    ['another port of the same host', 'http://localhost:3001'],
    ['the playground’s own origin', 'http://127.0.0.1:4173'],
  ])('an Origin that is another origin (%s) is closed with 4403 before the hook runs; no call runs', async (_, origin) => {
    const { sockets, connects, calls, next } = program();
    sockets.open(2, URL_OF_SOCKET, [
      ['host', 'localhost:3000'],
      ['origin', origin],
    ]);
    // Sent at once, before the refusal: it must wait for admission and then run nothing.
    const early = sockets.message(2, JSON.stringify({ id: 1, call: 'notes.create', data: { text: 'stolen' } }));
    expect(await next(closeOf(2))).toEqual({
      type: 'socket-close',
      id: 2,
      code: 4403,
      reason: expect.stringContaining(`from ${origin} are not allowed`) as unknown,
    });
    await early;
    await sockets.message(2, JSON.stringify({ id: 2, call: 'notes.index' }));
    expect(connects).toEqual([]);
    expect(calls).toEqual([]);
  });
});
