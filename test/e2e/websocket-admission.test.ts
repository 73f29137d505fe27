/**
 * Who reaches a learner's program over WebSocket in the playground, in real Chromium through the real msw
 * bridge and sandboxed server worker. The request panel's connection is the learner's own client: the
 * program's connect hook sees its path, query and headers (Origin: the program's own, see
 * runtime/server-worker/host/upgrade-headers.ts), a refusal shows in the panel's log with its close code and
 * reason, and the identity the hook keeps reaches service calls. A page of another origin in the same browser,
 * and the sandboxed preview of an HTML page the program serves, open the same socket and reach nothing: the
 * hook's record stays without them and no service call of theirs runs, while the same script run in the
 * playground page does reach the program (so the record would show them).
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, WAIT } from './harness/wait.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

const ORIGIN = 'http://localhost:3000';

/** A script that opens a socket to the program as `user` and tries a call; it keeps what happened on `window.__attempt`. */
const attempt = (user: string): string => `(() => {
  const state = { status: 'connecting', replies: [] };
  window.__attempt = state;
  const socket = new WebSocket('ws://localhost:3000/ws?user=${user}');
  socket.onopen = () => {
    state.status = 'open';
    socket.send(JSON.stringify({ id: 1, call: 'notes.create', data: { text: 'from ${user}' } }));
  };
  socket.onmessage = (event) => state.replies.push(String(event.data));
  socket.onclose = (event) => { state.status = 'closed ' + event.code; };
})();`;

/** The page the program serves at /page: shown in the response panel's sandboxed preview. */
const PROGRAM_PAGE = `<h1>Program page</h1><script>${attempt('preview')}</script>`;
/** The page of the other origin. */
const OTHER_PAGE = `<!doctype html><title>another site</title><script>${attempt('mallory')}</script>`;

const PROGRAM = [
  "import { App, AppHttp, HttpException, MapService, websocket } from 'halo';",
  "import type { SocketConnection } from 'halo';",
  'const app = new App();',
  '// What the connect hook saw, and the user of every service call made over a socket.',
  'const seen = { connects: [] as { url: string; origin: string | null; host: string | null }[], calls: [] as unknown[] };',
  "const notes = app.use('/notes', new MapService());",
  'const connectionOf = (params: Record<string, unknown>) => params.connection as SocketConnection | undefined;',
  'notes.beforeAll((e) => { const c = connectionOf(e.params); if (c) seen.calls.push(c.data.user); });',
  "notes.before('created', (e) => { const c = connectionOf(e.params); if (c) e.data = { ...e.data, owner: c.data.user }; });",
  "app.get('/seen', () => seen);",
  `app.get('/page', (req, res) => { res.headers['content-type'] = 'text/html; charset=utf-8'; res.write(${JSON.stringify(PROGRAM_PAGE)}); });`,
  'websocket(app, {',
  '  connect: (connection, request) => {',
  '    seen.connects.push({ url: connection.url, origin: request.headers.origin ?? null, host: request.headers.host ?? null });',
  "    if (!connection.query.user) throw HttpException.notAuthenticated({ message: 'Who are you?' });",
  '    connection.data.user = connection.query.user;',
  '  },',
  '});',
  "await new AppHttp(app).startServer('localhost', 3000);",
].join('\n');

interface Seen {
  connects: { url: string; origin: string | null; host: string | null }[];
  calls: unknown[];
}

interface Attempt {
  status: string;
  replies: string[];
}

declare global {
  interface Window {
    __attempt: Attempt;
  }
}

let session: PlaygroundSession;
let page: Page;
let other: Server;
let otherUrl: string;

const connection = (name: string) => page.getByRole('region', { name: `Connection ${name}` });
const log = (name: string) => page.getByRole('list', { name: `Log of ${name}` });

async function seen(): Promise<Seen> {
  const response = await session.fetch(`${ORIGIN}/seen`);
  expect(response.status).toBe(200);
  return JSON.parse(response.body) as Seen;
}

/**
 * Runs attempt(user) in the playground page and waits for the program's reply. Also a barrier: page sockets
 * reach the server worker in the order they were opened, so any socket opened before this one has been
 * admitted or refused by the time this one is answered.
 */
async function attemptFromPlayground(user: string): Promise<void> {
  await page.evaluate(attempt(user));
  // The call's event may come before its reply.
  const isReply = (text: string): boolean => (JSON.parse(text) as { id?: unknown }).id === 1;
  await page.waitForFunction(
    () => window.__attempt.replies.some((text) => (JSON.parse(text) as { id?: unknown }).id === 1),
    undefined,
    WAIT,
  );
  const reply = (await page.evaluate(() => window.__attempt.replies)).find(isReply) as string;
  expect(JSON.parse(reply)).toMatchObject({ id: 1, result: { text: `from ${user}`, owner: user } });
}

beforeAll(async () => {
  other = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(OTHER_PAGE));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}/`;
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  const example = await waitForProgram(page);
  await replaceCode(page, PROGRAM, 'websocket(app');
  await waitForProgram(page, example);
});
afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => other?.close(resolve));
});

describe('WebSocket admission in the playground', { timeout: 120_000 }, () => {
  test('the panel: the hook sees path, query, host and the program’s own Origin; a refusal is logged with code and reason; the identity reaches calls', async () => {
    await page.getByRole('radio', { name: 'WebSocket' }).check();
    await page.getByLabel('WebSocket path').fill('/ws');
    await connection('A').getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => log('A').textContent(), WAIT).toContain('Closed: 4401 Who are you?');
    expect(await log('A').locator('li[data-kind=error]').last().textContent()).toContain('Closed: 4401 Who are you?');
    expect(await page.getByLabel('Connection A status').textContent()).toBe('closed');

    await page.getByLabel('WebSocket path').fill('/ws?user=alice');
    await connection('A').getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByLabel('Connection A status').textContent(), WAIT).toBe('open');
    await page.getByLabel('Message for A').fill('{"id":1,"call":"notes.create","data":{"text":"mine"}}');
    await connection('A').getByRole('button', { name: 'Send on A' }).click();
    await expect.poll(() => log('A').textContent(), WAIT).toContain('"id":1,"result"');
    expect(await log('A').textContent()).toContain('"owner":"alice"');

    expect(await seen()).toEqual({
      connects: [
        { url: '/ws', origin: ORIGIN, host: 'localhost:3000' },
        { url: '/ws?user=alice', origin: ORIGIN, host: 'localhost:3000' },
      ],
      calls: ['alice'],
    });
  });

  test('a page of another origin in the same browser opens the same socket and reaches nothing', async () => {
    const stranger = await session.context.newPage();
    try {
      await stranger.goto(otherUrl);
      // Nothing listens on localhost:3000 outside the playground: the socket fails (or a real server there answers).
      await stranger.waitForFunction(() => window.__attempt.status !== 'connecting', undefined, WAIT);
      expect(await stranger.evaluate(() => window.__attempt.replies)).toEqual([]);
    } finally {
      await stranger.close();
    }
    await attemptFromPlayground('control');
    const { connects, calls } = await seen();
    expect(connects.map((c) => c.url)).toEqual(['/ws', '/ws?user=alice', '/ws?user=control']);
    expect(calls).toEqual(['alice', 'control']);
  });

  test('the sandboxed preview of a page the program serves runs no script and reaches nothing', async () => {
    await page.getByRole('radio', { name: 'HTTP' }).check();
    await page.getByLabel('Method').selectOption('GET');
    await page.getByLabel('Path and query').fill('/page');
    expect((await send(page)).status).toContain('200');
    const preview = page.frameLocator('iframe[title="HTML preview"]');
    await expect.poll(() => preview.getByRole('heading', { name: 'Program page' }).count(), ANSWER).toBe(1);
    await attemptFromPlayground('control2');
    const { connects, calls } = await seen();
    expect(connects.map((c) => c.url)).toEqual(['/ws', '/ws?user=alice', '/ws?user=control', '/ws?user=control2']);
    expect(calls).toEqual(['alice', 'control', 'control2']);
  });
});
