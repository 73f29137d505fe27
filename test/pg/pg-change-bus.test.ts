/**
 * pgChangeBus on a real PostgreSQL, its connection going through a TCP relay the test can cut: the
 * bus reconnects and LISTENs again by itself, changes published while it was cut are sent once it is
 * back (a listener connected directly hears them), a full queue drops the oldest and says so with a
 * gap, the bus reports its own gap to its subscriber, and a 20 KB change crosses.
 */
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgChangeBus } from '../../runtime/node/index.ts';
import type { BusMessage, ChangeBus } from '../../runtime/node/index.ts';
import { startPostgres } from './postgres-server.ts';
import type { PostgresServer } from './postgres-server.ts';

/** A TCP relay to PostgreSQL that the test can cut (closing every connection and refusing new ones) and restore. */
interface Relay {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target.href);
  url.port = String(port);
  return {
    url: url.href,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A plain node-postgres LISTEN client: what every message on `channel` looks like on the wire. */
async function listen(
  url: string,
  channel: string,
): Promise<{ heard: unknown[]; next(match: (payload: Record<string, unknown>) => boolean): Promise<void>; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  client.on('notification', (n) => {
    heard.push(JSON.parse(n.payload ?? 'null') as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  await client.query(`LISTEN ${channel}`);
  return {
    heard,
    next: (match) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not heard in 10 s; heard ${JSON.stringify(heard)}`)), 10_000);
        const look = (): void => {
          if (!heard.some(match)) return;
          clearTimeout(timer);
          waiters.delete(look);
          resolve();
        };
        waiters.add(look);
        look();
      }),
    end: () => client.end(),
  };
}

/** Resolves with the first of `messages` (already there or still to come) that `match` accepts. */
function arrival<T>(messages: T[], match: (message: T) => boolean, wakeups: Set<() => void>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing matched in 10 s; got ${JSON.stringify(messages)}`)), 10_000);
    const look = (): void => {
      const found = messages.find(match);
      if (found === undefined) return;
      clearTimeout(timer);
      wakeups.delete(look);
      resolve(found);
    };
    wakeups.add(look);
    look();
  });
}

const change = (event: string, data: unknown): BusMessage => ({ origin: 'test', event, data });

let database: PostgresServer;
let relay: Relay;

beforeAll(async () => {
  database = await startPostgres();
  relay = await startRelay(new URL(database.url));
}, 120_000);
afterAll(async () => {
  await relay?.close();
  await database?.stop();
}, 60_000);

describe('pgChangeBus', () => {
  it('reconnects and LISTENs again after its connection is cut, reports the gap, and sends what was published meanwhile', async () => {
    const bus: ChangeBus = pgChangeBus(relay.url, { channel: 'bus_reconnect' });
    const received: BusMessage[] = [];
    const wakeups = new Set<() => void>();
    const gaps: true[] = [];
    await bus.subscribe(
      (message) => {
        received.push(message);
        for (const wake of wakeups) wake();
      },
      () => {
        gaps.push(true);
        for (const wake of wakeups) wake();
      },
    );
    const direct = await listen(database.url, 'bus_reconnect');
    try {
      await bus.publish(change('before', 1));
      await arrival(received, (m) => m.event === 'before', wakeups);
      relay.cut();
      await bus.publish(change('while cut', 2));
      relay.restore();
      await direct.next((m) => m.event === 'while cut');
      await arrival(gaps, () => true, wakeups);
      await direct.end();
      // Another process's change reaches the reconnected bus: it LISTENs again.
      const publisher = pgChangeBus(database.url, { channel: 'bus_reconnect' });
      await publisher.publish(change('after', 3));
      await arrival(received, (m) => m.event === 'after', wakeups);
      await publisher.close();
    } finally {
      await bus.close();
    }
  }, 30_000);

  it('subscribing while the database is unreachable does not wait for it; the gap is reported once the bus listens', async () => {
    relay.cut();
    const bus = pgChangeBus(relay.url, { channel: 'bus_late' });
    const received: BusMessage[] = [];
    const gaps: true[] = [];
    const wakeups = new Set<() => void>();
    const wake = () => wakeups.forEach((w) => w());
    try {
      await bus.subscribe(
        (message) => {
          received.push(message);
          wake();
        },
        () => {
          gaps.push(true);
          wake();
        },
      );
      expect(gaps).toEqual([]);
      relay.restore();
      await arrival(gaps, () => true, wakeups);
      const publisher = pgChangeBus(database.url, { channel: 'bus_late' });
      await publisher.publish(change('heard', 1));
      await arrival(received, (m) => m.event === 'heard', wakeups);
      await publisher.close();
    } finally {
      relay.restore();
      await bus.close();
    }
  }, 30_000);

  it('a full queue drops the oldest changes and tells the others with a gap', async () => {
    const direct = await listen(database.url, 'bus_full');
    const bus = pgChangeBus(relay.url, { channel: 'bus_full', maxQueuedBytes: 200 });
    try {
      relay.cut();
      for (let i = 0; i < 5; i++) await bus.publish(change(`change ${i}`, 'x'.repeat(50)));
      relay.restore();
      await direct.next((m) => m.event === 'change 4');
      expect(direct.heard[0]).toEqual({ gap: true });
      expect(direct.heard.slice(1).map((m) => (m as BusMessage).event)).toEqual(['change 3', 'change 4']);
    } finally {
      await bus.close();
      await direct.end();
    }
  }, 30_000);

  it('a 20 KB change crosses, in order with the small ones around it', async () => {
    const receiver = pgChangeBus(database.url, { channel: 'bus_large' });
    const received: BusMessage[] = [];
    const wakeups = new Set<() => void>();
    await receiver.subscribe((message) => {
      received.push(message);
      for (const wake of wakeups) wake();
    });
    const sender = pgChangeBus(database.url, { channel: 'bus_large' });
    try {
      const large = 'y'.repeat(20_000);
      await sender.publish(change('small 1', 1));
      await sender.publish(change('large', large));
      await sender.publish(change('small 2', 2));
      await arrival(received, (m) => m.event === 'small 2', wakeups);
      expect(received.map((m) => m.event)).toEqual(['small 1', 'large', 'small 2']);
      expect(received[1].data).toBe(large);
    } finally {
      await sender.close();
      await receiver.close();
    }
  }, 30_000);

  it('names a misspelled option', () => {
    expect(() => pgChangeBus(database.url, { chanel: 'x' } as never)).toThrow(/"chanel"/);
  });
});
