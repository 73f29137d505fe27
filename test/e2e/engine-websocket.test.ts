/**
 * The WebSocket and GraphQL providers in the playground, in real Chromium: the page's `new WebSocket`
 * (intercepted by msw) reaches the program's WebSocket provider in the sandboxed server worker; events
 * sent by one connection arrive on the other; a program restarted by the kill switch or replaced closes
 * its sockets with 1012; GraphQL (graphql-js bundled into the server worker) answers over fetch.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';

const ORIGIN = 'http://localhost:3000';
const WS_URL = 'ws://localhost:3000/ws';
const TIMEOUT_MS = 1500;

const PROGRAM = [
  "import { App, AppHttp, MapService, graphql, websocket } from 'halo';",
  'const app = new App();',
  "app.use('/messages', new MapService());",
  "const spins = app.use('/spins', new MapService());",
  "spins.before('created', () => { for (;;) {} });",
  'websocket(app);',
  'graphql(app);',
  "await new AppHttp(app).startServer('localhost', 3000);",
].join('\n');

/** What the page keeps of one socket: the messages it got (parsed) and how it closed. */
interface SocketLog {
  open: boolean;
  messages: Record<string, unknown>[];
  close: { code: number; reason: string } | null;
}

declare global {
  interface Window {
    __sockets: Record<string, { socket: WebSocket; log: SocketLog }>;
  }
}

let session: PlaygroundSession;

/** Opens a page WebSocket named `name` and waits until it is open or closed. */
async function open(name: string, url = WS_URL): Promise<SocketLog> {
  return session.page.evaluate(
    ([n, u]) =>
      new Promise<SocketLog>((resolve) => {
        window.__sockets ??= {};
        const socket = new WebSocket(u);
        const log: SocketLog = { open: false, messages: [], close: null };
        window.__sockets[n] = { socket, log };
        socket.onmessage = (event) => log.messages.push(JSON.parse(String(event.data)) as Record<string, unknown>);
        socket.onopen = () => {
          log.open = true;
          resolve(log);
        };
        socket.onclose = (event) => {
          log.close = { code: event.code, reason: event.reason };
          resolve(log);
        };
      }),
    [name, url] as const,
  );
}

async function send(name: string, message: unknown): Promise<void> {
  await session.page.evaluate(([n, m]) => window.__sockets[n].socket.send(JSON.stringify(m)), [name, message] as const);
}

/** Waits until the socket's log satisfies `predicate` (a function body over `log`), then returns the log. */
async function waitFor(name: string, predicate: string): Promise<SocketLog> {
  // The predicate is test code, evaluated in the test page: the only way to pass a condition over the page's data.
  await session.page.waitForFunction(
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    ([n, p]) => new Function('log', `return ${p}`)(window.__sockets[n].log) as boolean,
    [name, predicate] as const,
    WAIT,
  );
  return session.page.evaluate((n) => window.__sockets[n].log, name);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ requestTimeoutMs: TIMEOUT_MS });
  await session.run({ 'main.ts': PROGRAM });
});
afterAll(async () => {
  await session?.close();
});

describe('WebSocket in the playground', () => {
  test('a call on one connection replies to it, and its event arrives on the other connection', async () => {
    await open('a');
    await open('b');
    await send('a', { id: 1, call: 'messages.create', data: { text: 'hello' } });
    const a = await waitFor('a', 'log.messages.some((m) => m.id === 1)');
    expect(a.messages.find((m) => m.id === 1)).toMatchObject({ id: 1, result: { text: 'hello', id: '0' } });
    const b = await waitFor('b', "log.messages.some((m) => m.event === 'messages created')");
    expect(b.messages.find((m) => m.event)).toMatchObject({ event: 'messages created', data: { text: 'hello', id: '0' } });
  });

  test('a change made over HTTP is pushed to the sockets too', async () => {
    const response = await session.fetch(`${ORIGIN}/messages`, { method: 'POST', body: { json: { text: 'from rest' } } });
    expect(response.status).toBe(201);
    const b = await waitFor('b', "log.messages.some((m) => m.data?.text === 'from rest')");
    expect(b.messages.at(-1)).toMatchObject({ event: 'messages created', data: { text: 'from rest' } });
  });

  test('bad input gets an error reply and the connection keeps serving', async () => {
    await session.page.evaluate(() => window.__sockets.a.socket.send('{nope'));
    const a = await waitFor('a', 'log.messages.some((m) => m.error?.status_code === 400)');
    expect(a.close).toBeNull();
    await send('a', { id: 2, call: 'messages.index' });
    await waitFor('a', 'log.messages.some((m) => m.id === 2 && Array.isArray(m.result))');
  });

  test('a path without an endpoint closes with 4404 and a reason; a local origin no program listens on is closed by the playground', async () => {
    await open('wrong', 'ws://localhost:3000/nowhere');
    const wrong = await waitFor('wrong', 'log.close !== null');
    expect(wrong.close).toMatchObject({ code: 4404, reason: expect.stringContaining('/ws') });
    await open('none', 'ws://localhost:3999/ws');
    // No program listens on port 3999: the socket never leaves the page (a real server there must not answer).
    expect((await waitFor('none', 'log.close !== null')).close).toMatchObject({
      code: 1013,
      reason: expect.stringContaining('No program is listening on http://localhost:3999'),
    });
  });

  test('a message that never finishes trips the kill switch: sockets close with 1012 and new ones reach the restarted program', async () => {
    await send('a', { id: 3, call: 'spins.create', data: {} });
    for (const name of ['a', 'b']) {
      const log = await waitFor(name, 'log.close !== null');
      expect(log.close).toEqual({ code: 1012, reason: 'The program restarted.' });
    }
    await session.page.waitForFunction(() => window.__halo.engine.state.status === 'running', undefined, WAIT);
    await expect
      .poll(async () => (await session.consoleEntries()).map((e) => e.text), WAIT)
      .toContainEqual(expect.stringContaining(`A WebSocket message to /ws was not handled within ${TIMEOUT_MS} ms`));
    expect((await open('c')).open).toBe(true);
    await send('c', { id: 1, call: 'messages.index' });
    // A fresh program: the messages created before the restart are gone.
    const c = await waitFor('c', 'log.messages.some((m) => m.id === 1)');
    expect(c.messages[0]).toEqual({ id: 1, result: [] });
  });

  test('running another program closes open sockets with 1012', async () => {
    await session.run({ 'main.ts': PROGRAM.replace("'/messages'", "'/notes'") });
    const c = await waitFor('c', 'log.close !== null');
    expect(c.close).toEqual({ code: 1012, reason: 'The program restarted.' });
  });
});

describe('GraphQL in the playground', () => {
  test('graphql-js runs in the sandboxed server worker: a mutation and a query over the derived schema', async () => {
    const gql = (query: string) => session.fetch(`${ORIGIN}/graphql`, { method: 'POST', body: { json: { query } } });
    const created = await gql('mutation { notesCreate(data: { text: "gql" }) }');
    expect(created.status).toBe(200);
    expect(JSON.parse(created.body)).toMatchObject({ data: { notesCreate: { text: 'gql', id: '0' } } });
    expect(JSON.parse((await gql('{ notes }')).body)).toMatchObject({ data: { notes: [{ text: 'gql', id: '0' }] } });
    const bad = await gql('{ nothing }');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors[0].message).toContain('nothing');
  });
});

describe('WebSocket connect hook in the playground', () => {
  const CONNECT_PROGRAM = [
    "import { App, AppHttp, HttpException, MapService, websocket } from 'halo';",
    'const app = new App();',
    "const notes = app.use('/notes', new MapService());",
    "notes.before('created', (e) => { e.data = { ...e.data, owner: (e.params.connection as { data: Record<string, unknown> }).data.user }; });",
    'websocket(app, {',
    "  connect: (connection) => { if (!connection.query.user) throw HttpException.notAuthenticated({ message: 'Who are you?' }); connection.data.user = connection.query.user; },",
    '  publish: (data, connection) => (data as { owner?: unknown }).owner === connection.data.user,',
    '});',
    "await new AppHttp(app).startServer('localhost', 3000);",
  ].join('\n');

  test('the hook reads the query, keeps the user on connection.data (owner-only events), and refuses with 4401', async () => {
    await session.run({ 'main.ts': CONNECT_PROGRAM });
    await open('alice', `${WS_URL}?user=alice`);
    await open('bob', `${WS_URL}?user=bob`);
    await send('alice', { id: 1, call: 'notes.create', data: { text: 'mine' } });
    // The change goes out to the sockets before the call's own reply: wait for both.
    const alice = await waitFor('alice', "log.messages.some((m) => m.event === 'notes created') && log.messages.some((m) => m.id === 1)");
    expect(alice.messages.find((m) => m.id === 1)).toMatchObject({ result: { text: 'mine', owner: 'alice' } });
    // Bob's own note reaches him; had Alice's been sent to him, it would have come first.
    await send('bob', { id: 1, call: 'notes.create', data: { text: 'his' } });
    const bob = await waitFor('bob', "log.messages.some((m) => m.event === 'notes created')");
    expect(bob.messages.filter((m) => m.event).map((m) => (m.data as { owner: string }).owner)).toEqual(['bob']);
    await open('nobody');
    expect((await waitFor('nobody', 'log.close !== null')).close).toEqual({ code: 4401, reason: 'Who are you?' });
  });
});
