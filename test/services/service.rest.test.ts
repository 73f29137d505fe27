import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymousService, App, HttpException, MapService, MemoryService, Providers, Service } from '../../runtime/framework/index.ts';
import type { ServiceEventName, ServiceParams } from '../../runtime/framework/index.ts';
import { serveApp } from '../support/serve-app.ts';
import type { ServedApp } from '../support/serve-app.ts';

type Json = Record<string, unknown>;

let server: ServedApp;
const app = new App();
const fired: string[] = [];

const hooked = app.use('/hooked', new MapService());
hooked.beforeAll((e) => void fired.push(`before ${e.eventName}`));
hooked.afterAll((e) => void fired.push(`after ${e.eventName}`));
hooked.before('created', async (e) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  if (e.data?.secret) e.cancel({ cancelled: true });
  else e.data = { ...e.data, stamped: e.request?.header('x-stamp') ?? 'server' };
});
hooked.before('modified', (e) => {
  e.params.query = {};
  e.data = { ...e.data, touched: true };
});
hooked.after('indexed', (e) => {
  e.result = { count: (e.result as Json[]).length };
});
hooked.before('removed', (e) => {
  if (e.id === 'protected') throw HttpException.forbidden({ message: 'This one stays.' });
});
hooked.after('read', (e) => {
  if (e.id === 'teapot') {
    e.response!.statusCode = 418;
    e.response!.write('short and stout');
    e.response!.close();
  }
});

app.use('/bare', new Service());

// Custom params: middleware writes req.serviceParams; the service echoes the params it got.
const echo = new AnonymousService<string, Json>({
  index: (params?: ServiceParams) => [{ via: params?.provider?.via ?? null, query: params?.query ?? null, user: params?.user ?? null }],
  read: (id) => ({ id }),
});
app.chain([(req) => ((req.serviceParams.user = req.header('x-user') ?? 'anonymous'), true)]).use('/echo', echo);

app.use('/people', new MemoryService());

beforeAll(async () => {
  server = await serveApp(app);
});
afterAll(() => server.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(server.uri + path, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json: json as Json & Json[], text };
}

describe('a bare Service over HTTP', () => {
  it.each([
    ['GET', '/bare'],
    ['POST', '/bare'],
    ['GET', '/bare/1'],
    ['PATCH', '/bare/1'],
    ['POST', '/bare/1'],
    ['PUT', '/bare/1'],
    ['DELETE', '/bare/1'],
    ['DELETE', '/bare'],
  ])('%s %s is 405', async (method, path) => {
    const response = await call(method, path, method === 'POST' || method === 'PATCH' || method === 'PUT' ? {} : undefined);
    expect(response.status).toBe(405);
    expect(response.json.message).toBe('405 Method Not Allowed');
  });
});

describe('hooks over HTTP', () => {
  it('fire before/after with exact event names, in order', async () => {
    fired.length = 0;
    const created = (await call('POST', '/hooked', { a: 1 })).json;
    await call('GET', `/hooked/${created.id}`);
    await call('PATCH', `/hooked/${created.id}`, { b: 2 });
    await call('PUT', `/hooked/${created.id}`, { c: 3 });
    await call('GET', '/hooked');
    await call('DELETE', `/hooked/${created.id}`);
    const names: ServiceEventName[] = ['created', 'read', 'modified', 'updated', 'indexed', 'removed'];
    expect(fired).toEqual(names.flatMap((n) => [`before ${n}`, `after ${n}`]));
  });

  it('an async before-listener can alter the data, and sees the request', async () => {
    const created = await call('POST', '/hooked', { text: 'x' }, { 'x-stamp': 'from-client' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ text: 'x', stamped: 'from-client' });
  });

  it('a cancelled before-event skips the call and answers with the cancel value', async () => {
    const before = (await call('GET', '/hooked')).json.count as number;
    const cancelled = await call('POST', '/hooked', { secret: true });
    expect(cancelled.status).toBe(201);
    expect(cancelled.json).toEqual({ cancelled: true });
    expect((await call('GET', '/hooked')).json.count).toBe(before);
  });

  it('an after-listener can replace the result; a before-listener can change params', async () => {
    expect((await call('GET', '/hooked')).json).toEqual({ count: expect.any(Number) });
    const created = (await call('POST', '/hooked', { text: 'y' })).json;
    expect((await call('PATCH', `/hooked/${created.id}?ignored=1`, { more: 1 })).json).toMatchObject({ text: 'y', more: 1, touched: true });
  });

  it('an error thrown by a listener goes to the error handler', async () => {
    await call('PUT', '/hooked/protected', { keep: true });
    const refused = await call('DELETE', '/hooked/protected');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This one stays.');
    expect((await call('GET', '/hooked/protected')).status).toBe(200);
  });

  it('a listener that answers itself keeps its response', async () => {
    await call('PUT', '/hooked/teapot', {});
    const response = await call('GET', '/hooked/teapot');
    expect(response.status).toBe(418);
    expect(response.text).toBe('short and stout');
  });

  it('server-side calls run the hooks too, without request or provider', async () => {
    const result = await hooked.create({ text: 'server' });
    expect(result).toMatchObject({ text: 'server', stamped: 'server' });
  });
});

describe('params of REST calls', () => {
  it('carry provider rest, the query, and what middleware put in req.serviceParams', async () => {
    const response = await call('GET', '/echo?a=1&b[c]=2', undefined, { 'x-user': 'ada' });
    expect(response.json).toEqual([{ via: 'rest', query: { a: '1', b: { c: '2' } }, user: 'ada' }]);
    expect(Providers.rest.via).toBe('rest');
  });

  it('AnonymousService answers 405 for functions it was not given', async () => {
    expect((await call('GET', '/echo/7')).json).toEqual({ id: '7' });
    expect((await call('POST', '/echo', {})).status).toBe(405);
    expect((await call('DELETE', '/echo/7')).status).toBe(405);
  });

  it('app.findService finds the hooked service by path, ignoring slashes, also through chain()', () => {
    expect(app.findService('hooked')).toBe(hooked);
    expect(app.findService('/hooked/')).toBe(hooked);
    expect(app.findService('/echo')?.inner).toBe(echo);
    expect(app.findService('/nothing')).toBeUndefined();
  });
});

describe('MemoryService over HTTP: bracket-syntax queries', () => {
  beforeAll(async () => {
    for (const [name, age] of [
      ['Alice', 19],
      ['Bob', 25],
      ['Doug', 32],
      ['Eve', 41],
    ] as const)
      await call('POST', '/people', { name, age });
  });
  const names = async (query: string) => ((await call('GET', `/people?${query}`)).json as Json[]).map((p) => p.name);

  it('operators, sorting, limits and selects work from the query string', async () => {
    expect(await names('age[$gt]=30&$sort[name]=1')).toEqual(['Doug', 'Eve']);
    expect(await names('age[$lte]=25&$sort[age]=-1')).toEqual(['Bob', 'Alice']);
    expect(await names('$sort[name]=-1&$limit=2')).toEqual(['Eve', 'Doug']);
    expect(await names('$sort[name]=1&$skip=1&$limit=1')).toEqual(['Bob']);
    expect(await names('$limit=0')).toEqual([]);
    expect(await names('name[$in][]=Alice&name[$in][]=Eve&$sort[name]=1')).toEqual(['Alice', 'Eve']);
    expect(await names('name[$nin][]=Alice&name[$nin][]=Eve&$sort[name]=1')).toEqual(['Bob', 'Doug']);
    expect(await names('$or[0][name]=Bob&$or[1][age]=41&$sort[name]=1')).toEqual(['Bob', 'Eve']);
    expect(await names('age=25')).toEqual(['Bob']);
    const selected = (await call('GET', '/people?name=Bob&$select[]=name')).json as Json[];
    expect(selected).toEqual([{ id: expect.any(Number), name: 'Bob' }]);
  });

  it('the query constrains by-id calls; a bad query is 400', async () => {
    const bob = ((await call('GET', '/people?name=Bob')).json as Json[])[0];
    expect((await call('GET', `/people/${bob.id}?name=Bob`)).status).toBe(200);
    const mismatch = await call('GET', `/people/${bob.id}?name=Alice`);
    expect(mismatch.status).toBe(404);
    expect((await call('GET', '/people?$limit=many')).status).toBe(400);
    expect((await call('GET', '/people?age[$regex]=1')).status).toBe(400);
  });

  it('remove with a null id is 405 unless multi is allowed', async () => {
    expect((await call('DELETE', '/people/null')).status).toBe(405);
  });
});
