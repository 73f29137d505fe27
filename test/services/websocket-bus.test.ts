/**
 * The WebSocket provider's change bus, with two apps in one process on an in-memory bus (the
 * PostgreSQL bus is tested across processes in test/pg/scale-out.test.ts): what is shared, what
 * stays local, and that a process never delivers its own change twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, AppHttp, MapService, websocket } from '../../runtime/node/index.ts';
import type { BusMessage, ChangeBus } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';

type Json = Record<string, unknown>;

/** Every bus of the same hub receives every message published on any of them (its own included, as NOTIFY does). */
function hub(): () => ChangeBus {
  const listeners = new Set<(message: BusMessage) => void>();
  return () => {
    const mine: ((message: BusMessage) => void)[] = [];
    return {
      async publish(message) {
        const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
        queueMicrotask(() => listeners.forEach((listener) => listener(copy)));
      },
      async subscribe(listener) {
        mine.push(listener);
        listeners.add(listener);
      },
      async close() {
        for (const listener of mine) listeners.delete(listener);
      },
    };
  };
}

const servers: AppHttp[] = [];
const sockets: SocketClient[] = [];

beforeAll(async () => {
  const bus = hub();
  for (let i = 0; i < 2; i++) {
    const app = new App();
    app.use('/notes', new MapService()).after('created', (e) => {
      if (e.data?.local) e.params.publish = () => true;
      if (e.data?.nobody) e.params.publish = false;
    });
    websocket(app, { bus: bus(), publish: (data) => ((data as Json).secret ? { ...(data as Json), secret: '***' } : true) });
    const server = new AppHttp(app);
    await server.startServer('127.0.0.1', 0);
    servers.push(server);
    sockets.push(await openSocket(`${server.uri}/ws`));
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of servers) await server.close();
});

describe('WebSocket change bus', () => {
  it('shares a change with the other process once; a params.publish function keeps it local; false sends it nowhere; the publish option applies on both', async () => {
    const [a, b] = sockets;
    await a.call('notes.create', { data: { text: 'shared', secret: 's' } });
    await a.call('notes.create', { data: { text: 'local', local: true } });
    await a.call('notes.create', { data: { text: 'nobody', nobody: true } });
    await a.call('notes.create', { data: { text: 'marker' } });
    const texts = (c: SocketClient) => c.messages.filter((m) => m.event === 'notes created').map((m) => (m.data as Json).text);
    for (const c of sockets) await c.next((m) => (m.data as Json | undefined)?.text === 'marker');
    expect(texts(a)).toEqual(['shared', 'local', 'marker']);
    expect(texts(b)).toEqual(['shared', 'marker']);
    for (const c of sockets)
      expect(c.messages.find((m) => (m.data as Json | undefined)?.text === 'shared')?.data).toMatchObject({ secret: '***' });
  });
});
