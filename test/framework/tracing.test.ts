/**
 * The trace of one request (issue 26): each pipeline case recorded step by step — several matching
 * routes, a `true` return, middleware, hooks changing data and cancelling, a throw into a replaced
 * error handler, a WebSocket call and a GraphQL mutation — with the learner's lines of what ran.
 * Requests go through the real App (app.fetch, the WebSocket provider's own entry), nothing stands in.
 */
import { describe, expect, it } from 'vitest';
import { App, graphql, HttpException, MapService, Middleware, Service, Tracer, websocket } from '../../runtime/framework/index.ts';
import type { Handler, RequestTrace, TraceStep } from '../../runtime/framework/index.ts';

const THIS_FILE = 'tracing.test.ts';

/** The line of this file that called it (what a host's locate finds in a registration stack). */
function here(): number {
  return locate(new Error().stack ?? '', 1)!.line;
}

/** Finds this test file's frame in a stack: this test plays the host that knows which frames are the program's. */
function locate(stack: string, skip = 0): { file: string; line: number; column: number } | undefined {
  const frames = stack.split('\n').filter((line) => line.includes(THIS_FILE));
  const match = /:(\d+):(\d+)\)?$/.exec(frames[skip] ?? '');
  return match ? { file: THIS_FILE, line: Number(match[1]), column: Number(match[2]) } : undefined;
}

async function traced(
  app: App,
  method: string,
  path: string,
  init: RequestInit = {},
): Promise<{ response: Response; trace: RequestTrace }> {
  const tracer = new Tracer(method, path);
  const response = await app.fetch(new Request(`http://localhost${path}`, { method, ...init }), { tracer });
  return { response, trace: tracer.toTrace(locate) };
}

/** Steps as `kind name → outcome`, indented by depth: what the assertions compare. */
function outline(trace: RequestTrace): string[] {
  return trace.steps.map((step) => `${'  '.repeat(step.depth)}${step.kind} ${step.name} → ${step.outcome}`);
}

function find(trace: RequestTrace, kind: TraceStep['kind'], name: string): TraceStep {
  const step = trace.steps.find((s) => s.kind === kind && s.name === name);
  if (!step) throw new Error(`no ${kind} ${name} in\n${outline(trace).join('\n')}`);
  return step;
}

describe('the trace of a request', () => {
  it('is not recorded unless asked: an untraced request has no trace scope', async () => {
    const app = new App();
    let seen: unknown = 'unset';
    app.get('/', (req) => {
      seen = req.trace;
      return 'ok';
    });
    await app.fetch(new Request('http://localhost/'));
    expect(seen).toBeNull();
  });

  it('lists every matching route in order with its params, each handler with its verdict', async () => {
    const app = new App();
    const logAll: Handler = function logAll() {
      return true;
    };
    app.all('*', logAll);
    app.get('/todos/:id', function first() {
      return true;
    });
    app.get('/todos/:id(\\d+)', function second() {
      return { ok: true };
    });
    app.get('/todos/*', function never() {
      return 'unreached';
    });
    const { response, trace } = await traced(app, 'GET', '/todos/7');
    expect(await response.json()).toEqual({ ok: true });
    expect(outline(trace)).toEqual([
      'route ALL /* → done',
      '  handler logAll → continue',
      'route GET /todos/:id → done',
      '  handler first → continue',
      'route GET /todos/:id(\\d+) → stop',
      '  handler second → sent',
      'route GET /todos/* → skipped',
    ]);
    expect(find(trace, 'route', 'GET /todos/:id').detail).toEqual({ params: { id: '7' } });
    expect(trace).toMatchObject({ method: 'GET', path: '/todos/7', status: 200, bytes: 11 });
    for (const step of trace.steps) expect(step.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('marks a true return as continue and an empty return as stop, skipping later routes', async () => {
    const app = new App();
    app.get('/x', function yes() {
      return true;
    });
    app.get('/x', function writes(req, res) {
      res.write('done');
    });
    app.get('/x', function later() {
      return 'never';
    });
    const { response, trace } = await traced(app, 'GET', '/x');
    expect(await response.text()).toBe('done');
    expect(outline(trace)).toEqual([
      'route GET /x → done',
      '  handler yes → continue',
      'route GET /x → stop',
      '  handler writes → stop',
      'route GET /x → skipped',
    ]);
  });

  it('shows middleware before its handler, with the line each was registered on', async () => {
    const app = new App();
    const requireUser: Handler = function requireUser(req) {
      req.serviceParams.user = 'ada';
      return true;
    };
    const chainLine = here() + 1;
    const api = app.chain([requireUser]);
    const routeLine = here() + 1;
    api.get('/me', (req) => ({ user: req.serviceParams.user }));
    const { trace } = await traced(app, 'GET', '/me');
    expect(outline(trace)).toEqual(['route GET /me → stop', '  middleware requireUser → continue', '  handler handler → sent']);
    expect(find(trace, 'middleware', 'requireUser').at).toMatchObject({ file: THIS_FILE, line: chainLine });
    expect(find(trace, 'handler', 'handler').at).toMatchObject({ file: THIS_FILE, line: routeLine });
  });

  it('records a service call with its path, id, via and query, its middleware, body parse, hooks and method', async () => {
    const app = new App();
    const requireUser: Handler = function requireUser() {
      return true;
    };
    class Todos extends MapService {}
    // The decorator form `@Middleware([...])` is this call; vitest's transform does not lower decorators.
    const decoratorLine = here() + 1;
    Middleware([requireUser])(Todos, {} as ClassDecoratorContext);
    const todos = app.use('/todos', new Todos());
    const beforeLine = here() + 1;
    todos.before('created', (e) => {
      (e.data as Record<string, unknown>).stamped = true;
    });
    todos.after('created', function looksOnly() {});
    const { response, trace } = await traced(app, 'POST', '/todos?tag=a', {
      body: JSON.stringify({ title: 'Write' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(outline(trace)).toEqual([
      'route POST /todos → stop',
      '  middleware requireUser → continue',
      '  handler handler → stop',
      '    body parseBody → done',
      '    service todos.create → done',
      '      hook before created → changed',
      '      method create → done',
      '      hook after created → done',
    ]);
    expect(find(trace, 'middleware', 'requireUser').at?.line).toBe(decoratorLine);
    expect(find(trace, 'body', 'parseBody').detail).toEqual({ type: 'application/json', bytes: 17 });
    expect(find(trace, 'service', 'todos.create').detail).toEqual({ via: 'rest', query: { tag: 'a' } });
    const hook = find(trace, 'hook', 'before created');
    expect(hook.detail).toEqual({ changed: ['data'] });
    expect(hook.at?.line).toBe(beforeLine);
    expect(find(trace, 'hook', 'after created').detail).toEqual({ listener: 'looksOnly' });
  });

  it('shows a before-hook that cancelled the call, and the method it skipped', async () => {
    const app = new App();
    const todos = app.use('/todos', new MapService());
    todos.before('read', function fromCache(e) {
      e.cancel({ id: '1', cached: true });
    });
    todos.before('read', function neverRuns() {});
    const { response, trace } = await traced(app, 'GET', '/todos/1');
    expect(await response.json()).toEqual({ id: '1', cached: true });
    expect(outline(trace).slice(2)).toEqual([
      '    service todos.read → done',
      '      hook before read → cancelled',
      '      method read → skipped',
    ]);
    expect(find(trace, 'service', 'todos.read').detail).toEqual({ id: '1', via: 'rest', query: {} });
    expect(find(trace, 'hook', 'before read').detail).toEqual({ listener: 'fromCache' });
  });

  it('marks where a handler threw and the replaced error handler that answered, with its line', async () => {
    const app = new App();
    const throwLine = here() + 2;
    app.get('/boom', function explode() {
      throw HttpException.conflict({ message: 'Taken' });
    });
    const fallbackLine = here() + 1;
    app.errorHandler = function customPage(e, req, res) {
      res.write(`sorry: ${e.message}`);
    };
    const { response, trace } = await traced(app, 'GET', '/boom');
    expect(await response.text()).toBe('sorry: Taken');
    expect(outline(trace)).toEqual(['route GET /boom → threw', '  handler explode → threw', 'error-handler customPage → done']);
    expect(find(trace, 'handler', 'explode').error).toEqual({ message: 'Taken', at: expect.objectContaining({ line: throwLine }) });
    const handler = find(trace, 'error-handler', 'customPage');
    expect(handler.at?.line).toBe(fallbackLine);
    expect(handler.detail).toEqual({ status: 409, message: 'Taken' });
    expect(trace.status).toBe(409);
  });

  it('names the default error handler when the program kept it, and a throwing hook', async () => {
    const app = new App();
    app.use('/todos', new MapService()).before('created', () => {
      throw new Error('no more todos');
    });
    const { response, trace } = await traced(app, 'POST', '/todos', { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(500);
    expect(find(trace, 'hook', 'before created')).toMatchObject({ outcome: 'threw', error: { message: 'no more todos' } });
    expect(find(trace, 'service', 'todos.create').outcome).toBe('threw');
    expect(find(trace, 'error-handler', 'default error handler').at).toBeUndefined();
  });

  it('traces a body that does not parse', async () => {
    const app = new App();
    app.post('/in', async (req) => {
      await req.parseBody();
      return req.bodyAsObject;
    });
    const { response, trace } = await traced(app, 'POST', '/in', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(find(trace, 'body', 'parseBody')).toMatchObject({ outcome: 'threw', detail: { type: 'application/json', bytes: 5 } });
  });

  it('traces a WebSocket call: the route, middleware and service it ran, via websocket', async () => {
    const app = new App();
    const requireUser: Handler = function requireUser() {
      return true;
    };
    app.chain([requireUser]).use('/todos', new MapService());
    const provider = websocket(app);
    app.freeze();
    const sent: string[] = [];
    const session = provider.connect({ send: (text) => sent.push(text), close: () => {} });
    const tracer = new Tracer('WS', '/ws');
    await session.receive(JSON.stringify({ id: 1, call: 'todos.create', data: { title: 'Call' } }), tracer);
    // The change event goes out first (the call's after-hooks are done), then the reply.
    expect(sent.map((text) => JSON.parse(text) as unknown)).toContainEqual(
      expect.objectContaining({ id: 1, result: expect.objectContaining({ title: 'Call' }) }),
    );
    const trace = tracer.toTrace(locate);
    // No body step: the call's data was decoded with the message, so parseBody() had nothing left to read.
    expect(outline(trace)).toEqual([
      'route POST /todos → stop',
      '  middleware requireUser → continue',
      '  handler handler → stop',
      '    service todos.create → done',
      '      method create → done',
    ]);
    expect(find(trace, 'service', 'todos.create').detail).toMatchObject({ via: 'websocket' });
    expect(trace.status).toBe(200);
  });

  it('traces a GraphQL mutation: the HTTP request, then each service call inside its handler', async () => {
    const app = new App();
    app.use('/todos', new MapService()).before('created', function addDone(e) {
      (e.data as Record<string, unknown>).done = false;
    });
    graphql(app);
    const { response, trace } = await traced(app, 'POST', '/graphql', {
      body: JSON.stringify({ query: 'mutation { todosCreate(data: { title: "Q" }) }' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await response.json()).toMatchObject({ data: { todosCreate: { title: 'Q', done: false } } });
    expect(outline(trace)).toEqual([
      'route POST /graphql → stop',
      '  handler graphql → stop',
      '    body parseBody → done',
      '    route POST /todos → stop',
      '      handler handler → stop',
      '        body parseBody → done',
      '        service todos.create → done',
      '          hook before created → changed',
      '          method create → done',
    ]);
    expect(find(trace, 'service', 'todos.create').detail).toMatchObject({ via: 'graphql' });
  });

  it('gives a service its own routes with their lines, under its mount path', async () => {
    const app = new App();
    let ownLine = 0;
    class Counter extends Service {
      constructor() {
        super();
        ownLine = here() + 1;
        this.get('/count', function count() {
          return { count: 1 };
        });
      }
    }
    app.use('/counter', new Counter());
    const { trace } = await traced(app, 'GET', '/counter/count');
    // The REST route `GET /:id` matches too, after the service's own route, which stopped before it.
    expect(outline(trace)).toEqual(['route GET /counter/count → stop', '  handler count → sent', 'route GET /counter/:id → skipped']);
    expect(find(trace, 'handler', 'count').at?.line).toBe(ownLine);
  });
});
