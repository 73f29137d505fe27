/**
 * Who may connect, over real sockets (Node AppHttp + ws): the connect hook sees the upgrade's path,
 * query and headers, keeps an identity on `connection.data` (owner-only events follow it) or refuses
 * with 4000 + status; pages of another origin get 403 on the upgrade (exact comparison: an origin
 * that merely starts with the host's name is another origin), and no cookie of a refused connection
 * reaches a service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, AppHttp, HttpException, MapService, websocket } from '../../runtime/node/index.ts';
import type { SocketConnection } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';

type Json = Record<string, unknown>;

const TOKENS: Record<string, string> = { 'token-ann': 'ann', 'token-bob': 'bob' };
/** The cookie header of every call that reached a service, whatever its provider. */
const cookiesSeen: (string | undefined)[] = [];
const connectedAs: { url: string; query: Record<string, string>; userAgent: string | undefined }[] = [];

function makeApp(allowedOrigins?: readonly string[] | '*'): App {
  const app = new App();
  const notes = app.use('/notes', new MapService());
  notes.beforeAll((e) => void cookiesSeen.push((e.params.connection as SocketConnection | undefined)?.headers.cookie));
  websocket(app, {
    ...(allowedOrigins ? { allowedOrigins } : {}),
    connect: async (connection, request) => {
      const user = TOKENS[connection.query.token ?? ''];
      if (!user) throw HttpException.notAuthenticated({ message: 'A valid ?token= is needed.' });
      connectedAs.push({ url: request.url, query: connection.query, userAgent: request.headers['user-agent'] });
      connection.data.user = user;
    },
    // Owner-only events: a note goes to the connection of its owner alone.
    publish: (data, connection) => (data as Json).owner === connection.data.user,
  });
  notes.before('created', (e) => {
    const user = (e.params.connection as SocketConnection | undefined)?.data.user;
    if (user) e.data = { ...e.data, owner: user };
  });
  return app;
}

const servers: AppHttp[] = [];
const sockets: SocketClient[] = [];
let server: AppHttp;
async function start(app: App): Promise<AppHttp> {
  const http = new AppHttp(app);
  await http.startServer('127.0.0.1', 0);
  servers.push(http);
  return http;
}
async function socket(url: string, headers?: Record<string, string>): Promise<SocketClient> {
  const c = await openSocket(url, headers);
  sockets.push(c);
  return c;
}
/** The HTTP status that refused the upgrade (ws reports it as "Unexpected server response: 403"). */
async function refusedStatus(url: string, headers: Record<string, string>): Promise<number> {
  const error = await openSocket(url, headers).then(
    () => new Error('the upgrade was accepted'),
    (e: Error) => e,
  );
  const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
  if (!status) throw error;
  return Number(status);
}

beforeAll(async () => {
  server = await start(makeApp());
});
afterAll(async () => {
  for (const c of sockets) c.close();
  for (const http of servers) await http.close();
});

describe('WebSocket connect hook', () => {
  it('sees the upgrade URL, query and headers, and keeps the identity on connection.data: owner-only events', async () => {
    const ann = await socket(`${server.uri}/ws?token=token-ann&room=7`, { 'user-agent': 'test-ann' });
    const bob = await socket(`${server.uri}/ws?token=token-bob`);
    expect(connectedAs).toContainEqual({
      url: '/ws?token=token-ann&room=7',
      query: { token: 'token-ann', room: '7' },
      userAgent: 'test-ann',
    });
    const annNote = (await ann.call('notes.create', { data: { text: "ann's" } })).result as Json;
    expect(annNote.owner).toBe('ann');
    const bobNote = (await bob.call('notes.create', { data: { text: "bob's" } })).result as Json;
    await ann.next((m) => m.event === 'notes created' && (m.data as Json).id === annNote.id);
    await bob.next((m) => m.event === 'notes created' && (m.data as Json).id === bobNote.id);
    // A change made after both: once it arrived, any leak of the other's note would have too.
    const marker = (await bob.call('notes.create', { data: { text: 'marker' } })).result as Json;
    await bob.next((m) => (m.data as Json | undefined)?.id === marker.id);
    expect(ann.messages.filter((m) => m.event).map((m) => (m.data as Json).owner)).toEqual(['ann']);
    expect(bob.messages.filter((m) => m.event).map((m) => (m.data as Json).owner)).toEqual(['bob', 'bob']);
  });

  it('refuses with 4401 and its reason; a call sent at once never reaches a service, nor does its cookie', async () => {
    const before = cookiesSeen.length;
    const refused = await socket(`${server.uri}/ws?token=forged`, { cookie: 'session=victim' });
    refused.send({ id: 1, call: 'notes.create', data: { text: 'sneaked in' } });
    expect(await refused.closed).toEqual({ code: 4401, reason: 'A valid ?token= is needed.' });
    expect(refused.messages).toEqual([]);
    // A later call that does reach the service: everything sent before it would have arrived first.
    const ann = await socket(`${server.uri}/ws?token=token-ann`);
    await ann.call('notes.index');
    expect(cookiesSeen.slice(before)).toEqual([undefined]);
  });
});

describe('WebSocket origin check', () => {
  it('accepts its own host and clients that send no Origin; refuses other origins with 403, even one that starts with the host', async () => {
    const host = new URL(server.uri).host;
    const url = `${server.uri}/ws?token=token-ann`;
    await socket(url, { origin: `http://${host}` });
    await socket(url);
    const before = cookiesSeen.length;
    for (const origin of [
      'http://evil.example',
      `http://${host}.evil.example`,
      'http://127.0.0.1.evil.example',
      `https://evil.example/${host}`,
      'null',
    ]) {
      expect(await refusedStatus(url, { origin, cookie: 'session=victim' }), origin).toBe(403);
    }
    const ann = await socket(url);
    await ann.call('notes.index');
    expect(cookiesSeen.slice(before)).toEqual([undefined]);
  });

  it('allowedOrigins lists more origins exactly; "*" allows any', async () => {
    const listed = await start(makeApp(['https://app.example.com']));
    const url = `${listed.uri}/ws?token=token-ann`;
    await socket(url, { origin: 'https://app.example.com' });
    await socket(url, { origin: `http://${new URL(listed.uri).host}` });
    expect(await refusedStatus(url, { origin: 'https://app.example.com.evil.example' })).toBe(403);
    expect(await refusedStatus(url, { origin: 'http://app.example.com' })).toBe(403);
    const open = await start(makeApp('*'));
    await socket(`${open.uri}/ws?token=token-ann`, { origin: 'https://anywhere.example' });
  });
});
