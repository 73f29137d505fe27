/**
 * Spec rule 6: a service is routable. Routes it adds in its constructor (`this.get('/count', …)`)
 * are served under its mount path, behind its class middleware, before the REST routes; over both hosts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { App, MemoryService, Middleware } from '../../runtime/framework/index.ts';
import type { Handler } from '../../runtime/framework/index.ts';
import { transports } from '../support/transports.ts';

type Todo = Record<string, unknown>;

const trace =
  (label: string): Handler =>
  (req) => {
    req.serviceParams.trace = [...((req.serviceParams.trace as string[] | undefined) ?? []), label];
    return true;
  };

/** Refuses requests without `x-key: open`: class middleware that can end a request. */
const requireKey: Handler = (req, res) => {
  if (req.header('x-key') === 'open') return true;
  res.statusCode = 401;
  res.json({ refused: true });
  return false;
};

class CountedTodos extends MemoryService<Todo> {
  constructor() {
    super();
    this.get('/count', async (req) => ({ count: ((await this.index()) as Todo[]).length, trace: req.serviceParams.trace }));
    this.post('/bulk', async (req) => {
      await req.parseBody();
      const created = await Promise.all(req.bodyAsList.map((title) => this.create({ title } as Todo)));
      return { created: created.length, trace: req.serviceParams.trace };
    });
  }
}
// The decorator form `@Middleware([...])` is this call; vitest's transform does not lower decorators.
Middleware([requireKey, trace('class')])(CountedTodos, {} as ClassDecoratorContext);

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe.each(transports)('a service with its own routes, via $name', (transport) => {
  async function start() {
    const app = new App();
    app.use('/todos', new CountedTodos());
    const host = await transport.start(app);
    stops.push(host.stop);
    const headers = { 'x-key': 'open', 'content-type': 'application/json' };
    return { send: host.send, headers };
  }

  it('serves this.get and this.post under the mount path, after the class middleware', async () => {
    const { send, headers } = await start();
    const posted = await send('/todos/bulk', { method: 'POST', headers, body: JSON.stringify(['a', 'b', 'c']) });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({ created: 3, trace: ['class'] });
    const counted = await send('/todos/count', { headers });
    expect(counted.status).toBe(200);
    expect(await counted.json()).toEqual({ count: 3, trace: ['class'] });
  });

  it('runs the class middleware before its own routes: it can refuse them', async () => {
    const { send } = await start();
    const refused = await send('/todos/count');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ refused: true });
  });

  it('its own routes come before the REST routes, which still serve the rest', async () => {
    const { send, headers } = await start();
    // `/todos/count` would otherwise be read('count'); `POST /todos/bulk` update('bulk').
    expect((await send('/todos/count', { headers })).status).toBe(200);
    const created = await send('/todos', { method: 'POST', headers, body: JSON.stringify({ title: 'x' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await send(`/todos/${id}`, { headers })).json()).toMatchObject({ title: 'x' });
  });
});
