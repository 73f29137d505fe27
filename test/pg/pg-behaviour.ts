/**
 * PgService behaviour over real sockets, shared by the PGlite and node-postgres test files: MapService's
 * rules, the query language in the query string, ids from a sequence, bound parameters against
 * injection, SQL errors as HttpExceptions, and 100 concurrent PATCHes to one record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, PgService } from '../../runtime/framework/index.ts';
import type { PgDriver } from '../../runtime/framework/index.ts';
import { callJson, serveApp } from '../support/serve-app.ts';
import type { ServedApp } from '../support/serve-app.ts';

type Json = Record<string, unknown>;

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Registers the behaviour tests for PgServices on `database()` (called in beforeAll); `prefix` keeps table names apart. */
export function describePgBehaviour(label: string, database: () => PgDriver, prefix: string): void {
  describe(`PgService behaviour (${label})`, () => {
    let server: ServedApp;
    let todos: PgService;
    const table = (name: string): string => `${prefix}_${name}`;

    beforeAll(async () => {
      const db = database();
      const app = new App();
      todos = new PgService({ table: table('todos'), database: db, rules: 'map' });
      app.use('/todos', todos).before('created', (event) => {
        event.data = { done: false, ...event.data };
      });
      app.use('/open', new PgService({ table: table('open'), database: db, allowRemoveAll: true, rules: 'map' }));
      app.use('/people', new PgService({ table: table('people'), database: db, paginate: { default: 2, max: 3 } }));
      app.use('/camel', new PgService({ table: table('camel'), database: db, autoSnakeCaseNames: false }));
      server = await serveApp(app);
    });
    afterAll(() => server?.close());

    // Status and body only: the assertions compare the whole reply.
    async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json & Json[] }> {
      const { status, json } = await callJson(server.uri, method, path, body);
      return { status, json };
    }

    it('creates with 201, a string id from the sequence and ISO timestamps; reads it back; hooks run', async () => {
      const created = await call('POST', '/todos', { text: 'Buy milk' });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ text: 'Buy milk', done: false, id: expect.stringMatching(/^\d+$/) });
      expect(created.json.created_at).toMatch(ISO_UTC);
      expect(created.json.updated_at).toBe(created.json.created_at);
      expect((await call('GET', `/todos/${created.json.id}`)).json).toEqual(created.json);
      const camel = await call('POST', '/camel', { a: 1 });
      expect(camel.json.createdAt).toMatch(ISO_UTC);
      expect(camel.json).not.toHaveProperty('created_at');
    });

    it('modify merges, update replaces (keeping id and created_at); both create a missing id', async () => {
      const { json: made } = await call('POST', '/todos', { text: 'a', tag: 'x' });
      const modified = await call('PATCH', `/todos/${made.id}`, { done: true, id: 'ignored', created_at: 'ignored' });
      expect(modified.json).toMatchObject({ id: made.id, text: 'a', tag: 'x', done: true, created_at: made.created_at });
      const updated = await call('PUT', `/todos/${made.id}`, { text: 'b' });
      expect(updated.json).toEqual({ id: made.id, text: 'b', created_at: made.created_at, updated_at: expect.stringMatching(ISO_UTC) });
      expect((await call('PATCH', '/todos/chosen', { text: 'c' })).json).toMatchObject({ id: 'chosen', text: 'c' });
      expect((await call('POST', '/todos/chosen2', { text: 'd' })).json).toMatchObject({ id: 'chosen2', text: 'd' });
      // `null` is no id: PATCH/PUT /null create a record with a new id, as MapService does.
      expect((await call('PATCH', '/todos/null', { text: 'e' })).json).toMatchObject({ id: expect.stringMatching(/^\d+$/), text: 'e' });
      expect((await call('PUT', '/todos/null', { text: 'f' })).json).toMatchObject({ id: expect.stringMatching(/^\d+$/), text: 'f' });
    });

    it('never repeats an id, even one a modify created', async () => {
      const first = (await call('POST', '/open', {})).json.id as string;
      const next = String(Number(first) + 1);
      await call('PATCH', `/open/${next}`, { taken: true });
      await call('DELETE', `/open/${first}`);
      const after = (await call('POST', '/open', {})).json.id as string;
      expect([first, next]).not.toContain(after);
      expect(Number(after)).toBeGreaterThan(Number(next));
    });

    it('answers 404 "No record found for ID <id>" for a missing record on read and remove', async () => {
      expect((await call('GET', '/todos/nope')).json).toMatchObject({ status_code: 404, message: 'No record found for ID nope' });
      expect((await call('DELETE', '/todos/nope')).status).toBe(404);
      const { json: made } = await call('POST', '/todos', { text: 'gone' });
      expect((await call('DELETE', `/todos/${made.id}`)).json).toMatchObject({ id: made.id, text: 'gone' });
      expect((await call('GET', `/todos/${made.id}`)).status).toBe(404);
    });

    it('refuses remove-all to clients (403) unless allowRemoveAll; server-side it clears and returns {}', async () => {
      expect((await call('DELETE', '/todos')).json).toMatchObject({
        status_code: 403,
        message: 'Clients are not allowed to delete all items.',
      });
      expect((await call('DELETE', '/todos/null')).status).toBe(403);
      expect(((await call('GET', '/todos')).json as Json[]).length).toBeGreaterThan(0);
      await call('POST', '/open', { x: 1 });
      expect(await call('DELETE', '/open')).toEqual({ status: 200, json: {} });
      expect((await call('GET', '/open')).json).toEqual([]);
      await todos.create({ text: 'soon gone' });
      expect(await todos.remove(null)).toEqual({});
      expect(await todos.index()).toEqual([]);
    });

    it('translates the query language: equality with coercion, operators, $sort, $select, pagination', async () => {
      const people = [
        { name: 'Ada', age: 36, city: 'London', admin: true },
        { name: 'Alan', age: 41, city: 'London', admin: false },
        { name: 'Grace', age: 85, city: 'New York', admin: false },
        { name: 'Linus', age: 28, city: 'Helsinki', admin: null },
      ];
      for (const person of people) await call('POST', '/people', person);
      const names = (res: { json: Json }): unknown[] => (res.json.data as Json[]).map((p) => p.name);
      expect(await call('GET', '/people')).toMatchObject({ status: 200, json: { total: 4, limit: 2, skip: 0 } });
      expect(names(await call('GET', '/people?$sort[name]=1&$skip=2'))).toEqual(['Grace', 'Linus']);
      expect(names(await call('GET', '/people?age[$gt]=40&$sort[age]=-1'))).toEqual(['Grace', 'Alan']);
      expect(names(await call('GET', '/people?age[$gte]=36&age[$lt]=50&$sort[age]=1'))).toEqual(['Ada', 'Alan']);
      expect(names(await call('GET', '/people?admin=true'))).toEqual(['Ada']);
      expect(names(await call('GET', '/people?admin=null'))).toEqual(['Linus']);
      expect(names(await call('GET', '/people?age=41'))).toEqual(['Alan']);
      expect(names(await call('GET', '/people?city[$in][]=Helsinki&city[$in][]=New%20York&$sort[age]=1'))).toEqual(['Linus', 'Grace']);
      expect(names(await call('GET', '/people?city[$nin][]=London&$sort[name]=-1'))).toEqual(['Linus', 'Grace']);
      expect(names(await call('GET', '/people?$or[0][name]=Ada&$or[1][age][$gt]=80&$sort[name]=1'))).toEqual(['Ada', 'Grace']);
      expect(names(await call('GET', '/people?name[$ne]=Ada&city=London'))).toEqual(['Alan']);
      expect(names(await call('GET', '/people?name[$lt]=B&$sort[name]=1'))).toEqual(['Ada', 'Alan']);
      expect((await call('GET', '/people?$limit=10')).json.limit).toBe(3);
      const selected = await call('GET', '/people?$select[]=name&$sort[name]=1&$limit=1');
      expect(selected.json.data).toEqual([{ name: 'Ada', id: expect.any(String) }]);
      const [ada] = (await call('GET', '/people?name=Ada')).json.data as Json[];
      expect((await call('GET', `/people?id=${ada.id}`)).json.total).toBe(1);
      expect((await call('GET', `/people/${ada.id}?name=Alan`)).status).toBe(404);
    });

    it('answers a malformed query with 400, and never lets query text into the SQL', async () => {
      expect((await call('GET', '/people?age[$regex]=x')).json).toMatchObject({
        status_code: 400,
        message: 'Invalid query operator $regex.',
      });
      expect((await call('GET', '/people?$limit=abc')).status).toBe(400);
      const hostile = encodeURIComponent(`x'); DROP TABLE ${table('people')}; --`);
      expect((await call('GET', `/people?name=${hostile}`)).json).toMatchObject({ total: 0 });
      expect((await call('GET', `/people?${hostile}=1`)).json).toMatchObject({ total: 0 });
      expect((await call('GET', `/people?$sort[${hostile}]=1`)).status).toBe(200);
      expect((await call('GET', `/people/${hostile}`)).status).toBe(404);
      expect((await call('GET', '/people')).json.total).toBe(4);
    });

    it('turns a SQL error into a clear HttpException, and keeps serving', async () => {
      // PostgreSQL's jsonb cannot hold the NUL character: the statement fails, the client gets a 400.
      const bad = await call('POST', '/todos', { text: 'nul \u0000 here' });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toMatch(/^Database error: /);
      expect((await call('POST', '/todos', { text: 'fine' })).status).toBe(201);
      expect((await call('POST', '/todos', [1, 2])).status).toBe(400);
    });

    it('keeps every field of 100 concurrent PATCHes to one record', async () => {
      const { json: made } = await call('POST', '/todos', { text: 'busy' });
      const patches = Array.from({ length: 100 }, (_, i) => call('PATCH', `/todos/${made.id}`, { [`f${i}`]: i }));
      const results = await Promise.all(patches);
      expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
      const { json: final } = await call('GET', `/todos/${made.id}`);
      for (let i = 0; i < 100; i++) expect(final[`f${i}`], `f${i}`).toBe(i);
      expect(final).toMatchObject({ text: 'busy', done: false, id: made.id, created_at: made.created_at });
    });

    it('100 concurrent PATCHes to a missing id create it once and keep every field', async () => {
      const patches = Array.from({ length: 100 }, (_, i) => call('PATCH', '/todos/fresh', { [`g${i}`]: i }));
      expect((await Promise.all(patches)).map((r) => r.status)).toEqual(Array(100).fill(200));
      const { json: final } = await call('GET', '/todos/fresh');
      for (let i = 0; i < 100; i++) expect(final[`g${i}`], `g${i}`).toBe(i);
    });
  });
}
