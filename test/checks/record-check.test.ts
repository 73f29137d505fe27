/**
 * Recording a check from an exchange (runtime/course/checks/record-check.ts): what "Add as check" makes of an HTTP,
 * GraphQL and WebSocket exchange, with every field, some fields, or "contains text"; the checks are valid
 * in the lesson format and pass against the program that answered.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/index.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';
import { jsonFields, pickJson } from '../../runtime/course/checks/json-fields.ts';
import { defaultChoices, recordCheck, type HttpExchange } from '../../runtime/course/checks/record-check.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';
import type { CheckRequest, SingleCheck } from '../../runtime/course/format/check-format.ts';

const app = new App();
app.post('/books', async (req, res) => {
  await req.parseBody();
  res.statusCode = 201;
  return { id: 'b7', title: req.bodyAsMap.title, tags: ['sf', 'classic'], author: { name: 'Herbert', born: 1920 } };
});
app.get('/hello', (req, res) => res.write('Hello, world! Welcome.'));
app.post('/graphql', () => ({ data: { books: [{ id: '1', title: 'Dune' }] } }));
const inProcess: typeof fetch = (input, init) => app.fetch(new Request(input, init));
const origin = 'http://localhost:3000';

/** Sends `request` to the app and records the exchange as the response panel would see it. */
async function exchange(request: CheckRequest): Promise<HttpExchange> {
  const { url, method, headers, body } = encodeRequest(requestOfCheck(request), origin);
  const response = await inProcess(url, { method, headers, body });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  return { kind: 'http', request, response: { status: response.status, headers: responseHeaders, body: await response.text() } };
}

describe('jsonFields and pickJson', () => {
  it('list every leaf by dot path and keep only the chosen ones, lists keeping their length', () => {
    const value = {
      id: 'b7',
      tags: ['sf', 'classic'],
      items: [
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ],
      empty: {},
    };
    expect(jsonFields(value).map((f) => f.path)).toEqual([
      'id',
      'tags.0',
      'tags.1',
      'items.0.a',
      'items.0.b',
      'items.1.a',
      'items.1.b',
      'empty',
    ]);
    expect(pickJson(value, new Set(['id', 'items.1.b']))).toEqual({ id: 'b7', items: [{}, { b: 4 }] });
    // A list of plain values cannot say "any value" at one place: left out whole.
    expect(pickJson(value, new Set(['tags.0']))).toEqual({});
    expect(pickJson(value, new Set())).toBeUndefined();
  });

  it('keeps a "__proto__" key as a plain key, never as the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as { ok: number };
    const picked = pickJson(value, new Set(['__proto__.polluted', 'ok'])) as Record<string, unknown>;
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(Object.hasOwn(picked, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('recordCheck', () => {
  it('records an HTTP exchange as request, status, content type and the whole JSON body, which passes', async () => {
    const recorded = await exchange({ method: 'POST', path: '/books', body: { title: 'Dune' } });
    const check = recordCheck(recorded);
    expect(check).toEqual({
      title: 'POST /books answers 201',
      request: { method: 'POST', path: '/books', body: { title: 'Dune' } },
      expect: {
        status: 201,
        headers: { 'content-type': 'application/json' },
        json: { id: 'b7', title: 'Dune', tags: ['sf', 'classic'], author: { name: 'Herbert', born: 1920 } },
      },
    });
    expect(checkIssues(check)).toEqual([]);
    const [result] = await runChecks([check], { origin, fetch: inProcess });
    expect(result.passed).toBe(true);
  });

  it('keeps only the fields the author chose', async () => {
    const recorded = await exchange({ method: 'POST', path: '/books', body: { title: 'Dune' } });
    const check = recordCheck(recorded, { title: 'creates a book', match: { kind: 'json', keep: ['title', 'author.name'] } });
    expect(check).toMatchObject({ title: 'creates a book', expect: { json: { title: 'Dune', author: { name: 'Herbert' } } } });
    expect(checkIssues(check)).toEqual([]);
  });

  it('switches to "contains text", and a text body records the text it contains by default', async () => {
    const recorded = await exchange({ method: 'GET', path: '/hello' });
    expect(recordCheck(recorded)).toEqual({
      title: 'GET /hello answers 200',
      request: { method: 'GET', path: '/hello' },
      expect: { status: 200, headers: { 'content-type': 'text/plain' }, bodyIncludes: 'Hello, world! Welcome.' },
    });
    const check = recordCheck(recorded, { ...defaultChoices(recorded), match: { kind: 'contains', text: 'Welcome' } });
    expect(check).toMatchObject({ expect: { bodyIncludes: 'Welcome' } });
    const [result] = await runChecks([check], { origin, fetch: inProcess });
    expect(result.passed).toBe(true);
  });

  it('records a GraphQL exchange as a POST of the query and the variables it declares, with its data', async () => {
    // The request panel's example variables `{"q": {}}` went along with a query that declares none.
    const recorded = await exchange({ method: 'POST', path: '/graphql', body: { query: '{ books }', variables: { q: {} } } });
    const check = recordCheck(recorded);
    expect(check).toMatchObject({
      request: { method: 'POST', path: '/graphql', body: { query: '{ books }' } },
      expect: { status: 200, json: { data: { books: [{ id: '1', title: 'Dune' }] } } },
    });
    expect((check as SingleCheck).request.body).not.toHaveProperty('variables');
    expect(checkIssues(check)).toEqual([]);
    const query = 'query ($q: JSON, $limit: Int) { books(query: $q, limit: $limit) }';
    const declared = recordCheck(await exchange({ method: 'POST', path: '/graphql', body: { query, variables: { q: {}, other: 1 } } }));
    expect((declared as SingleCheck).request.body).toEqual({ query, variables: { q: {} } });
  });

  it('records unstable fields as captures, which prove they are present, and leaves them out of the comparison', async () => {
    const recorded = await exchange({ method: 'POST', path: '/books', body: { title: 'Dune' } });
    const check = recordCheck(recorded, {
      ...defaultChoices(recorded),
      unstable: [
        { path: 'id', reason: 'changed' },
        { path: 'tags', reason: 'grew' },
      ],
    });
    expect(check).toMatchObject({
      expect: { json: { title: 'Dune', author: { name: 'Herbert', born: 1920 } } },
      capture: { id: 'id', tags_0: 'tags.0', tags_1: 'tags.1' },
    });
    expect((check as { expect: { json: object } }).expect.json).not.toHaveProperty('id');
    expect(checkIssues(check)).toEqual([]);
  });

  it('records WebSocket replies on one connection and events on another as socket steps', () => {
    const reply = recordCheck({
      kind: 'socket',
      path: '/ws',
      sent: { socket: 'a', message: { id: 1, call: 'todos.create', data: { text: 'x' } } },
      received: { socket: 'a', message: { id: 1, result: { id: '0', text: 'x' } } },
    });
    expect(reply).toEqual({
      title: '/ws sends the reply',
      steps: [
        { socket: 'a', send: { id: 1, call: 'todos.create', data: { text: 'x' } }, expect: { id: 1, result: { id: '0', text: 'x' } } },
      ],
    });
    const event = recordCheck(
      {
        kind: 'socket',
        path: '/live',
        sent: { socket: 'a', message: { id: 2, call: 'todos.create', data: { text: 'y' } } },
        received: { socket: 'b', message: { event: 'todos created', data: { id: '1', text: 'y' } } },
      },
      { title: 'B hears about the new todo', match: { kind: 'json' }, unstable: [{ path: 'data.id', reason: 'counted' }] },
    );
    expect(event).toEqual({
      title: 'B hears about the new todo',
      steps: [
        { socket: 'b', path: '/live' },
        { socket: 'a', path: '/live', send: { id: 2, call: 'todos.create', data: { text: 'y' } } },
        { socket: 'b', expect: { event: 'todos created', data: { text: 'y' } }, capture: { data_id: 'data.id' } },
      ],
    });
    expect(checkIssues(reply)).toEqual([]);
    expect(checkIssues(event)).toEqual([]);
  });
});
