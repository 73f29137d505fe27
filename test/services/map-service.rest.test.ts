import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, MapService } from '../../runtime/framework/index.ts';
import { callJson, serveApp } from '../support/serve-app.ts';
import type { ServedApp } from '../support/serve-app.ts';

type Json = Record<string, unknown>;

let server: ServedApp;
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  const app = new App();
  app.use('/todos', new MapService());
  app.use('/open', new MapService({ allowRemoveAll: true }));
  app.use('/noquery', new MapService({ allowQuery: false }));
  app.use('/camel', new MapService({ autoSnakeCaseNames: false }));
  server = await serveApp(app);
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) => callJson(server.uri, method, path, body);

describe('MapService over HTTP', () => {
  it('POST / creates with status 201, id "0", then "1", and equal ISO-UTC timestamps', async () => {
    const first = await call('POST', '/todos', { text: 'a' });
    expect(first.status).toBe(201);
    expect(first.type).toBe('application/json');
    expect(first.json).toMatchObject({ text: 'a', id: '0' });
    expect(first.json.created_at).toMatch(ISO_UTC);
    expect(first.json.updated_at).toBe(first.json.created_at);
    expect((await call('POST', '/todos', { text: 'b' })).json.id).toBe('1');
  });

  it('GET / lists and GET /:id reads; a missing id is 404 "No record found for ID <id>"', async () => {
    const list = await call('GET', '/todos');
    expect(list.status).toBe(200);
    expect(list.json.map((t: Json) => t.text)).toEqual(['a', 'b']);
    expect((await call('GET', '/todos/1')).json).toMatchObject({ id: '1', text: 'b' });
    const missing = await call('GET', '/todos/99');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('No record found for ID 99');
  });

  it('PATCH /:id merges; PUT /:id and POST /:id replace, keeping id and created_at', async () => {
    const created = (await call('POST', '/todos', { text: 'c', done: false, tag: 'x' })).json;
    const id = created.id as string;
    const modified = await call('PATCH', `/todos/${id}`, { done: true });
    expect(modified.status).toBe(200);
    expect(modified.json).toMatchObject({ id, text: 'c', done: true, tag: 'x', created_at: created.created_at });
    const updated = await call('PUT', `/todos/${id}`, { text: 'C' });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id, text: 'C', created_at: created.created_at });
    expect(updated.json).not.toHaveProperty('done');
    expect(updated.json).not.toHaveProperty('tag');
    const posted = await call('POST', `/todos/${id}`, { title: 'only this' });
    expect(posted.json).toMatchObject({ id, title: 'only this' });
    expect(posted.json).not.toHaveProperty('text');
    expect((await call('GET', `/todos/${id}`)).json).toEqual(posted.json);
  });

  it('PATCH and PUT of a missing id create the item with that id (status 200)', async () => {
    const patched = await call('PATCH', '/todos/p42', { text: 'patched in' });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id: 'p42', text: 'patched in' });
    expect(patched.json.created_at).toMatch(ISO_UTC);
    const put = await call('PUT', '/todos/u43', { text: 'put in' });
    expect(put.json).toMatchObject({ id: 'u43', text: 'put in' });
    expect((await call('GET', '/todos/u43')).json).toEqual(put.json);
  });

  it('PUT and PATCH of /null create with a new id', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const created = await call(method, '/todos/null', { text: method });
      expect(created.status).toBe(200);
      expect(created.json.id).toMatch(/^\d+$/);
      expect((await call('GET', `/todos/${created.json.id}`)).json.text).toBe(method);
    }
  });

  it('DELETE /:id returns the removed item; it is gone afterwards; ids are never reused', async () => {
    const created = (await call('POST', '/todos', { text: 'gone soon' })).json;
    const removed = await call('DELETE', `/todos/${created.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual(created);
    expect((await call('GET', `/todos/${created.id}`)).status).toBe(404);
    expect((await call('DELETE', `/todos/${created.id}`)).json.message).toBe(`No record found for ID ${created.id}`);
    const next = (await call('POST', '/todos', { text: 'next' })).json;
    expect(Number(next.id)).toBe(Number(created.id) + 1);
  });

  it('DELETE / and DELETE /null are 403 for clients unless allowRemoveAll', async () => {
    for (const path of ['/todos', '/todos/null']) {
      const refused = await call('DELETE', path);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('Clients are not allowed to delete all items.');
    }
    expect((await call('GET', '/todos')).json.length).toBeGreaterThan(0);

    await call('POST', '/open', { n: 1 });
    const cleared = await call('DELETE', '/open/null');
    expect(cleared.status).toBe(200);
    expect(cleared.json).toEqual({});
    expect((await call('GET', '/open')).json).toEqual([]);
    await call('POST', '/open', { n: 2 });
    expect((await call('DELETE', '/open')).json).toEqual({});
    expect((await call('GET', '/open')).json).toEqual([]);
  });

  it('GET / filters by the query when allowQuery (strings also match numbers and booleans), not otherwise', async () => {
    await call('POST', '/todos', { text: 'q', list: 'home', done: true, rank: 2 });
    await call('POST', '/todos', { text: 'r', list: 'work', done: false, rank: 3 });
    expect((await call('GET', '/todos?list=home')).json.map((t: Json) => t.text)).toEqual(['q']);
    expect((await call('GET', '/todos?done=false&rank=3')).json.map((t: Json) => t.text)).toEqual(['r']);
    expect((await call('GET', '/todos?list=home&done=false')).json).toEqual([]);
    expect((await call('GET', '/todos?nosuchfield=1')).json).toEqual([]);

    await call('POST', '/noquery', { list: 'home' });
    await call('POST', '/noquery', { list: 'work' });
    expect((await call('GET', '/noquery?list=home')).json).toHaveLength(2);
  });

  it('PUT / and PATCH / are 404', async () => {
    expect((await call('PUT', '/todos', { a: 1 })).status).toBe(404);
    expect((await call('PATCH', '/todos', { a: 1 })).status).toBe(404);
  });

  it('autoSnakeCaseNames: false names the timestamps createdAt/updatedAt', async () => {
    const created = (await call('POST', '/camel', { a: 1 })).json;
    expect(created.createdAt).toMatch(ISO_UTC);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(created).not.toHaveProperty('created_at');
  });

  it('create, modify and update accept urlencoded and multipart bodies', async () => {
    const formCreated = await fetch(`${server.uri}/todos`, { method: 'POST', body: new URLSearchParams({ text: 'from a form' }) });
    expect(formCreated.status).toBe(201);
    const created = (await formCreated.json()) as Json;
    expect(created.text).toBe('from a form');

    const multipart = new FormData();
    multipart.set('note', 'multipart');
    const modified = (await (await fetch(`${server.uri}/todos/${created.id}`, { method: 'PATCH', body: multipart })).json()) as Json;
    expect(modified).toMatchObject({ id: created.id, text: 'from a form', note: 'multipart' });

    const updated = (await (
      await fetch(`${server.uri}/todos/${created.id}`, { method: 'PUT', body: new URLSearchParams({ text: 'replaced' }) })
    ).json()) as Json;
    expect(updated).toMatchObject({ id: created.id, text: 'replaced' });
    expect(updated).not.toHaveProperty('note');

    const multiCreated = new FormData();
    multiCreated.set('text', 'multipart create');
    const response = await fetch(`${server.uri}/todos`, { method: 'POST', body: multiCreated });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Json).text).toBe('multipart create');
  });

  it('a body that is not an object is a 400', async () => {
    const response = await call('POST', '/todos', [1, 2]);
    expect(response.status).toBe(400);
  });
});
