/**
 * `HALO_TRACE` on Node (issue 26), over real sockets to a program in its own process: `1` prints a
 * compact trace per request and per WebSocket call, `timing` sends Server-Timing, `header` answers
 * `x-halo-trace` with the trace (the program never sees that header), and unset changes nothing.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { decodeTraceHeader, TRACE_HEADER } from '../../runtime/framework/index.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { runTsFile } from '../support/run-program.ts';

const tracedApp = resolve('test/node/fixtures/traced-app.ts');
let program: RunningProgram | null = null;

afterEach(async () => {
  await program?.interrupt('SIGKILL');
  program = null;
});

const createTodo = (origin: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/todos`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"title":"Trace"}' });

describe('HALO_TRACE on Node', () => {
  it('1 prints one indented line per step of each request, with the program lines', async () => {
    program = await runTsFile(tracedApp, { HALO_TRACE: '1' });
    expect((await createTodo(program.origin)).status).toBe(201);
    await program.waitForOutput('[halo] POST /todos → 201');
    const output = program.output();
    const block = output.slice(output.indexOf('[halo] POST /todos')).split('\n').slice(0, 8);
    expect(block.map((line) => line.replace(/ {2}[\d.]+ ms$/, ''))).toEqual([
      expect.stringMatching(/^\[halo\] POST \/todos → 201, \d+ B, [\d.]+ ms$/),
      '  route POST /todos → stop',
      '    middleware requireUser → continue (test/node/fixtures/traced-app.ts:15)',
      '    handler handler → stop (test/node/fixtures/traced-app.ts:16)',
      '      body parseBody type="application/json" bytes=17',
      '      service todos.create via="rest" query={}',
      '        hook before created → changed listener="stamp" changed=["data"] (test/node/fixtures/traced-app.ts:17)',
      '        method create',
    ]);
  });

  it('1 prints the trace of a WebSocket call', async () => {
    program = await runTsFile(tracedApp, { HALO_TRACE: '1' });
    const socket = new WebSocket(program.origin.replace('http', 'ws') + '/ws');
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    // The change event of the call comes first; the reply is the message with the call's id.
    const reply = new Promise<string>((done) =>
      socket.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('{"id":1,')) done(text);
      }),
    );
    socket.send(JSON.stringify({ id: 1, call: 'todos.create', data: { title: 'Socket' } }));
    expect(JSON.parse(await reply)).toMatchObject({ id: 1, result: { title: 'Socket', stamped: true } });
    socket.close();
    await program.waitForOutput('[halo] WS /ws → 200');
    expect(program.output()).toMatch(/\[halo\] WS \/ws → 200.*\n {2}route POST \/todos → stop/);
    expect(program.output()).toContain('service todos.create via="websocket"');
  });

  it('timing sends a Server-Timing header with a duration per step, and prints nothing', async () => {
    program = await runTsFile(tracedApp, { HALO_TRACE: 'timing' });
    const response = await createTodo(program.origin);
    const timing = response.headers.get('server-timing') ?? '';
    expect(timing).toMatch(/^1-route;dur=[\d.]+;desc="POST \/todos", 2-middleware;dur=[\d.]+;desc="requireUser", /);
    expect(timing).toMatch(/6-hook;dur=[\d.]+;desc="before created", 7-method;dur=[\d.]+;desc="create", total;dur=[\d.]+$/);
    expect(program.output()).not.toContain('[halo] POST');
  });

  it('header answers a request that asks with its trace, hidden from the program; others get none', async () => {
    program = await runTsFile(tracedApp, { HALO_TRACE: 'header' });
    const asked = await fetch(`${program.origin}/headers`, { headers: { [TRACE_HEADER]: '1' } });
    const seen = (await asked.json()) as { names: string[]; traceHeader: string | null };
    expect(seen.names).not.toContain(TRACE_HEADER);
    expect(seen.traceHeader).toBeNull();
    const trace = decodeTraceHeader(asked.headers.get(TRACE_HEADER) ?? '');
    expect(trace).toMatchObject({ method: 'GET', path: '/headers', status: 200 });
    expect(trace?.steps.map((step) => `${step.kind} ${step.name}`)).toEqual(['route GET /headers', 'handler handler']);
    expect(trace?.steps[1].at).toMatchObject({ file: 'test/node/fixtures/traced-app.ts', line: 13 });
    const plain = await createTodo(program.origin);
    expect(plain.headers.get(TRACE_HEADER)).toBeNull();
    expect(plain.headers.get('server-timing')).toBeNull();
  });

  it('unset: no trace header even when asked, and the program sees the header', async () => {
    program = await runTsFile(tracedApp);
    const asked = await fetch(`${program.origin}/headers`, { headers: { [TRACE_HEADER]: '1' } });
    expect(await asked.json()).toEqual({ names: expect.arrayContaining([TRACE_HEADER]), traceHeader: '1' });
    expect(asked.headers.get(TRACE_HEADER)).toBeNull();
  });
});
