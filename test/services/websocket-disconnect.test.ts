/**
 * The WebSocket provider's `disconnect` hook and a refusal's replies, over real sockets (Node AppHttp + ws):
 * disconnect runs once for each connection the connect hook admitted, whichever side closed it, and never for a
 * refused one; calls that waited for a refusing connect hook each get the refusal as their error before the close.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { App, AppHttp, HttpException, MapService, websocket } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';

const servers: AppHttp[] = [];

/** A server whose connect hook admits `?user=` when `decide` resolves (refusing a missing one), noting each disconnect. */
async function serve(decide: Promise<void> = Promise.resolve()) {
  const disconnected: string[] = [];
  const app = new App();
  app.use('/notes', new MapService());
  websocket(app, {
    maxMessageBytes: 1024,
    connect: async (connection) => {
      await decide;
      if (!connection.query.user) throw HttpException.forbidden({ message: 'Say who you are.' });
      connection.data.user = connection.query.user;
    },
    disconnect: (connection) => void disconnected.push(String(connection.data.user)),
  });
  const http = new AppHttp(app);
  await http.startServer('127.0.0.1', 0);
  servers.push(http);
  return { http, disconnected };
}

/** Waits until `condition` holds (a state, never a fixed sleep). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterAll(async () => {
  for (const http of servers) await http.close().catch(() => undefined);
});

describe('WebSocket disconnect hook', () => {
  it('runs once per admitted connection: the client closes, the server closes it, the app closes; never for a refused one', async () => {
    const { http, disconnected } = await serve();
    const ann = await openSocket(`${http.uri}/ws?user=ann`);
    const bob = await openSocket(`${http.uri}/ws?user=bob`);
    const cid = await openSocket(`${http.uri}/ws?user=cid`);
    const stranger = await openSocket(`${http.uri}/ws`);
    expect((await stranger.closed).code).toBe(4403);
    await ann.call('notes.index');
    ann.close();
    await until(() => disconnected.includes('ann'));
    await bob.call('notes.index');
    bob.send('x'.repeat(2000));
    expect((await bob.closed).code).toBe(1009);
    await until(() => disconnected.includes('bob'));
    await cid.call('notes.index');
    await http.close();
    expect((await cid.closed).code).toBe(1001);
    await until(() => disconnected.length === 3);
    expect(disconnected.sort()).toEqual(['ann', 'bob', 'cid']);
  });
});

describe('a refused connection answers the calls that waited', () => {
  it('replies to each with the refusal, then closes with it', async () => {
    let decide = (): void => undefined;
    const { http, disconnected } = await serve(new Promise<void>((resolve) => (decide = resolve)));
    const stranger = await openSocket(`${http.uri}/ws`);
    stranger.send({ id: 1, call: 'notes.index' });
    stranger.send({ id: 2, call: 'notes.create', data: { text: 'hi' } });
    // Both calls are on the server before the hook decides: the server answers a ping only after reading them.
    const pong = new Promise((resolve) => stranger.ws.once('pong', resolve));
    stranger.ws.ping();
    await pong;
    decide();
    expect(await stranger.closed).toEqual({ code: 4403, reason: 'Say who you are.' });
    const refusal = { is_error: true, status_code: 403, message: 'Say who you are.', errors: [] };
    expect(stranger.messages).toEqual([
      { id: 1, error: refusal },
      { id: 2, error: refusal },
    ]);
    expect(disconnected).toEqual([]);
  });
});
