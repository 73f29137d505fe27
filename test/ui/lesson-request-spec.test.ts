import { describe, expect, it } from 'vitest';
import { specFromCheck } from '../../web/exchange/request/spec-from-check.ts';
import { specFromChecks } from '../../web/exchange/request/prefill-request.ts';
import { requestOfHttpBlock } from '../../web/lessons/course/http-block.ts';
import { builtCourse } from '../support/built-course.ts';
import { buildRequest } from '../../web/exchange/request/panel-request.ts';
import { defaultRequest } from '../../web/exchange/request/request-model.ts';
import { stepsOf } from '../../runtime/course/format/check-format.ts';

const { findLesson, lessons } = builtCourse;

const ORIGIN = 'http://localhost:3000';

describe("the request panel set from a lesson's check", () => {
  it('copies method and path, and keeps the Accept row', () => {
    const spec = specFromCheck({ method: 'get', path: '/todos?done=true' });
    expect(spec).toMatchObject({ method: 'GET', path: '/todos?done=true', bodyType: 'none' });
    expect(spec.headers.map((h) => [h.name, h.value])).toEqual([['Accept', '*/*']]);
  });

  it('puts a JSON body in the JSON editor, pretty-printed', () => {
    const spec = specFromCheck({ method: 'POST', path: '/greet', bodyType: 'json', body: { name: 'Ada' } });
    expect(spec.bodyType).toBe('json');
    expect(JSON.parse(spec.json)).toEqual({ name: 'Ada' });
    expect(buildRequest(spec, ORIGIN).body).toBe(spec.json);
  });

  it('turns form and multipart bodies into rows, a check file into a chosen file', () => {
    const form = specFromCheck({ method: 'POST', path: '/greet', bodyType: 'form', body: { name: 'Grace' } });
    expect(form.form.map((r) => [r.name, r.value])).toEqual([['name', 'Grace']]);
    const multipart = specFromCheck({
      method: 'POST',
      path: '/upload',
      bodyType: 'multipart',
      body: { title: 'Notes', file: { filename: 'notes.txt', content: 'hi', contentType: 'text/plain' } },
    });
    expect(multipart.multipart.map((r) => [r.kind, r.name, r.value])).toEqual([
      ['text', 'title', 'Notes'],
      ['file', 'file', ''],
    ]);
    expect(multipart.multipart[1].file?.name).toBe('notes.txt');
  });

  it('replaces Accept and adds other headers from the check', () => {
    const spec = specFromCheck({ method: 'GET', path: '/', headers: { accept: 'text/html', 'x-token': 'abc' } });
    expect(spec.headers.map((h) => [h.name, h.value])).toEqual([
      ['Accept', 'text/html'],
      ['x-token', 'abc'],
    ]);
  });

  it("gives a panel request for every lesson's first check", () => {
    for (const lesson of lessons) {
      const request = stepsOf(lesson.checks[0])[0].request;
      const built = buildRequest(specFromCheck(request), ORIGIN);
      expect(built.method, lesson.id).toBe(request.method.toUpperCase());
      expect(built.url, lesson.id).toBe(new URL(request.path, ORIGIN).href);
    }
  });

  it("opens lesson 20's WebSocket mode on the lesson's own service, and lesson 21's GraphQL body on its own mutation", () => {
    const socket = specFromChecks(findLesson('20-real-time-events')!.checks);
    expect(socket.socketPath).toBe('/ws');
    expect(JSON.parse(socket.socketMessage)).toMatchObject({ id: 1, call: 'messages.create', data: { text: expect.any(String) } });
    const graphql = specFromChecks(findLesson('21-graphql-over-services')!.checks);
    expect(graphql.graphql).toContain('booksCreate(data: $book)');
    expect(JSON.parse(graphql.variables)).toMatchObject({ book: { title: expect.any(String) } });
    // The lessons without either keep the samples.
    expect(specFromChecks(findLesson('04-bodies')!.checks)).toMatchObject({
      graphql: defaultRequest().graphql,
      socketMessage: defaultRequest().socketMessage,
    });
  });

  it('selects the GraphQL body for a GraphQL operation, written as JSON text or as a check body', () => {
    const block = requestOfHttpBlock('POST /graphql\ncontent-type: application/json\n\n{"query":"{ books }"}')!;
    const spec = specFromCheck(block);
    expect(spec).toMatchObject({ method: 'POST', path: '/graphql', bodyType: 'graphql', graphql: '{ books }', variables: '' });
    expect(JSON.parse(buildRequest(spec, ORIGIN).body as string)).toEqual({ query: '{ books }' });
    const check = specFromCheck({
      method: 'POST',
      path: '/graphql',
      body: { query: 'query ($id: ID!) { booksRead(id: $id) }', variables: { id: '0' } },
    });
    expect(check).toMatchObject({ bodyType: 'graphql', graphql: 'query ($id: ID!) { booksRead(id: $id) }' });
    expect(JSON.parse(check.variables)).toEqual({ id: '0' });
    // A JSON body elsewhere stays JSON.
    expect(specFromCheck({ method: 'POST', path: '/books', body: { query: 'x' } }).bodyType).toBe('json');
  });
});
