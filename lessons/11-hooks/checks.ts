import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /todos trims the text and fills in done: false',
    request: { method: 'POST', path: '/todos', body: { text: '  Buy milk  ' } },
    expect: { status: 201, json: { text: 'Buy milk', done: false } },
  },
  {
    title: 'A todo the client marked done stays done',
    kind: 'observe',
    request: { method: 'POST', path: '/todos', body: { text: 'Walk', done: true } },
    expect: { status: 201, json: { text: 'Walk', done: true } },
  },
  {
    title: 'POST /todos without a text is refused with a 400',
    request: { method: 'POST', path: '/todos', body: { text: '   ' } },
    expect: { status: 400, json: { status_code: 400, message: 'A todo needs a text.' } },
  },
  {
    title: 'GET /todos/:id answers a summary',
    steps: [
      { request: { method: 'POST', path: '/todos', body: { text: 'Buy milk' } }, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'GET', path: '/todos/{{id}}' }, expect: { status: 200, json: { id: '{{id}}', text: 'Buy milk', summary: 'Buy milk (open)' } } },
    ],
  },
  {
    title: 'DELETE /todos/pinned is cancelled: the pinned todo stays',
    steps: [
      { request: { method: 'PUT', path: '/todos/pinned', body: { text: 'Read the docs' } }, expect: { status: 200 } },
      { request: { method: 'DELETE', path: '/todos/pinned' }, expect: { status: 200, json: { id: 'pinned', removed: false } } },
      { request: { method: 'GET', path: '/todos/pinned' }, expect: { status: 200, json: { text: 'Read the docs' } } },
    ],
  },
  {
    title: 'Other todos can still be removed',
    kind: 'observe',
    steps: [
      { request: { method: 'POST', path: '/todos', body: { text: 'Temporary' } }, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'DELETE', path: '/todos/{{id}}' }, expect: { status: 200, json: { id: '{{id}}', text: 'Temporary' } } },
    ],
  },
  {
    title: "The trace of DELETE /todos/pinned: the 'removed' before-hook cancelled the call, so remove never ran",
    steps: [
      { request: { method: 'PUT', path: '/todos/pinned', body: { text: 'Read the docs' } }, expect: { status: 200 } },
      {
        request: { method: 'DELETE', path: '/todos/pinned' },
        expect: {
          status: 200,
          trace: {
            inOrder: [
              { kind: 'service', name: 'todos.remove' },
              { kind: 'hook', name: 'before removed', outcome: 'cancelled' },
              { kind: 'method', name: 'remove', outcome: 'skipped' },
            ],
          },
        },
      },
    ],
  },
]);
