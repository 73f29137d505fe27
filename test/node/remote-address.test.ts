/**
 * `req.remoteAddress`: the client's address as the host saw it, over a real socket (REST and a WebSocket
 * provider's calls), through App.fetch (the browser adapter's path: the playground passes the page's address),
 * and never taken from a header a client sets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymousService, App, websocket } from '../../runtime/node/index.ts';
import { serveApp, type ServedApp } from '../support/serve-app.ts';
import { openSocket } from '../support/socket-client.ts';

let served: ServedApp;

beforeAll(async () => {
  const app = new App();
  app.get('/who', (req) => ({ address: req.remoteAddress }));
  const withAddress = app.chain([
    (req) => {
      req.serviceParams.address = req.remoteAddress;
      return true;
    },
  ]);
  withAddress.use(
    'callers',
    new AnonymousService<string, { address: string }>({ index: (params) => [{ address: String(params?.address) }] }),
  );
  websocket(app);
  served = await serveApp(app);
});

afterAll(() => served.close());

describe('req.remoteAddress', () => {
  it('is the socket peer over REST on Node, whatever x-forwarded-for says', async () => {
    const response = await fetch(`${served.uri}/who`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(((await response.json()) as { address: string }).address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('is the connection’s peer in a WebSocket call', async () => {
    const socket = await openSocket(`${served.uri}/ws`);
    try {
      const reply = await socket.call('callers.index');
      expect(reply.result).toEqual([{ address: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/) }]);
    } finally {
      socket.close();
    }
  });

  it('is what App.fetch is told, and empty when it is told nothing', async () => {
    const app = new App();
    app.get('/who', (req) => ({ address: req.remoteAddress }));
    const told = await app.fetch(new Request('http://localhost:3000/who'), { remoteAddress: '127.0.0.1' });
    expect(await told.json()).toEqual({ address: '127.0.0.1' });
    const untold = await app.fetch(new Request('http://localhost:3000/who'));
    expect(await untold.json()).toEqual({ address: '' });
  });
});
