import { defineChecks } from 'halo/course';

const create = { method: 'POST', path: '/todos', bodyType: 'json', body: { text: 'Water the plants' } } as const;

export default defineChecks([
  {
    title: 'POST /todos creates a todo: 201 with an id and timestamps',
    kind: 'observe',
    request: create,
    expect: { status: 201, json: { text: 'Water the plants', done: false }, bodyIncludes: ['"id":"', '"created_at":"', '"updated_at":"'] },
  },
  {
    title: 'Todos created and changed before a restart of the program are still there after it',
    steps: [
      { request: { ...create, body: { text: 'Survive a restart' } }, expect: { status: 201 }, capture: { kept: 'id' } },
      { request: create, expect: { status: 201 }, capture: { changed: 'id' } },
      { request: { method: 'PATCH', path: '/todos/{{changed}}', body: { done: true } }, expect: { status: 200, json: { done: true } } },
      {
        restartFirst: true,
        request: { method: 'GET', path: '/todos/{{kept}}' },
        expect: { status: 200, json: { id: '{{kept}}', text: 'Survive a restart', done: false } },
      },
      { request: { method: 'GET', path: '/todos/{{changed}}' }, expect: { status: 200, json: { text: 'Water the plants', done: true } } },
    ],
  },
  {
    title: 'The query language works on the table: ?done=true&$limit=1',
    steps: [
      { request: create, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'PATCH', path: '/todos/{{id}}', body: { done: true } }, expect: { status: 200 } },
      { request: { method: 'GET', path: '/todos?done=true&$limit=1' }, expect: { status: 200, json: [{ done: true }] } },
    ],
  },
]);
