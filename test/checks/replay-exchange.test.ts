/**
 * Stable recorded checks (runtime/course/checks/replay-exchange.ts): a real program on Node (a child process, real
 * sockets) answers with counted ids, timestamps and random tokens. A check recorded as is fails the next
 * time; replaying the exchange on a fresh start finds those fields, and the check recorded without them
 * (captured instead) passes run after run and after restarts, over REST, GraphQL and WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { serveProgram, type RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import type { WebSocketClass } from '../../runtime/course/checks/check-socket.ts';
import type { Check, CheckRequest, JsonValue } from '../../runtime/course/format/check-format.ts';
import { defaultChoices, recordCheck, type Exchange, type HttpExchange } from '../../runtime/course/checks/record-check.ts';
import { replayExchange } from '../../runtime/course/checks/replay-exchange.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';

let program: RunningProgram;
const options = () => ({
  origin: program.origin,
  fetch,
  WebSocket: WebSocket as unknown as WebSocketClass,
  timeoutMs: 10_000,
  restart: program.restart,
});

beforeAll(async () => {
  program = await serveProgram(join(import.meta.dirname, 'fixtures/todos-program.ts'), 60_000);
}, 90_000);
afterAll(async () => {
  await program?.stop();
});

async function exchange(request: CheckRequest): Promise<HttpExchange> {
  const { url, method, headers, body } = encodeRequest(requestOfCheck(request), program.origin);
  const response = await fetch(url, { method, headers, body });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  return { kind: 'http', request, response: { status: response.status, headers: responseHeaders, body: await response.text() } };
}

/** Three fresh starts of the program, as the maker replays on. */
const replayOptions = () => ({ ...options(), starts: [1, 2, 3].map(() => ({ start: program.restart })) });

/** Runs `check` three times on the running program, then once after a restart: every run must pass. */
async function passesAgainAndAgain(check: Check): Promise<void> {
  for (let run = 0; run < 4; run++) {
    if (run === 3) await program.restart();
    const [result] = await runChecks([check], options());
    expect(
      result.steps.flatMap((s) => s.failures),
      `run ${run + 1}`,
    ).toEqual([]);
  }
}

/** The stable check of an exchange: replayed, its unstable fields left out; also returns what the replay found. */
async function stableCheck(recorded: Exchange) {
  const replay = await replayExchange(recorded, replayOptions());
  return { replay, check: recordCheck(recorded, { ...defaultChoices(recorded), unstable: replay.unstable }) };
}

/** A message on a connection, after the connection opened. */
function connect(): Promise<{ socket: WebSocket; next: () => Promise<JsonValue> }> {
  const socket = new WebSocket(`${program.origin.replace(/^http/, 'ws')}/ws`);
  const queue: JsonValue[] = [];
  let wake: (() => void) | null = null;
  socket.on('message', (data: Buffer) => {
    queue.push(JSON.parse(data.toString()) as JsonValue);
    wake?.();
  });
  const next = async (): Promise<JsonValue> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next }));
    socket.once('error', reject);
  });
}

describe('replaying an exchange on a fresh start', () => {
  it('finds the counted id and the timestamps of a REST create; without them the check passes every time', async () => {
    await exchange({ method: 'POST', path: '/todos', body: { text: 'warm-up' } });
    const recorded = await exchange({ method: 'POST', path: '/todos', body: { text: 'Write the exercise' } });
    expect(JSON.parse(recorded.response.body)).toMatchObject({ id: '1', text: 'Write the exercise' });
    // Recorded as is, the check fails on its next run: the id counts on.
    const [naive] = await runChecks([recordCheck(recorded)], options());
    expect(naive.passed).toBe(false);

    const { replay, check } = await stableCheck(recorded);
    expect(replay.warnings).toEqual([]);
    const reasons = Object.fromEntries(replay.unstable.map((u) => [u.path, u.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['created_at', 'id', 'updated_at']);
    expect(reasons.id).toMatch(/^changed between runs: "1" when recorded, "0" in replay 1$/);
    expect(reasons.created_at).toMatch(/^changed between runs: /);
    expect(check).toMatchObject({
      expect: { status: 201, headers: { 'content-type': 'application/json' }, json: { text: 'Write the exercise' } },
      capture: { id: 'id', created_at: 'created_at', updated_at: 'updated_at' },
    });
    await passesAgainAndAgain(check);
  }, 120_000);

  it('finds a random token that neither counts nor looks like a date', async () => {
    const recorded = await exchange({ method: 'GET', path: '/token' });
    const { replay, check } = await stableCheck(recorded);
    expect(replay.unstable.map((u) => u.path)).toEqual(['token']);
    expect(check).toMatchObject({ expect: { json: { kind: 'session' } }, capture: { token: 'token' } });
    await passesAgainAndAgain(check);
  }, 120_000);

  it('does the same for a GraphQL mutation', async () => {
    const recorded = await exchange({
      method: 'POST',
      path: '/graphql',
      body: { query: 'mutation ($todo: JSON!) { todosCreate(data: $todo) }', variables: { todo: { text: 'Over GraphQL' } } },
    });
    const { replay, check } = await stableCheck(recorded);
    expect(replay.unstable.map((u) => u.path).sort()).toEqual([
      'data.todosCreate.created_at',
      'data.todosCreate.id',
      'data.todosCreate.updated_at',
    ]);
    expect(check).toMatchObject({ expect: { status: 200, json: { data: { todosCreate: { text: 'Over GraphQL' } } } } });
    await passesAgainAndAgain(check);
  }, 120_000);

  it('does the same for a WebSocket event heard on another connection', async () => {
    const a = await connect();
    const b = await connect();
    const sent = { id: 5, call: 'todos.create', data: { text: 'Over WebSocket' } };
    a.socket.send(JSON.stringify(sent));
    const event = await b.next();
    a.socket.close();
    b.socket.close();
    const recorded: Exchange = {
      kind: 'socket',
      path: '/ws',
      sent: { socket: 'a', message: sent },
      received: { socket: 'b', message: event },
    };
    const { replay, check } = await stableCheck(recorded);
    expect(replay.warnings).toEqual([]);
    expect(replay.unstable.map((u) => u.path).sort()).toEqual(['data.created_at', 'data.id', 'data.updated_at']);
    expect(check).toMatchObject({
      steps: [
        { socket: 'b' },
        { socket: 'a', send: sent },
        { socket: 'b', expect: { event: 'todos created', data: { text: 'Over WebSocket' } } },
      ],
    });
    await passesAgainAndAgain(check);
  }, 120_000);

  it('warns when the request depends on earlier ones: on a fresh start it answers another status', async () => {
    await exchange({ method: 'POST', path: '/todos', body: { text: 'one' } });
    const recorded = await exchange({ method: 'GET', path: '/todos/0' });
    expect(recorded.response.status).toBe(200);
    const replay = await replayExchange(recorded, replayOptions());
    expect(replay.warnings).toEqual([
      expect.stringMatching(
        /^Sent again after a restart \(replay 1\), it answered 404 instead of 200: it depends on requests sent before it\./,
      ),
    ]);
  }, 120_000);
});
