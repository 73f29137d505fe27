import { defineChecks } from 'halo/course';

const create = { method: 'POST', path: '/todos', bodyType: 'json', body: { text: 'Buy milk' } } as const;

export default defineChecks([
  {
    title: 'POST /todos creates a todo: 201 with a new id',
    request: create,
    expect: { status: 201, headers: { 'content-type': 'application/json' }, json: { text: 'Buy milk' } },
    capture: { id: 'id' },
  },
  {
    title: 'A new todo gets created_at and updated_at',
    request: create,
    expect: { status: 201, bodyIncludes: ['"created_at":"', '"updated_at":"'] },
  },
  {
    title: 'GET /todos/:id reads the todo back',
    steps: [
      { request: create, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}' }, expect: { status: 200, json: { id: '{{id}}', text: 'Buy milk' } } },
    ],
  },
  {
    title: 'GET /todos lists the todos',
    steps: [
      { request: create, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos' }, expect: { status: 200, bodyIncludes: ['[', '"id":"{{id}}"'] } },
    ],
  },
  {
    title: 'DELETE /todos/:id removes the todo and answers it',
    steps: [
      { request: create, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'DELETE', path: '/todos/{{id}}' }, expect: { status: 200, json: { id: '{{id}}', text: 'Buy milk' } } },
      { request: { method: 'GET', path: '/todos/{{id}}' }, expect: { status: 404 } },
    ],
  },
  {
    title: 'GET /todos/nope, a todo that does not exist, is a 404 that says so',
    request: { method: 'GET', path: '/todos/nope' },
    expect: { status: 404, json: { is_error: true, message: 'No record found for ID nope' } },
  },
]);
