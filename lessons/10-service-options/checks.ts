import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /todos?list=chores&done=true keeps only the matching todos',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/sweep', body: { list: 'chores', done: true } }, expect: { status: 200 } },
      { request: { method: 'PUT', path: '/todos/dust', body: { list: 'chores', done: false } }, expect: { status: 200 } },
      { request: { method: 'GET', path: '/todos?list=chores&done=true' }, expect: { status: 200, json: [{ id: 'sweep', done: true }] } },
    ],
  },
  {
    title: 'DELETE /todos/null is refused with a 403 and removes nothing',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/keep-me', body: { text: 'Still here' } }, expect: { status: 200 } },
      { request: { method: 'DELETE', path: '/todos/null' }, expect: { status: 403, json: { status_code: 403, message: 'Clients are not allowed to delete all items.' } } },
      { request: { method: 'GET', path: '/todos/keep-me' }, expect: { status: 200, json: { text: 'Still here' } } },
    ],
  },
  {
    title: 'DELETE /todos without an id is refused the same way',
    kind: 'observe',
    request: { method: 'DELETE', path: '/todos' },
    expect: { status: 403 },
  },
  {
    title: 'GET /scratch ignores the query string',
    steps: [
      { request: { method: 'PUT', path: '/scratch/note', body: { n: 1 } }, expect: { status: 200 } },
      { request: { method: 'GET', path: '/scratch?n=7' }, expect: { status: 200, bodyIncludes: '"id":"note"' } },
    ],
  },
  {
    title: 'DELETE /scratch/null wipes the scratch pad',
    steps: [
      { request: { method: 'PUT', path: '/scratch/note', body: { n: 1 } }, expect: { status: 200 } },
      { request: { method: 'DELETE', path: '/scratch/null' }, expect: { status: 200, json: {} } },
      { request: { method: 'GET', path: '/scratch' }, expect: { status: 200, json: [] } },
    ],
  },
  {
    title: 'toId turns the text null into the value null',
    kind: 'observe',
    request: { method: 'GET', path: '/ids/null' },
    expect: { status: 200, json: { raw: 'null', id: null } },
  },
  {
    title: 'toId keeps any other id as text',
    kind: 'observe',
    request: { method: 'GET', path: '/ids/42' },
    expect: { status: 200, json: { raw: '42', id: '42' } },
  },
]);
