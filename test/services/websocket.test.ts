/**
 * The WebSocket provider over real sockets (Node AppHttp + ws): calls and replies, events pushed to
 * every connection, hooks and @Middleware as for REST, per-connection publish filters, and bad
 * input (malformed JSON, unknown service or method, oversized messages, floods) answered with an
 * error or a close while the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, AppHttp, HttpException, MapService, MemoryService, WebSocketProvider, websocket } from '../../runtime/node/index.ts';
import type { Handler, ServiceParams } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';

type Json = Record<string, unknown>;

const seen: ServiceParams[] = [];
const requireUser: Handler = (req) => {
  const user = req.header('x-user');
  if (!user) throw HttpException.notAuthenticated({ message: 'Who are you?' });
  req.serviceParams.user = user;
  return true;
};

const app = new App();
const todos = app.use('/todos', new MemoryService());
todos.before('created', (e) => void seen.push(e.params));
app.chain([requireUser]).use('/secrets', new MapService());
const rooms = app.use('/messages', new MapService());
rooms.after('created', (e) => {
  // Only connections of the message's room receive it; `secret` messages go to no one.
  e.params.publish = e.data?.secret
    ? false
    : (data: unknown, connection: { headers: Record<string, string> }) => (data as Json).room === connection.headers['x-room'];
});
const provider = websocket(app, {
  maxMessageBytes: 1024,
  rateLimit: { messages: 20, windowMs: 60_000 },
  publish: (data) => ((data as Json).hidden ? { ...(data as Json), hidden: undefined } : true),
});
const http = new AppHttp(app);
const wsUrl = () => `${http.uri}/ws`;
const open: SocketClient[] = [];
async function client(headers?: Record<string, string>): Promise<SocketClient> {
  const c = await openSocket(wsUrl(), headers);
  open.push(c);
  return c;
}

beforeAll(() => http.startServer('127.0.0.1', 0));
afterAll(async () => {
  for (const c of open) c.close();
  await http.close();
});

describe('WebSocket provider: calls', () => {
  it('runs the six methods with record ids and queries; replies carry the message id', async () => {
    const c = await client();
    const created = await c.call('todos.create', { data: { text: 'a', n: 1 } });
    expect(created).toMatchObject({ id: expect.any(Number), result: { text: 'a', n: 1, id: expect.anything() } });
    const recordId = (created.result as Json).id;
    await c.call('todos.create', { data: { text: 'b', n: 2 } });
    expect((await c.call('todos.read', { record: recordId })).result).toMatchObject({ text: 'a' });
    expect((await c.call('todos.index', { query: { n: { $gt: 1 } } })).result).toMatchObject([{ text: 'b' }]);
    expect((await c.call('todos.modify', { record: recordId, data: { done: true } })).result).toMatchObject({ text: 'a', done: true });
    expect((await c.call('todos.update', { record: recordId, data: { text: 'A' } })).result).toEqual({ id: recordId, text: 'A' });
    expect((await c.call('todos.remove', { record: recordId })).result).toEqual({ id: recordId, text: 'A' });
    expect(await c.call('todos.read', { record: recordId })).toMatchObject({
      error: { is_error: true, status_code: 404, message: `No record found for ID ${recordId}` },
    });
  });

  it('gives hooks provider websocket and the connection in params', async () => {
    const c = await client({ 'x-tag': 'tagged' });
    await c.call('todos.create', { data: { text: 'p' } });
    const params = seen.at(-1)!;
    expect(params.provider?.via).toBe('websocket');
    expect((params.connection as { headers: Json }).headers['x-tag']).toBe('tagged');
  });

  it('runs middleware as for REST: chain middleware refuses without a header and passes params with it', async () => {
    const anonymous = await client();
    expect(await anonymous.call('secrets.create', { data: { a: 1 } })).toMatchObject({
      error: { status_code: 401, message: 'Who are you?' },
    });
    const known = await client({ 'x-user': 'ann' });
    expect((await known.call('secrets.create', { data: { a: 1 } })).result).toMatchObject({ a: 1, id: '0' });
  });
});

describe('WebSocket provider: events', () => {
  it('pushes "<service> created|modified|updated|removed" to every connection after each successful change', async () => {
    const writer = await client();
    const watcher = await client();
    const made = (await writer.call('todos.create', { data: { text: 'watch me' } })).result as Json;
    expect((await watcher.next((m) => m.event === 'todos created' && (m.data as Json).id === made.id)).data).toEqual(made);
    await writer.call('todos.modify', { record: made.id, data: { done: true } });
    await writer.call('todos.update', { record: made.id, data: { text: 'x' } });
    await writer.call('todos.remove', { record: made.id });
    for (const event of ['todos modified', 'todos updated', 'todos removed'])
      await watcher.next((m) => m.event === event && (m.data as Json).id === made.id);
    // A failed call publishes nothing.
    await writer.call('todos.modify', { record: 'missing', data: {} });
    await writer.call('todos.create', { data: { text: 'marker' } });
    await watcher.next((m) => m.event === 'todos created' && (m.data as Json).text === 'marker');
    expect(watcher.messages.filter((m) => m.event === 'todos modified')).toHaveLength(1);
  });

  it('REST changes are published too', async () => {
    const watcher = await client();
    const response = await fetch(`${http.uri}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"from rest"}',
    });
    expect(response.status).toBe(201);
    await watcher.next((m) => m.event === 'todos created' && (m.data as Json).text === 'from rest');
  });

  it('an after hook filters per connection or cancels; the publish option rewrites what is sent', async () => {
    const red = await client({ 'x-room': 'red' });
    const blue = await client({ 'x-room': 'blue' });
    await red.call('messages.create', { data: { room: 'blue', text: 'to blue' } });
    await red.call('messages.create', { data: { room: 'blue', text: 'quiet', secret: true } });
    await red.call('messages.create', { data: { room: 'blue', text: 'hidden field', hidden: 'x' } });
    await red.call('messages.create', { data: { room: 'red', text: 'to red' } });
    expect((await blue.next((m) => (m.data as Json | undefined)?.text === 'hidden field')).data).not.toHaveProperty('hidden');
    await red.next((m) => (m.data as Json | undefined)?.text === 'to red');
    const texts = (c: SocketClient) => c.messages.filter((m) => m.event === 'messages created').map((m) => (m.data as Json).text);
    expect(texts(blue)).toEqual(['to blue', 'hidden field']);
    expect(texts(red)).toEqual(['to red']);
  });
});

describe('WebSocket provider: bad input', () => {
  it('answers malformed JSON, a message without a call, an unknown service or method with an error; the connection stays open', async () => {
    const c = await client();
    c.send('{not json');
    expect((await c.next((m) => m.id === null && (m.error as Json)?.status_code === 400)).error).toMatchObject({
      message: expect.stringMatching(/^Malformed JSON/),
    });
    c.send({ id: 'no-call' });
    expect((await c.next((m) => m.id === 'no-call')).error).toMatchObject({ status_code: 400 });
    expect((await c.call('nothing.create', { data: {} })).error).toMatchObject({
      status_code: 404,
      message: 'No service is mounted at /nothing.',
    });
    expect((await c.call('todos.drop')).error).toMatchObject({
      status_code: 400,
      message: expect.stringContaining('Unknown method "drop"'),
    });
    expect((await c.call('todos', {})).error).toMatchObject({ status_code: 400 });
    expect((await c.call('todos.create', { data: { text: 'still here' } })).result).toMatchObject({ text: 'still here' });
  });

  it('closes a connection that sends a message over the limit (1009); others keep working', async () => {
    const c = await client();
    c.send({ id: 1, call: 'todos.create', data: { text: 'x'.repeat(2000) } });
    expect((await c.closed).code).toBe(1009);
    expect((await (await client()).call('todos.index')).result).toBeInstanceOf(Array);
  });

  it('refuses a flood with 429 errors, then closes it (1008); the server keeps serving', async () => {
    const c = await client();
    for (let i = 0; i < 45; i++) c.send({ id: i, call: 'todos.index', query: { $limit: 0 } });
    const { code, reason } = await c.closed;
    expect(code).toBe(1008);
    expect(reason).toBe('Too many messages.');
    expect(c.messages.filter((m) => (m.error as Json | undefined)?.status_code === 429).length).toBeGreaterThan(0);
    expect((await (await client()).call('todos.index', { query: { $limit: 0 } })).result).toEqual([]);
    expect((await fetch(`${http.uri}/todos?$limit=0`)).status).toBe(200);
  });

  it('answers an upgrade on another path with 404', async () => {
    await expect(openSocket(`${http.uri}/elsewhere`)).rejects.toThrow(/404/);
  });
});

describe('WebSocket provider: shutdown', () => {
  it('AppHttp.close() closes open sockets (1001) instead of waiting for them', async () => {
    const own = new App();
    own.use('/things', new MapService());
    websocket(own);
    const server = new AppHttp(own);
    await server.startServer('127.0.0.1', 0);
    const c = await openSocket(`${server.uri}/ws`);
    await server.close();
    expect((await c.closed).code).toBe(1001);
  });
});

it('websocket(app) registers the provider the Node host looks up, at /ws by default', () => {
  expect(WebSocketProvider.of(app)).toBe(provider);
  expect(provider.path).toBe('/ws');
  expect(WebSocketProvider.of(new App())).toBeUndefined();
});
