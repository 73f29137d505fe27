/**
 * runChecks' WebSocket steps over real sockets (Node AppHttp + the WebSocket provider, the `ws` client):
 * connections by name within a check, events from another connection or from REST, captures, and the
 * failures a learner reads when no endpoint answers or the expected message never comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { App, AppHttp, MapService, websocket } from '../../runtime/node/index.ts';
import { defineChecks } from '../../runtime/course/format/check-format.ts';
import type { WebSocketClass } from '../../runtime/course/checks/check-socket.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';

const app = new App();
app.use('/notes', new MapService());
websocket(app);
const http = new AppHttp(app);
const bare = new AppHttp(new App());
const options = () => ({ origin: http.uri, fetch, WebSocket: WebSocket as unknown as WebSocketClass, timeoutMs: 3000 });

beforeAll(async () => {
  await http.startServer('127.0.0.1', 0);
  await bare.startServer('127.0.0.1', 0);
});
afterAll(async () => {
  await http.close();
  await bare.close();
});

describe('runChecks: WebSocket steps', () => {
  it('opens named connections, waits for matching messages (skipping others) and captures from them', async () => {
    const [result] = await runChecks(
      defineChecks([
        {
          title: 'events',
          steps: [
            { socket: 'b' },
            { socket: 'a', send: { id: 7, call: 'notes.create', data: { text: 'x' } }, expect: { id: 7 }, capture: { id: 'result.id' } },
            { request: { method: 'PATCH', path: '/notes/{{id}}', body: { done: true } }, expect: { status: 200 } },
            // The "created" event comes first and is skipped.
            { socket: 'b', expect: { event: 'notes modified', data: { id: '{{id}}', done: true } } },
          ],
        },
      ]),
      options(),
    );
    expect(result.steps.flatMap((s) => s.failures)).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.steps[1].request).toMatchObject({ method: 'WS', path: '/ws (a)', body: { id: 7 } });
    expect(JSON.parse(result.steps[3].actual.body)).toMatchObject({ event: 'notes modified' });
  });

  it('says when the program has no WebSocket endpoint', async () => {
    const [result] = await runChecks(defineChecks([{ title: 'none', steps: [{ socket: 'a', send: { id: 1, call: 'notes.index' } }] }]), { ...options(), origin: bare.uri });
    expect(result.passed).toBe(false);
    expect(result.steps[0].failures[0]).toMatch(/^Could not connect to ws:\/\/127\.0\.0\.1:\d+\/ws: .*Does the program call websocket\(app\)\?$/);
  });

  it('lists what came when the expected message does not', async () => {
    const [result] = await runChecks(
      defineChecks([{ title: 'late', steps: [{ socket: 'a', send: { id: 1, call: 'notes.index' }, expect: { event: 'notes created' } }] }]),
      { ...options(), timeoutMs: 500 },
    );
    expect(result.passed).toBe(false);
    expect(result.steps[0].failures[0]).toMatch(/^Expected a message on "a" matching .* but none came in time\. Received: \{"id":1,"result":\[/);
  });

  it('fails at once when the reply to its call came and does not match (no wait for the timeout)', async () => {
    const started = Date.now();
    const [wrong, error] = await runChecks(
      defineChecks([
        { title: 'wrong', steps: [{ socket: 'a', send: { id: 1, call: 'notes.index' }, expect: { id: 1, result: [{ text: 'never' }] } }] },
        { title: 'error', steps: [{ socket: 'a', send: { id: 2, call: 'nothing.index' }, expect: { id: 2, result: [] } }] },
      ]),
      { ...options(), timeoutMs: 60_000 },
    );
    // Two steps that would each wait a minute for a message that cannot come.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(wrong.steps[0].failures).toEqual([expect.stringMatching(/^Expected a message on "a" matching .* but the reply to this call came and does not match: \{"id":1,"result":\[/)]);
    expect(error.steps[0].failures).toEqual([expect.stringMatching(/but the reply to this call came and does not match: \{"id":2,"error":/)]);
  });

  it('checks fields of a matching message by their kind', async () => {
    const [result] = await runChecks(
      defineChecks([
        {
          title: 'kinds',
          steps: [
            { socket: 'a', send: { id: 1, call: 'notes.create', data: { text: 'x' } }, expect: { id: 1 }, kinds: { 'result.id': { type: 'text' } }, capture: { id: 'result.id' } },
            { socket: 'a', send: { id: 2, call: 'notes.read', record: '{{id}}' }, expect: { id: 2 }, kinds: { 'result.id': { type: 'equals', capture: 'id' }, 'result.text': { type: 'uuid' } } },
          ],
        },
      ]),
      options(),
    );
    expect(result.steps.map((s) => s.failures)).toEqual([[], ['Expected message.result.text to be a UUID, but it is "x".']]);
  });
});
