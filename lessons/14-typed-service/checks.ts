import { defineChecks } from 'halo/course';

const taxes = { method: 'POST', path: '/todos', body: { text: 'File taxes', due: '2020-04-15T00:00:00.000Z' } } as const;

export default defineChecks([
  {
    title: 'POST /todos answers a plain JSON map, the date as ISO text',
    kind: 'observe',
    request: taxes,
    expect: { status: 201, json: { text: 'File taxes', done: false, due: '2020-04-15T00:00:00.000Z' }, bodyIncludes: '"created_at":"' },
  },
  {
    title: 'GET /todos/:id/late: a todo due in 2020 is late',
    steps: [
      { request: taxes, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}/late' }, expect: { status: 200, json: { id: '{{id}}', late: true } } },
    ],
  },
  {
    title: 'GET /todos/:id/late: a todo due in 2999 is not late',
    steps: [
      { request: { method: 'POST', path: '/todos', body: { text: 'Visit Mars', due: '2999-01-01T00:00:00.000Z' } }, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}/late' }, expect: { status: 200, json: { late: false } } },
    ],
  },
  {
    title: 'A done todo is never late',
    steps: [
      { request: { method: 'POST', path: '/todos', body: { text: 'Old news', due: '2001-01-01T00:00:00.000Z', done: true } }, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}/late' }, expect: { status: 200, json: { late: false } } },
    ],
  },
  {
    title: 'created_at came back as a Date: the todo knows its age in seconds',
    steps: [
      { request: taxes, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}/late' }, expect: { status: 200, bodyIncludes: '"age_s":' } },
    ],
  },
]);
